import { type Metrics, secondsSince } from '@gatehouse/metrics';
import type { Pool } from 'pg';
import type { LoadRecorder } from './grpc/handlers';
import type { NotifiedCache } from './notified-cache';
import { type PolicySnapshot, SCOPES } from './policies/policy';
import type { Processor } from './processor';
import type { VelocityRule } from './velocity/rule';

// The payment service's own series. Built by the composition root only when metrics are on; the
// domain never sees them (the processor is wrapped, loads are counted where the gRPC answer is made).

/**
 * Loads by status, and each limit that refused one (limit codes come from the configured rules);
 * reversals by status and method; notifications by kind and outcome (issue 35).
 */
export function loadRecorder(metrics: Metrics): LoadRecorder {
  const loads = metrics.counter('gatehouse_payment_loads_total', 'Card loads answered, by status', ['status']);
  const refusals = metrics.counter('gatehouse_payment_limit_refusals_total', 'Loads refused by a limit', ['limit']);
  const reversals = metrics.counter('gatehouse_payment_reversals_total', 'Reversals answered, by status and method', [
    'status',
    'method',
  ]);
  // Kinds are Braintree's names (a closed list in the SDK), outcomes the ledger's five words.
  const notifications = metrics.counter(
    'gatehouse_payment_notifications_total',
    'Processor notifications verified, by kind and outcome',
    ['kind', 'outcome'],
  );
  return {
    loadAnswered(status, refusedBy) {
      loads.inc({ status });
      for (const limit of refusedBy) refusals.inc({ limit });
    },
    reversalAnswered(status, method) {
      reversals.inc({ status, method });
    },
    notificationHandled(kind, outcome) {
      notifications.inc({ kind, outcome });
    },
  };
}

/** The processor with every call timed and counted by operation and outcome kind. */
export function measuredProcessor(processor: Processor, metrics: Metrics): Processor {
  const labels = ['operation', 'outcome'] as const;
  const calls = metrics.counter('gatehouse_payment_processor_calls_total', 'Payment processor calls', labels);
  const seconds = metrics.histogram(
    'gatehouse_payment_processor_duration_seconds',
    'Payment processor latency',
    labels,
  );
  const kind = (o: { kind: string }) => o.kind;
  const ok = () => 'ok';
  const timed = async <T>(operation: string, run: () => Promise<T>, outcome: (value: T) => string): Promise<T> => {
    const start = process.hrtime.bigint();
    const done = (kind: string) => {
      calls.inc({ operation, outcome: kind });
      seconds.observe({ operation, outcome: kind }, secondsSince(start));
    };
    try {
      const value = await run();
      done(outcome(value));
      return value;
    } catch (err) {
      done('error');
      throw err;
    }
  };
  return {
    clientToken: () =>
      timed(
        'client_token',
        () => processor.clientToken(),
        () => 'ok',
      ),
    sale: (request) =>
      timed(
        'sale',
        () => processor.sale(request),
        (o) => o.kind,
      ),
    findSale: (orderId) =>
      timed(
        'find_sale',
        () => processor.findSale(orderId),
        (o) => o.kind,
      ),
    voidSale: (saleId) => timed('void', () => processor.voidSale(saleId), kind),
    refund: (request) => timed('refund', () => processor.refund(request), kind),
    findTransaction: (id) => timed('find_transaction', () => processor.findTransaction(id), kind),
    findRefund: (orderId) => timed('find_refund', () => processor.findRefund(orderId), kind),
    recentCredits: (since) => timed('search_credits', () => processor.recentCredits(since), ok),
    recentDisputes: (since) => timed('search_disputes', () => processor.recentDisputes(since), ok),
    // Local work (a signature check and XML), not a call to the processor: counted, not timed apart.
    parseNotification: (signature, payload) =>
      timed('parse_notification', () => processor.parseNotification(signature, payload), ok),
    verifyChallenge: (challenge) => processor.verifyChallenge(challenge),
  };
}

/** Reconciliation backlog, read from the ledger at scrape time: open loads and the oldest one's age. */
export function watchBacklog(metrics: Metrics, pool: Pool): void {
  const open = metrics.gauge('gatehouse_payment_open_loads', 'Loads still pending or unknown (reconciliation backlog)');
  const oldest = metrics.gauge(
    'gatehouse_payment_oldest_open_load_age_seconds',
    'Age of the oldest pending or unknown load; 0 when none',
  );
  metrics.beforeScrape(async () => {
    const { rows } = await pool.query<{ n: string; oldest: Date | null }>(
      `SELECT count(*) AS n, min(created_at) AS oldest FROM loads WHERE status IN ('pending', 'unknown')`,
    );
    const row = rows[0];
    open.set(Number(row?.n ?? 0));
    oldest.set(row?.oldest ? Math.max(0, (Date.now() - row.oldest.getTime()) / 1000) : 0);
  });
}

/**
 * The last settlement reconciliation's differences by kind (issue 49 §3), and the day it compared as a
 * Unix time: the alert GatehouseSettlementDiffers fires while a kind is above zero.
 */
export function settlementRecorder(metrics: Metrics): (date: string, kinds: Record<string, number>) => void {
  const differences = metrics.gauge(
    'gatehouse_payment_settlement_discrepancies',
    "Differences between the processor's settlement and the ledger in the last day reconciled, by kind",
    ['kind'],
  );
  const day = metrics.gauge(
    'gatehouse_payment_settlement_reconciled_day',
    'The last day reconciled (Unix seconds)',
    [],
  );
  return (date, kinds) => {
    for (const kind of ['missing', 'duplicate', 'amount', 'refund', 'void', 'unsettled']) {
      differences.set({ kind }, kinds[kind] ?? 0);
    }
    day.set(Date.parse(`${date}T00:00:00Z`) / 1000);
  };
}

/** Velocity rules that fired (issue 49 §2), by rule, action and mode: dry-run rules count here only. */
export function velocityRecorder(metrics: Metrics): (rule: string, action: string, mode: string) => void {
  const fired = metrics.counter('gatehouse_payment_velocity_fired_total', 'Velocity rules fired on a load', [
    'rule',
    'action',
    'mode',
  ]);
  return (rule, action, mode) => fired.inc({ rule, action, mode });
}

/**
 * The velocity rules this replica holds in memory, one series per rule (its threshold; labels: action,
 * mode, subject, what it counts), read at each scrape: replicas that disagree after a change show it,
 * and a change is in force here once its series says so. Rules are few (an admin's), so are the series.
 */
export function velocityRulesGauge(metrics: Metrics, rules: () => readonly VelocityRule[]): void {
  metrics.gauge(
    'gatehouse_payment_velocity_rule_threshold',
    'Velocity rules held by this replica, by rule: the threshold in force',
    ['rule', 'action', 'mode', 'subject', 'counts'],
    function collect() {
      this.reset();
      for (const r of rules()) {
        this.set({ rule: r.name, action: r.action, mode: r.mode, subject: r.subject, counts: r.counts }, r.threshold);
      }
    },
  );
}

/** Caches of settings kept current by Postgres (./notified-cache.ts) by their name in the series. */
export type HeldSettings = Record<
  'limit_policies' | 'velocity_rules',
  Pick<NotifiedCache<unknown>, 'readAt' | 'listening'>
>;

/**
 * Each replica's hold on the settings every load reads from memory, read at scrape: when it last read
 * them, whether it hears their changes, and how many limit policies (by scope) and tier assignments it
 * holds. A replica that stopped hearing changes, or whose counts differ from the others' for longer
 * than moments, stands out (deploy/observability/alerts.yml).
 */
export function heldSettingsGauges(metrics: Metrics, held: HeldSettings, policies: () => PolicySnapshot): void {
  const readAt = metrics.gauge(
    'gatehouse_payment_settings_read_timestamp_seconds',
    'When this replica last read the settings it holds in memory, by settings',
    ['settings'],
  );
  const listening = metrics.gauge(
    'gatehouse_payment_settings_listening',
    "Whether this replica hears the settings' changes (1) or is connecting again (0), by settings",
    ['settings'],
  );
  const byScope = metrics.gauge(
    'gatehouse_payment_limit_policies_held',
    'Limit policies held by this replica, by scope',
    ['scope'],
  );
  const tiers = metrics.gauge('gatehouse_payment_limit_tiers_held', "Owners' tiers held by this replica");
  metrics.beforeScrape(() => {
    for (const [settings, cache] of Object.entries(held)) {
      if (cache.readAt) readAt.set({ settings }, cache.readAt.getTime() / 1000);
      listening.set({ settings }, cache.listening() ? 1 : 0);
    }
    const snapshot = policies();
    for (const scope of SCOPES) byScope.set({ scope }, snapshot.policies.filter((p) => p.scope === scope).length);
    tiers.set(snapshot.tiers.size);
  });
}
