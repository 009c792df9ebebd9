import type { Logger } from '@gatehouse/logger';
import type { LedgerStore, LoadRecord, Settlement } from '../ledger';
import type { Processor } from '../processor';
import { auditLoadRecord } from './audit';
import { PROCESSOR_NOT_CHARGED, settlementFor } from './settlement';

export const DEFAULT_RECONCILE_AFTER_MS = 10 * 60_000;
const RECONCILE_BATCH = 100;
/** Lookups at the processor at once while reconciling: a backlog drains fast without a flood. */
const RECONCILE_CONCURRENCY = 8;

export interface ReconcileReport {
  checked: number;
  succeeded: number;
  failed: number;
  stillUnknown: number;
  /** Another replica was running its round: this one did nothing. */
  skipped?: true;
}

export interface ReconciliationDeps {
  store: LedgerStore;
  processor: Processor;
  log: Logger;
  clock: () => Date;
  /** How old an open load must be before it is looked up (PaymentsDeps.reconcileAfterMs). */
  reconcileAfterMs?: number;
}

/**
 * Settles loads whose outcome stayed open (unknown after a processor fault, or pending after a crash)
 * by asking the processor for the sale with the load's order id: a charge credits the card, a decline
 * or no sale at all fails the load, and no answer leaves it for the next round. One round at a time
 * across replicas: a load is looked up by one of them, not by each. The periodic round skips while
 * another replica's runs (`skipIfBusy`); a round asked for waits its turn.
 */
export async function reconcile(
  deps: ReconciliationDeps,
  options: { skipIfBusy?: boolean } = {},
): Promise<ReconcileReport> {
  const { store } = deps;
  if (!store.exclusiveRound) return reconcileRound(deps);
  const outcome = await store.exclusiveRound(() => reconcileRound(deps), { wait: !options.skipIfBusy });
  return outcome.ran ? outcome.value : { checked: 0, succeeded: 0, failed: 0, stillUnknown: 0, skipped: true };
}

async function reconcileRound(deps: ReconciliationDeps): Promise<ReconcileReport> {
  const before = new Date(deps.clock().getTime() - (deps.reconcileAfterMs ?? DEFAULT_RECONCILE_AFTER_MS));
  const report: ReconcileReport = { checked: 0, succeeded: 0, failed: 0, stillUnknown: 0 };
  // The whole backlog in one round, page by page (an outage can leave thousands), a few at a time.
  let afterId = 0;
  for (;;) {
    const page = await deps.store.listUnsettled(before, RECONCILE_BATCH, afterId);
    if (page.length === 0) break;
    afterId = page[page.length - 1]?.id ?? afterId;
    report.checked += page.length;
    for (let i = 0; i < page.length; i += RECONCILE_CONCURRENCY) {
      await Promise.all(page.slice(i, i + RECONCILE_CONCURRENCY).map((load) => reconcileOne(deps, load, report)));
    }
    if (page.length < RECONCILE_BATCH) break;
  }
  return report;
}

async function reconcileOne(deps: ReconciliationDeps, load: LoadRecord, report: ReconcileReport): Promise<void> {
  const found = await deps.processor.findSale(`load-${load.id}`);
  if (found.kind === 'unknown') {
    report.stillUnknown += 1;
    return;
  }
  const settlement: Settlement =
    found.kind === 'not_found'
      ? {
          status: 'failed',
          processorTransactionId: null,
          processorResponseCode: null,
          processorResponseText: 'the processor has no sale for this load',
          errors: [PROCESSOR_NOT_CHARGED],
          settledAt: deps.clock(),
        }
      : settlementFor(found, deps.clock());
  try {
    await deps.store.settle(load, settlement, ['pending', 'unknown']);
  } catch (err) {
    deps.log.warn({ err, loadId: load.id }, 'reconciliation could not settle the load');
    return;
  }
  if (settlement.status === 'succeeded') report.succeeded += 1;
  else report.failed += 1;
  auditLoadRecord(
    deps.log,
    load,
    'reconciled',
    settlement.status,
    settlement.processorTransactionId,
    settlement.errors,
  );
}
