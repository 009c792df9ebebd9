// The development processor's settlement batches: what `settlementBatchSummary.generate` answers for a
// day, and the discrepancies a test injects (POST /dev/settlement/discrepancies) so that reconciliation
// has something true to find. A transaction submitted for settlement lands in the batch of the UTC day it
// was made (Braintree's batch day is its own; here it is the day of the sale, which is enough to try
// the comparison), whatever its settling status; a voided sale lands in no batch.
import { randomHex } from '@gatehouse/logger';
import { IN_BATCH } from '../settlement';
import { APPROVED } from './sandbox';
import { type DevState, find, keep, stamp } from './transactions';
import { escapeXml, type GatewayTransaction } from './wire';

export const batchDay = (t: GatewayTransaction) => t.createdAt.slice(0, 10);

const cents = (amount: string) => Math.round(Number(amount) * 100);

/** The batch of `date` (YYYY-MM-DD) as Braintree's records: one per kind and card type, on one merchant account. */
export function summaryXml(state: DevState, date: string): string {
  const groups = new Map<string, { kind: string; cardType: string; count: number; cents: number }>();
  for (const t of state.transactions.values()) {
    if (!IN_BATCH.has(t.status) || batchDay(t) !== date) continue;
    const cardType = t.card?.cardType ?? 'Visa';
    const key = `${t.type}\u0000${cardType}`;
    const g = groups.get(key) ?? { kind: t.type, cardType, count: 0, cents: 0 };
    g.count += 1;
    g.cents += cents(t.amount);
    groups.set(key, g);
  }
  const records = [...groups.values()]
    .map(
      (g) =>
        `<record><card-type>${escapeXml(g.cardType)}</card-type><count>${g.count}</count>` +
        `<merchant-account-id>${escapeXml(state.merchantId)}</merchant-account-id><kind>${g.kind}</kind>` +
        `<amount-settled>${(g.cents / 100).toFixed(2)}</amount-settled></record>`,
    )
    .join('');
  return `<settlement-batch-summary><records type="array">${records}</records></settlement-batch-summary>`;
}

export const DISCREPANCY_KINDS = ['missing', 'duplicate', 'amount', 'refund'] as const;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];

/** The newest approved sale still in a batch: what an injection without a transaction id works on. */
function latestSale(state: DevState): GatewayTransaction | undefined {
  let latest: GatewayTransaction | undefined;
  for (const t of state.transactions.values()) {
    if (t.type === 'sale' && APPROVED.has(t.status) && IN_BATCH.has(t.status)) latest = t;
  }
  return latest;
}

/**
 * Injects one discrepancy and answers the id of the processor transaction the report will name:
 * `missing` a settled sale nobody asked for, `duplicate` a second sale of the same order (a charge made
 * twice), `amount` the sale settled for one dollar more, `refund` a credit made in the control panel.
 */
export function injectDiscrepancy(
  state: DevState,
  kind: DiscrepancyKind,
  transactionId: string | undefined,
): { transactionId: string } | { error: string } {
  if (kind === 'missing') {
    const card = latestSale(state)?.card ?? null;
    const t: GatewayTransaction = {
      id: randomHex(5),
      type: 'sale',
      orderId: `dev-missing-${randomHex(4)}`,
      amount: '10.00',
      ...stamp(),
      status: 'submitted_for_settlement',
      responseCode: '1000',
      responseText: 'Approved',
      rejection: null,
      card,
      refundedTransactionId: null,
      refundIds: [],
    };
    keep(state, t);
    return { transactionId: t.id };
  }
  const sale = transactionId === undefined ? latestSale(state) : find(state, transactionId);
  if (sale?.type !== 'sale' || !IN_BATCH.has(sale.status)) {
    return { error: transactionId ? `no sale ${transactionId} in a batch` : 'no sale in a batch yet' };
  }
  if (kind === 'amount') {
    sale.amount = ((cents(sale.amount) + 100) / 100).toFixed(2);
    return { transactionId: sale.id };
  }
  const copy: GatewayTransaction = { ...sale, id: randomHex(5), ...stamp(sale.createdMs), refundIds: [] };
  if (kind === 'duplicate') {
    keep(state, copy);
    return { transactionId: copy.id };
  }
  const credit: GatewayTransaction = {
    ...copy,
    type: 'credit',
    orderId: `dev-refund-${randomHex(4)}`,
    amount: (Math.min(cents(sale.amount), 100) / 100).toFixed(2),
    ...stamp(),
    status: 'submitted_for_settlement',
    responseCode: '1002',
    responseText: 'Processed',
    refundedTransactionId: sale.id,
  };
  keep(state, credit);
  sale.refundIds.push(credit.id);
  return { transactionId: credit.id };
}
