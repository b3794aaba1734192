import { index, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The local BankID RP API emulation's orders (STUGA_SANDBOX=1 only): what the BankID app would hold.
 * Kept in the database so that every instance's emulation answers for every order.
 */
export const sandboxBankidOrders = pgTable(
  'sandbox_bankid_orders',
  {
    orderRef: varchar('order_ref', { length: 64 }).primaryKey(),
    autoStartToken: varchar('auto_start_token', { length: 64 }).notNull(),
    qrStartToken: varchar('qr_start_token', { length: 64 }).notNull(),
    qrStartSecret: varchar('qr_start_secret', { length: 64 }).notNull(),
    endUserIp: varchar('end_user_ip', { length: 64 }).notNull(),
    status: varchar('status', { length: 12 }).$type<'pending' | 'failed' | 'complete'>().notNull().default('pending'),
    hintCode: varchar('hint_code', { length: 40 }).notNull().default('outstandingTransaction'),
    personalNumber: varchar('personal_number', { length: 12 }),
    givenName: varchar('given_name', { length: 255 }),
    surname: varchar('surname', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sandbox_bankid_orders_autostart_key').on(t.autoStartToken)],
);

/**
 * The MangoPay emulation's users, bank accounts and KYC documents (providers/mangopay-emulation.ts):
 * each one the JSON MangoPay would answer for it, under MangoPay's kind of id.
 */
export const sandboxMangoObjects = pgTable(
  'sandbox_mango_objects',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    kind: varchar('kind', { length: 20 }).notNull(),
    ownerId: varchar('owner_id', { length: 40 }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_mango_objects_owner_idx').on(t.ownerId, t.kind)],
);
