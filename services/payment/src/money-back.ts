// Reconciliation's round for money that goes back, so the ledger catches up without a notification:
// open reversals settled from the processor (and refunds waiting for settlement tried again), refunds
// made in the processor's control panel and disputes found by its recent searches, and notifications
// past their 90 days forgotten. Each part goes on when another fails; one round at a time across
// replicas, under the lock the loads' round takes.
import type { Logger } from '@gatehouse/logger';
import { catchUpDisputes } from './disputes/catch-up';
import type { DisputeStore, LedgerStore, ReversalStore } from './ledger';
import type { ProcessorNotifications } from './notifications/notifications';
import type { Processor } from './processor';
import { catchUpCredits, type ReversalReport, reconcileReversals } from './reversals/reconciliation';

export interface MoneyBackRoundDeps {
  store: LedgerStore;
  reversals: ReversalStore;
  disputes: DisputeStore;
  notifications: ProcessorNotifications;
  processor: Processor;
  log: Logger;
  clock: () => Date;
  refundsFreeLimits: boolean;
  reconcileAfterMs: number;
  /** How far back the searches of credits and disputes look (PAYMENT_RECONCILE_LOOKBACK). */
  lookbackMs: number;
}

export interface MoneyBackReport {
  reversals: ReversalReport;
  /** Refunds made at the processor, recorded now. */
  creditsRecorded: number;
  /** Disputes the search found further along than the ledger had them. */
  disputesChanged: number;
  notificationsPruned: number;
  /** Parts that could not run this round (the processor's search did not answer...). */
  failed: string[];
  skipped?: true;
}

export async function reconcileMoneyBack(
  deps: MoneyBackRoundDeps,
  options: { skipIfBusy?: boolean } = {},
): Promise<MoneyBackReport> {
  const round = () => moneyBackRound(deps);
  if (!deps.store.exclusiveRound) return round();
  const ran = await deps.store.exclusiveRound(round, { wait: !options.skipIfBusy });
  if (ran.ran) return ran.value;
  return {
    reversals: { checked: 0, succeeded: 0, failed: 0, open: 0 },
    creditsRecorded: 0,
    disputesChanged: 0,
    notificationsPruned: 0,
    failed: [],
    skipped: true,
  };
}

async function moneyBackRound(deps: MoneyBackRoundDeps): Promise<MoneyBackReport> {
  const since = new Date(deps.clock().getTime() - deps.lookbackMs);
  const failed: string[] = [];
  const part = async <T>(name: string, run: () => Promise<T>, none: T): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      deps.log.warn({ err, part: name }, 'reconciliation of money back: a part failed; the next round tries again');
      failed.push(name);
      return none;
    }
  };
  const reversalDeps = { ...deps, store: deps.reversals };
  return {
    reversals: await part('reversals', () => reconcileReversals(reversalDeps), {
      checked: 0,
      succeeded: 0,
      failed: 0,
      open: 0,
    }),
    creditsRecorded: await part('credits', () => catchUpCredits(reversalDeps, since), 0),
    disputesChanged: await part('disputes', () => catchUpDisputes(deps, since), 0),
    notificationsPruned: await part('notifications', () => deps.notifications.prune(), 0),
    failed,
  };
}
