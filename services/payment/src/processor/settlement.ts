// What the processor settled, as reconciliation asks for it: the day's settlement batch summary (a
// count and an amount per kind and merchant account) and the day's transactions themselves, so a
// difference can be named down to the transaction.

/** One record of a settlement batch summary, amounts in cents. */
export interface SettlementRecord {
  merchantAccountId: string;
  /** Braintree's kinds: `sale`, or `credit` (a refund). */
  kind: 'sale' | 'credit';
  count: number;
  amountCents: number;
}

/** A transaction of the day as the processor reports it. */
export interface SettledTransaction {
  id: string;
  kind: 'sale' | 'credit';
  /** Braintree's status; `voided` sales are in no batch. */
  status: string;
  orderId: string;
  amountCents: number;
  /** A credit: the sale it refunds. */
  refundedTransactionId: string | null;
}

/** The processor's side of a reconciliation; both throw ProcessorUnavailableError. */
export interface SettlementSource {
  /** `settlementBatchSummary.generate` for a UTC day (YYYY-MM-DD). */
  batchSummary(date: string): Promise<SettlementRecord[]>;
  /** The transactions created on a UTC day (YYYY-MM-DD), with their statuses now. */
  transactionsOf(date: string): Promise<SettledTransaction[]>;
}

/** Statuses whose money is (or will be) in a settlement batch. */
export const IN_BATCH = new Set([
  'submitted_for_settlement',
  'settling',
  'settlement_pending',
  'settled',
  'settlement_confirmed',
]);
