import 'server-only';
import type { Db } from './client';
import { moneyIntents, orders, payins, sandboxTransactions } from './schema';

type StayMoney = {
  /** The demo booking's serial, in the sandbox's provider ids. */
  serial: string;
  bookingId: number;
  price: number;
  /** What the host keeps (the price less the platform's fee). */
  keep: number;
  refund: number | null;
  paidAt: Date;
  cancelledAt: Date | null;
  paidOutAt: Date | null;
  host: number;
  guest: number;
};

const minutes = (d: Date, n: number) => new Date(d.getTime() + n * 60_000);

/**
 * A paid demo stay's money, as the payment provider and the money job left it: the sandbox's
 * transactions, the pay-in, the done refund and payout intents, and their receipts (SPEC §3 Order):
 * the guest's payment and refund, the host's payout and the platform's fee.
 */
export async function seedStayMoney(db: Db, { serial, bookingId, price, keep, refund, paidAt, cancelledAt, paidOutAt, host, guest }: StayMoney) {
  const payinId = `sbx_payin_demo${serial}`;
  const refundId = refund ? `sbx_refund_demo${serial}` : null;
  const startedAt = minutes(paidAt, -2);
  await db.insert(sandboxTransactions).values([
    {
      id: payinId,
      kind: 'PAYIN',
      amount: price,
      cardType: 'CB_VISA_MASTERCARD',
      returnUrl: `/dashboard/payment-return/${bookingId}`,
      status: 'SUCCEEDED',
      resultCode: '000000',
      resultMessage: 'Success',
      createdAt: startedAt,
    },
    ...(refundId && cancelledAt
      ? [{ id: refundId, kind: 'REFUND' as const, amount: refund!, status: 'SUCCEEDED' as const, resultCode: '000000', resultMessage: 'Success', createdAt: cancelledAt }]
      : []),
    ...(paidOutAt
      ? [{ id: `sbx_payout_demo${serial}`, kind: 'PAYOUT' as const, amount: keep, status: 'SUCCEEDED' as const, resultCode: '000000', resultMessage: 'Success', createdAt: paidOutAt }]
      : []),
  ]);
  const [payinRow] = await db
    .insert(payins)
    .values({
      bookingId,
      userId: guest,
      provider: 'sandbox',
      providerId: payinId,
      cardType: 'CB_VISA_MASTERCARD',
      amount: price,
      status: 'SUCCEEDED',
      resultCode: '000000',
      resultMessage: 'Success',
      refundProviderId: refundId,
      refundedAmount: refund || null,
      createdAt: startedAt,
      settledAt: paidAt,
    })
    .returning({ id: payins.id });
  // The money moved as the money job records it (intents done), and its receipts (SPEC §3 Order):
  // the guest's payment and refund, the host's payout and the platform's fee.
  const done = { status: 'SUCCEEDED' as const, bookingId, attempts: 1 };
  const [refundIntent] =
    refund && cancelledAt
      ? await db
          .insert(moneyIntents)
          .values({
            ...done,
            kind: 'REFUND',
            purpose: 'CANCEL',
            payinId: payinRow!.id,
            userId: guest,
            amount: refund,
            idempotencyKey: `demo-refund-${serial}`,
            providerId: refundId,
            createdAt: cancelledAt,
            doneAt: cancelledAt,
          })
          .returning({ id: moneyIntents.id })
      : [];
  const [payoutIntent] = paidOutAt
    ? await db
        .insert(moneyIntents)
        .values({
          ...done,
          kind: 'PAYOUT',
          purpose: 'STAY',
          userId: host,
          amount: keep,
          idempotencyKey: `demo-payout-${serial}`,
          providerId: `sbx_payout_demo${serial}`,
          createdAt: paidOutAt,
          doneAt: paidOutAt,
        })
        .returning({ id: moneyIntents.id })
    : [];
  const receipt = { status: 'paid' as const, source: 'mangopay' as const, bookingId };
  await db
    .insert(orders)
    .values([
      { ...receipt, userId: guest, type: 'PAYIN' as const, amount: price, payinId: payinRow!.id, createdAt: startedAt, paidAt },
      ...(refund && cancelledAt ? [{ ...receipt, userId: guest, type: 'REFUND' as const, amount: refund, intentId: refundIntent?.id, createdAt: cancelledAt, paidAt: cancelledAt }] : []),
      ...(paidOutAt ? [{ ...receipt, userId: host, type: 'PAYOUT' as const, amount: keep, intentId: payoutIntent?.id, createdAt: paidOutAt, paidAt: paidOutAt }] : []),
      ...(paidOutAt && price - (refund ?? 0) - keep > 0
        ? [{ ...receipt, userId: host, type: 'FEE' as const, amount: price - (refund ?? 0) - keep, intentId: payoutIntent?.id, createdAt: paidOutAt, paidAt: paidOutAt }]
        : []),
    ]);
}
