import { pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

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
