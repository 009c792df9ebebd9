// A card's loads as their list shows them: each with its reversals and what of it may still be reversed.
import type { DisputeRecord, LoadRecord, ReversalRecord } from '../ledger';
import { reversibleCents } from './outcomes';

export interface LoadView extends LoadRecord {
  /** Its reversals, oldest first. */
  reversals: ReversalRecord[];
  reversibleCents: number;
}

const COMMITTED = new Set(['succeeded', 'pending', 'awaiting_settlement', 'unknown']);

export function loadViews(
  loads: readonly LoadRecord[],
  reversals: readonly ReversalRecord[],
  disputes: readonly DisputeRecord[],
): LoadView[] {
  const byLoad = new Map<number, ReversalRecord[]>();
  for (const r of reversals) byLoad.set(r.loadId, [...(byLoad.get(r.loadId) ?? []), r]);
  return loads.map((load) => {
    const own = byLoad.get(load.id) ?? [];
    const dispute = disputes.find((d) => d.loadId === load.id && d.status !== 'won');
    return {
      ...load,
      reversals: own,
      reversibleCents: reversibleCents({
        load,
        committedCents: own.filter((r) => COMMITTED.has(r.status)).reduce((sum, r) => sum + r.amountCents, 0),
        voided: own.some((r) => r.method === 'void' && r.status === 'succeeded'),
        disputeStatus: dispute?.status ?? null,
      }),
    };
  });
}
