// Money as the card-loading API writes it, and what issue 35 added to its answers: a load's reversals
// and what is left to reverse, a card's disputes. The routes of loads (cards.routes.ts) and of
// reversals (reversals.routes.ts) both answer through here.
import type { payment } from '@gatehouse/proto';

/** Cents (an int64, a decimal string on the wire) as a two-decimal amount: "10.50". */
export const money = (cents: string | number) => {
  const n = BigInt(cents);
  const sign = n < 0n ? '-' : '';
  const abs = n < 0n ? -n : n;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** `LOAD_STATUS_SUCCEEDED` → `succeeded`, `REVERSAL_METHOD_VOID` → `void`. */
const word = (value: string, prefix: string) => value.replace(prefix, '').toLowerCase();

export const reversalJson = (r: payment.Reversal__Output) => ({
  id: Number(r.id),
  amount: money(r.amountCents),
  method: word(r.method, 'REVERSAL_METHOD_'),
  status: word(r.status, 'REVERSAL_STATUS_'),
  requested_by: r.requestedBy,
  processor_transaction_id: r.processorTransactionId,
  processor_response_code: r.processorResponseCode,
  processor_response_text: r.processorResponseText,
  errors: r.errors.map(({ code, message }) => ({ code, message })),
  created_at: r.createdAt,
  settled_at: r.settledAt || null,
});

export const loadJson = (l: payment.Load__Output) => ({
  id: Number(l.id),
  amount: money(l.amountCents),
  status: word(l.status, 'LOAD_STATUS_'),
  processor_transaction_id: l.processorTransactionId,
  processor_response_code: l.processorResponseCode,
  processor_response_text: l.processorResponseText,
  created_at: l.createdAt,
  // What POST .../reverse may still give back, and every reversal asked so far, oldest first.
  reversible: money(l.reversibleCents),
  reversals: l.reversals.map(reversalJson),
});

export const disputeJson = (d: payment.Dispute__Output) => ({
  id: d.id,
  processor_transaction_id: d.processorTransactionId,
  load_id: Number(d.loadId) || null,
  amount: money(d.amountCents),
  held: money(d.heldCents),
  debited: money(d.debitedCents),
  shortfall: money(d.shortfallCents),
  status: d.status,
  kind: d.kind,
  reason: d.reason,
  received_at: d.receivedAt,
  updated_at: d.updatedAt,
});
