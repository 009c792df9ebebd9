// Where every dispute outcome is decided, one function each: disputeOpened (a hold), disputeUpdated
// (the state only), disputeWon (the hold released), disputeLost (released and debited, a shortfall
// freezing the card), and disputeChange, which picks one for a report, only ever moving a dispute
// forward. Each returns the whole change the store writes in one transaction under the owner's lock;
// the events of issue 34 (`dispute.<outcome>`) belong beside it.
import { available, type CardFunds, type DisputeChange, type DisputeRecord } from '../ledger';
import type { DisputeReport, DisputeStatus } from '../processor';

/** How far along a dispute is: a report that is not further along than the dispute changes nothing. */
const STAGE: Record<DisputeStatus, number> = {
  open: 1,
  disputed: 2,
  under_review: 3,
  won: 4,
  lost: 4,
  accepted: 4,
  auto_accepted: 4,
  expired: 4,
};

/** The final statuses in which the merchant (so the card) loses the disputed money. */
const LOST: ReadonlySet<DisputeStatus> = new Set(['lost', 'accepted', 'auto_accepted', 'expired']);

export const isClosed = (status: DisputeStatus) => STAGE[status] === 4;

const base = (report: DisputeReport) => ({
  processorDisputeId: report.id,
  processorTransactionId: report.transactionId,
  status: report.status,
  amountCents: report.amountCents,
  kind: report.kind,
  reason: report.reason,
});

/** First heard of, still open: hold the disputed amount, or what the card has of it (never below zero). */
export function disputeOpened(report: DisputeReport, funds: CardFunds | null): DisputeChange {
  const hold = funds ? Math.min(report.amountCents, available(funds)) : 0;
  return {
    ...base(report),
    outcome: 'opened',
    holdDeltaCents: hold,
    heldCents: hold,
    debitCents: 0,
    shortfallCents: 0,
    closed: false,
  };
}

/** Further along but still open (disputed, under review): the state changes, the money does not. */
export function disputeUpdated(report: DisputeReport, prior: DisputeRecord): DisputeChange {
  return {
    ...base(report),
    outcome: 'updated',
    holdDeltaCents: 0,
    heldCents: prior.heldCents,
    debitCents: 0,
    shortfallCents: 0,
    closed: false,
  };
}

/** Won: what it held is spendable again. */
export function disputeWon(report: DisputeReport, prior: DisputeRecord | null): DisputeChange {
  const held = prior?.heldCents ?? 0;
  return {
    ...base(report),
    outcome: 'won',
    holdDeltaCents: -held,
    heldCents: 0,
    debitCents: 0,
    shortfallCents: 0,
    closed: true,
  };
}

/**
 * Lost (also accepted, auto-accepted, expired): the hold is released and the disputed amount debited,
 * from what the card can give without touching other disputes' holds or reversals under way; what it
 * cannot give is recorded as a shortfall, and the card is frozen.
 */
export function disputeLost(
  report: DisputeReport,
  prior: DisputeRecord | null,
  funds: CardFunds | null,
): DisputeChange {
  const held = prior?.heldCents ?? 0;
  const spendable = funds ? available(funds) + held : 0;
  const debit = Math.min(report.amountCents, spendable);
  return {
    ...base(report),
    outcome: 'lost',
    holdDeltaCents: -held,
    heldCents: 0,
    debitCents: debit,
    shortfallCents: funds ? report.amountCents - debit : 0,
    closed: true,
  };
}

/**
 * The change a report makes to a dispute, or `stale` when the dispute is already as far along (a
 * repeated or late notification, a search that finds what a notification told). A report first heard
 * of in a later stage still holds or debits as it should: a won dispute whose opening was never heard
 * moves nothing, a lost one debits. A dispute kept unmatched (no load) that now matches one starts over,
 * since it never moved money. `funds` is null when no load matches.
 */
export function disputeChange(
  report: DisputeReport,
  existing: DisputeRecord | null,
  funds: CardFunds | null,
): DisputeChange | 'stale' {
  const prior = existing && (existing.loadId !== null || funds === null) ? existing : null;
  if (prior && STAGE[report.status] <= STAGE[prior.status]) return 'stale';
  if (report.status === 'won') return disputeWon(report, prior);
  if (LOST.has(report.status)) return disputeLost(report, prior, funds);
  return prior ? disputeUpdated(report, prior) : disputeOpened(report, funds);
}
