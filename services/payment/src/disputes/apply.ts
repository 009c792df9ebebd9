// A dispute report (from a notification or reconciliation's search) applied to the ledger inside the
// caller's transaction: the load it is about, the owner's lock, the dispute's own row, the decision
// (./outcomes.ts) and its writing; and the dispute's audit line.
import type { Logger } from '@gatehouse/logger';
import type { DisputeRecord, DisputeTransaction, NotificationOutcome } from '../ledger';
import { formatCents } from '../money';
import type { DisputeReport } from '../processor';
import { disputeChange } from './outcomes';

export const DISPUTE_AUDIT_MESSAGE = 'dispute changed';

/** What a report changed: `applied`, `stale` (already that far), or `unmatched` (kept: no load matches). */
export async function applyDisputeReport(
  tx: DisputeTransaction,
  report: DisputeReport,
  at: Date,
  log: Logger,
): Promise<Exclude<NotificationOutcome, 'ignored'>> {
  const load = await tx.loadBySale(report.transactionId);
  // The owner's lock before anything of the card is read: holds and debits are decided on what the
  // card has, which loads' reversals and other disputes change only under this lock.
  if (load) await tx.lockOwner(load.ownerId);
  const existing = await tx.dispute(report.id);
  const funds = load ? await tx.funds(load.cardId) : null;
  const change = disputeChange(report, existing, funds);
  if (change === 'stale') return 'stale';
  const saved = await tx.save(existing, load, change, at);
  auditDispute(log, saved, change.outcome, load !== null);
  if (!load) {
    // Kept and reported, never dropped: a dispute on a transaction the ledger does not know.
    log.error(
      { disputeId: report.id, transactionId: report.transactionId, status: report.status },
      'dispute for a transaction that matches no load: kept; see ListUnmatchedDisputes',
    );
    return 'unmatched';
  }
  return 'applied';
}

function auditDispute(log: Logger, d: DisputeRecord, outcome: string, matched: boolean): void {
  log.info(
    {
      audit: 'dispute',
      disputeId: d.processorDisputeId,
      transactionId: d.processorTransactionId,
      loadId: d.loadId,
      ownerId: d.ownerId,
      cardId: d.cardId,
      amount: formatCents(d.amountCents),
      outcome,
      status: d.status,
      held: formatCents(d.heldCents),
      debited: formatCents(d.debitedCents),
      shortfall: formatCents(d.shortfallCents),
      matched,
    },
    DISPUTE_AUDIT_MESSAGE,
  );
}
