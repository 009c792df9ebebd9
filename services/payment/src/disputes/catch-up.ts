// Disputes a notification never told us of (a missed or failed delivery), found by reconciliation's
// search of the processor's recent disputes and applied as a notification would be: a dispute only
// moves forward, so what the ledger has already heard changes nothing.
import type { Logger } from '@gatehouse/logger';
import type { DisputeStore } from '../ledger';
import type { Processor } from '../processor';
import { applyDisputeReport } from './apply';

export interface DisputeCatchUpDeps {
  disputes: DisputeStore;
  processor: Processor;
  log: Logger;
  clock: () => Date;
}

/** Disputes whose status changed since `since`: the number that changed the ledger. */
export async function catchUpDisputes(deps: DisputeCatchUpDeps, since: Date): Promise<number> {
  const reports = await deps.processor.recentDisputes(since);
  // What the ledger already has in the same status changes nothing: one read skips it, no lock taken.
  const known = await deps.disputes.disputeStatuses(reports.map((r) => r.id));
  let changed = 0;
  for (const report of reports) {
    if (known.get(report.id) === report.status) continue;
    try {
      const outcome = await deps.disputes.inTransaction((tx) => applyDisputeReport(tx, report, deps.clock(), deps.log));
      if (outcome !== 'stale') changed += 1;
    } catch (err) {
      deps.log.warn({ err, disputeId: report.id }, 'a dispute found at the processor could not be applied');
    }
  }
  return changed;
}
