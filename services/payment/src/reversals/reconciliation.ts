// Reversals whose outcome is open, settled from what the processor knows: a void found by its sale's
// status, a refund by its order id; refunds waiting for the sale to settle are tried again; and refunds
// made in the processor's control panel (credits with no order id of ours) are recorded, so the ledger
// catches up without a notification.
import type { Logger } from '@gatehouse/logger';
import type { ReversalRecord, ReversalStore } from '../ledger';
import type { CreditReport, Processor, ReversalResult } from '../processor';
import { auditReversal } from './audit';
import { NOT_REVERSED, refundFoundAtProcessor, reversalChangeFor, reversalFailed, reversalSucceeded } from './outcomes';
import { refundOrderId } from './reverse-load';

const PAGE = 100;
/** Lookups at the processor at once, as for loads. */
const CONCURRENCY = 8;
const OUR_REFUND = /^reversal-\d+$/;

export interface ReversalReconciliationDeps {
  store: ReversalStore;
  processor: Processor;
  log: Logger;
  clock: () => Date;
  refundsFreeLimits: boolean;
  /** How old a pending or unknown reversal must be before it is looked up (PAYMENT_RECONCILE_AFTER). */
  reconcileAfterMs: number;
}

export interface ReversalReport {
  checked: number;
  succeeded: number;
  failed: number;
  /** Still open: no answer, or still waiting for the sale to settle. */
  open: number;
}

/** Every open reversal past its time (and every one awaiting settlement), page by page, a few at a time. */
export async function reconcileReversals(deps: ReversalReconciliationDeps): Promise<ReversalReport> {
  const before = new Date(deps.clock().getTime() - deps.reconcileAfterMs);
  const report: ReversalReport = { checked: 0, succeeded: 0, failed: 0, open: 0 };
  let afterId = 0;
  for (;;) {
    const page = await deps.store.listOpenReversals(before, PAGE, afterId);
    if (page.length === 0) break;
    afterId = page.at(-1)?.id ?? afterId;
    report.checked += page.length;
    for (let i = 0; i < page.length; i += CONCURRENCY) {
      await Promise.all(page.slice(i, i + CONCURRENCY).map((r) => reconcileOne(deps, r, report)));
    }
    if (page.length < PAGE) break;
  }
  return report;
}

/** What the processor says of the reversal now, as a result to apply, or null when it cannot say. */
async function lookUp(deps: ReversalReconciliationDeps, r: ReversalRecord, saleId: string) {
  const { processor } = deps;
  if (r.method === 'void') {
    const sale = await processor.findTransaction(saleId);
    if (sale.kind === 'unknown') return null;
    return sale.kind === 'found' && sale.status === 'voided'
      ? ({ kind: 'reversed', transactionId: saleId, responseCode: null, responseText: null } as const)
      : ('not_reversed' as const);
  }
  const refund = await processor.findRefund(refundOrderId(r.id));
  if (refund.kind === 'unknown') return null;
  if (refund.kind === 'found' && refund.credit.succeeded) {
    return { kind: 'reversed', transactionId: refund.credit.id, responseCode: null, responseText: null } as const;
  }
  // A refund waiting for settlement that is not there yet is tried again; any other was never made.
  if (r.status !== 'awaiting_settlement') return 'not_reversed' as const;
  return processor.refund({ saleId, amountCents: r.amountCents, orderId: refundOrderId(r.id) });
}

async function reconcileOne(deps: ReversalReconciliationDeps, r: ReversalRecord, report: ReversalReport) {
  const sale = await deps.store.loadSaleOf(r.loadId);
  const found: ReversalResult | 'not_reversed' | null = sale ? await lookUp(deps, r, sale) : 'not_reversed';
  if (found === null) {
    report.open += 1;
    return;
  }
  try {
    const applied = await deps.store.underOwnerLock(r.ownerId, async (tx) => {
      const current = await tx.reversal(r.id);
      if (!current || current.status !== r.status) return null;
      const at = deps.clock();
      const change =
        found === 'not_reversed'
          ? reversalFailed(current, [NOT_REVERSED], at)
          : found.kind === 'reversed'
            ? reversalSucceeded(current, found, at, deps.refundsFreeLimits)
            : reversalChangeFor(current, found, at, deps.refundsFreeLimits);
      return tx.apply(current, change, [r.status]);
    });
    const status = applied?.reversal.status;
    if (status === 'succeeded') report.succeeded += 1;
    else if (status === 'failed') report.failed += 1;
    else report.open += 1;
    if (applied && applied.reversal.status !== r.status) auditReversal(deps.log, applied.reversal, 'reconciled');
  } catch (err) {
    report.open += 1;
    deps.log.warn({ err, reversalId: r.id }, 'reconciliation could not settle the reversal');
  }
}

/**
 * Refunds the processor made that we did not ask for (its control panel), found among its recent
 * credits: each is recorded once (by its transaction id) as a reversal `processor` asked for.
 */
export async function catchUpCredits(deps: ReversalReconciliationDeps, since: Date): Promise<number> {
  const credits = (await deps.processor.recentCredits(since)).filter(
    (c) => c.succeeded && c.refundedTransactionId && !OUR_REFUND.test(c.orderId),
  );
  // Most of the window's credits were recorded by an earlier round: one read skips them, no lock taken.
  const known = await deps.store.recordedRefunds(credits.map((c) => c.id));
  let recorded = 0;
  for (const credit of credits) {
    if (known.has(credit.id) || !credit.refundedTransactionId) continue;
    try {
      if (await recordCredit(deps, credit, credit.refundedTransactionId)) recorded += 1;
    } catch (err) {
      deps.log.warn({ err, creditId: credit.id }, 'a refund made at the processor could not be recorded');
    }
  }
  return recorded;
}

async function recordCredit(deps: ReversalReconciliationDeps, credit: CreditReport, saleId: string) {
  const load = await deps.store.loadBySale(saleId);
  if (!load) {
    deps.log.warn({ creditId: credit.id, saleId }, 'a refund at the processor refunds a sale that matches no load');
    return false;
  }
  const recorded = await deps.store.underOwnerLock(load.ownerId, async (tx) => {
    if (await tx.reversalOfRefund(credit.id)) return null;
    const funds = await tx.funds(load.cardId);
    const at = deps.clock();
    const r = await tx.insertReversal({
      loadId: load.id,
      cardId: load.cardId,
      ownerId: load.ownerId,
      amountCents: credit.amountCents,
      method: 'refund',
      status: 'pending',
      requestedBy: 'processor',
      errors: [],
      idempotencyKey: null,
      requestFingerprint: null,
      whole: false,
      createdAt: at,
    });
    return tx.apply(r, refundFoundAtProcessor(credit, funds, at, deps.refundsFreeLimits), ['pending']);
  });
  if (recorded) auditReversal(deps.log, recorded.reversal, 'recorded');
  return recorded !== null;
}
