// The daily settlement reconciliation: a day's batch summary and transactions from the processor,
// the ledger's side of the same day, compared (./compare.ts) and recorded with its event. The day's row
// is the run's claim, so with N replicas one runs; an admin's run (`rerun`) takes over a finished day.
import { invalidArgument, notFound } from '@gatehouse/errors';
import type { Logger } from '@gatehouse/logger';
import { PaymentErrors } from '../errors';
import type { PostgresSettlementStore, SettlementReportRow } from '../ledger/postgres-settlement';
import type { SettlementSource } from '../processor/settlement';
import { type Comparison, compareSettlement, totalsAgree } from './compare';

export interface SettlementRun {
  /** `ran` false: another replica has the day (running, or done and not asked to run again). */
  ran: boolean;
  report: SettlementReportRow | null;
}

export interface SettlementReconcilerDeps {
  store: PostgresSettlementStore;
  source: SettlementSource;
  log: Logger;
  clock?: () => Date;
  /** Told each finished comparison (metrics: the discrepancies of the day by kind). */
  onReport?: (date: string, comparison: Comparison) => void;
}

const LOAD_ORDER = /^load-(\d+)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A UTC day spelled yyyy-mm-dd that has begun (today's batch may still grow: it can be run again). */
export function checkSettlementDate(date: string, now: Date): string {
  const start = Date.parse(`${date}T00:00:00Z`);
  if (!DATE.test(date) || Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== date) {
    throw invalidArgument(PaymentErrors.INVALID_DATE, 'date must be a day spelled yyyy-mm-dd');
  }
  if (start > now.getTime()) throw invalidArgument(PaymentErrors.INVALID_DATE, 'date has not begun');
  return date;
}

export class SettlementReconciler {
  private readonly now: () => Date;

  constructor(private readonly deps: SettlementReconcilerDeps) {
    this.now = deps.clock ?? (() => new Date());
  }

  /** The UTC day before `at`: the daily job's day (the processor's batches of a day close after it). */
  static yesterday(at: Date): string {
    return new Date(at.getTime() - 86_400_000).toISOString().slice(0, 10);
  }

  /** The report of a day; NOT_FOUND for a day never reconciled. */
  async report(date: string): Promise<SettlementReportRow> {
    const report = await this.deps.store.report(checkSettlementDate(date, this.now()));
    if (!report) throw notFound(PaymentErrors.RECONCILIATION_NOT_FOUND, `no reconciliation of ${date}`);
    return report;
  }

  /**
   * The daily job's run, called on every reconciliation tick of every replica: the last UTC day that
   * ended at least `delayMs` ago (its batches closed), unless a replica has it already (one cheap INSERT).
   */
  daily(delayMs: number): Promise<SettlementRun> {
    return this.run(SettlementReconciler.yesterday(new Date(this.now().getTime() - delayMs)), { rerun: false });
  }

  async run(date: string, options: { rerun: boolean }): Promise<SettlementRun> {
    const { store, source, log } = this.deps;
    checkSettlementDate(date, this.now());
    if (!(await store.claim(date, this.now(), options.rerun))) return { ran: false, report: await store.report(date) };
    try {
      const [records, transactions] = await Promise.all([source.batchSummary(date), source.transactionsOf(date)]);
      const ids = transactions.map((t) => t.id);
      const orderedLoads = transactions.flatMap((t) => {
        const m = LOAD_ORDER.exec(t.orderId);
        return m ? [Number(m[1])] : [];
      });
      const [loads, refunds] = await Promise.all([store.loadsOf(date, ids, orderedLoads), store.refundsOf(date, ids)]);
      const comparison = compareSettlement(records, transactions, loads, refunds);
      const status = comparison.discrepancies.length === 0 && totalsAgree(comparison.totals) ? 'matched' : 'differs';
      await store.finish(date, this.now(), { status, ...comparison });
      this.deps.onReport?.(date, comparison);
      if (status === 'differs') {
        log.warn({ date, discrepancies: comparison.discrepancies.length }, 'settlement differs from the ledger');
      }
    } catch (err) {
      log.error({ err, date }, 'settlement reconciliation failed');
      await store.fail(date, this.now(), err instanceof Error ? err.message : String(err));
    }
    return { ran: true, report: await store.report(date) };
  }
}
