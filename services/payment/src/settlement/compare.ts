// A day's settlement against the ledger, free of transport: the processor's batch summary and its
// transactions of the day on one side, the ledger's loads and reversals on the other. Totals are
// compared by merchant account and kind (sales, refunds, voids); every difference is then named down to
// the processor transaction, so a finance team knows what to chase rather than only that a sum is off.
import { IN_BATCH, type SettledTransaction, type SettlementRecord } from '../processor/settlement';

export type TotalKind = 'sales' | 'refunds' | 'voids';
export interface Sum {
  count: number;
  amount_cents: number;
}
export interface TotalRow {
  merchant_account_id: string;
  kind: TotalKind;
  processor: Sum;
  ledger: Sum;
}

/**
 * What differs: `missing` a sale the processor settled that the ledger does not have; `duplicate` a
 * second sale of an order the ledger has once; `amount` a sale or refund settled for another amount;
 * `refund` a refund the ledger does not have; `void` a sale one side voided and the other did not;
 * `unsettled` a load or refund the ledger has that is in none of the day's batches.
 */
export type DiscrepancyKind = 'missing' | 'duplicate' | 'amount' | 'refund' | 'void' | 'unsettled';
export interface Discrepancy {
  kind: DiscrepancyKind;
  transaction_id: string;
  order_id: string | null;
  load_id: number | null;
  processor_cents: number | null;
  ledger_cents: number | null;
}

/** The ledger's side: loads that succeeded and refunds that succeeded, of the day or named by the processor. */
export interface LedgerLoad {
  id: number;
  transactionId: string;
  amountCents: number;
  /** Its sale was voided (a void reversal succeeded). */
  voided: boolean;
  /** Made on the day compared (UTC). */
  ofDay: boolean;
}
export interface LedgerRefund {
  loadId: number;
  transactionId: string;
  amountCents: number;
  ofDay: boolean;
}

export interface Comparison {
  totals: TotalRow[];
  discrepancies: Discrepancy[];
}

const zero = (): Sum => ({ count: 0, amount_cents: 0 });
const add = (s: Sum, cents: number) => {
  s.count += 1;
  s.amount_cents += cents;
};
const LOAD_ORDER = /^load-(\d+)$/;

export function compareSettlement(
  records: SettlementRecord[],
  transactions: SettledTransaction[],
  loads: LedgerLoad[],
  refunds: LedgerRefund[],
): Comparison {
  // The ledger has no merchant account of its own: its sums stand beside the processor's only account
  // (or the first, when there are more, whose rows then differ as they should).
  const account = records[0]?.merchantAccountId ?? '';
  const totals = new Map<string, TotalRow>();
  const row = (merchant: string, kind: TotalKind) => {
    const key = `${merchant}\u0000${kind}`;
    let r = totals.get(key);
    if (!r) {
      r = { merchant_account_id: merchant, kind, processor: zero(), ledger: zero() };
      totals.set(key, r);
    }
    return r;
  };
  for (const kind of ['sales', 'refunds', 'voids'] as const) row(account, kind);
  for (const r of records) {
    const t = row(r.merchantAccountId, r.kind === 'sale' ? 'sales' : 'refunds').processor;
    t.count += r.count;
    t.amount_cents += r.amountCents;
  }

  const loadByTransaction = new Map(loads.map((l) => [l.transactionId, l]));
  const loadById = new Map(loads.map((l) => [l.id, l]));
  const refundByTransaction = new Map(refunds.map((r) => [r.transactionId, r]));
  const seen = new Set<string>();
  const found: Discrepancy[] = [];
  const name = (
    kind: DiscrepancyKind,
    t: SettledTransaction | null,
    l: { id?: number; loadId?: number; transactionId: string; amountCents: number } | null,
  ) =>
    found.push({
      kind,
      transaction_id: t?.id ?? l?.transactionId ?? '',
      order_id: t?.orderId || null,
      load_id: l ? (l.id ?? l.loadId ?? null) : null,
      processor_cents: t ? t.amountCents : null,
      ledger_cents: l ? l.amountCents : null,
    });

  for (const t of transactions) {
    seen.add(t.id);
    if (t.kind === 'sale') {
      const load = loadByTransaction.get(t.id);
      if (t.status === 'voided') {
        if (load) add(row(account, 'voids').processor, t.amountCents);
        if (load && !load.voided) name('void', t, load);
        continue;
      }
      if (!IN_BATCH.has(t.status)) continue;
      if (!load) {
        const ordered = LOAD_ORDER.exec(t.orderId);
        const original = ordered ? loadById.get(Number(ordered[1])) : undefined;
        name(original ? 'duplicate' : 'missing', t, original ?? null);
      } else if (load.voided) name('void', t, load);
      else if (load.amountCents !== t.amountCents) name('amount', t, load);
    } else if (IN_BATCH.has(t.status)) {
      const refund = refundByTransaction.get(t.id);
      if (!refund) name('refund', t, null);
      else if (refund.amountCents !== t.amountCents) name('amount', t, refund);
    }
  }

  for (const l of loads) {
    if (!l.ofDay) continue;
    if (l.voided) add(row(account, 'voids').ledger, l.amountCents);
    else add(row(account, 'sales').ledger, l.amountCents);
    if (!seen.has(l.transactionId)) name('unsettled', null, l);
  }
  for (const r of refunds) {
    if (!r.ofDay) continue;
    add(row(account, 'refunds').ledger, r.amountCents);
    if (!seen.has(r.transactionId)) name('unsettled', null, r);
  }
  return { totals: [...totals.values()], discrepancies: found };
}

/** Whether the totals agree on every row. */
export const totalsAgree = (totals: TotalRow[]) =>
  totals.every((t) => t.processor.count === t.ledger.count && t.processor.amount_cents === t.ledger.amount_cents);
