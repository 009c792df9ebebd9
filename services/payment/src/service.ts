import { Closers, openInternalAuth } from '@gatehouse/grpc-kit';
import { createLogger, type Logger } from '@gatehouse/logger';
import { Metrics, serveMetrics, watchPgPool } from '@gatehouse/metrics';
import { oncePerReason } from '@gatehouse/postgres';
import type { Pool } from 'pg';
import { AdminLedgerViews } from './admin-views';
import type { PaymentConfig } from './config';
import { createPool, postgresAnswers } from './db';
import { DisputeEvidenceActions } from './disputes/evidence';
import { startPaymentServer } from './grpc/server';
import {
  PostgresAdminViews,
  PostgresDisputeStore,
  PostgresEvidenceActions,
  PostgresReversalStore,
  PostgresSettlementStore,
  postgresLedger,
} from './ledger';
import {
  DEFAULT_ADDRESS_RETENTION_MS,
  forgetClientAddresses,
  OVERVIEW_HOURS_KEPT_MS,
  pruneOverviewHours,
} from './ledger/housekeeping';
import {
  heldSettingsGauges,
  loadRecorder,
  measuredProcessor,
  settlementRecorder,
  velocityRecorder,
  velocityRulesGauge,
  watchBacklog,
} from './metrics';
import { LedgerSchema } from './migrate';
import { Payments } from './payments';
import { PolicyCache } from './policies/cache';
import { PolicyStore } from './policies/store';
import type { DisputeEvidence, Processor, SettlementSource } from './processor';
import type { DevProcessor } from './processor/dev';
import { countKinds, evidenceOf, settlementSource, velocityParts } from './service-issue49';
import { openProcessor, startReconciler } from './service-parts';
import { SettlementReconciler } from './settlement/reconcile';

/** How often limit policies and velocity rules are re-read when notifications cannot arrive (transaction pooling). */
const POLICY_POLL_MS = 5_000;

export interface PaymentServiceOverrides {
  log?: Logger;
  processor?: Processor;
  /** Where settlement reconciliation asks what was settled (with `processor`: none unless given). */
  settlement?: SettlementSource;
  /** The processor's dispute API (with `processor`: none unless given). */
  evidence?: DisputeEvidence;
  clock?: () => Date;
  healthIntervalMs?: number;
  /** How long to wait for auth's migrations to make the audit trail (TRAIL_WAIT_MS). */
  trailWaitMs?: number;
}

export interface RunningPaymentService {
  port: number;
  /** The development processor, when PAYMENT_DEV_PROCESSOR runs it (tests read its port and state). */
  devProcessor?: DevProcessor;
  payments: Payments;
  pool: Pool;
  /**
   * Resolves (never rejects) when the service can no longer serve: the audit trail was not made within
   * its wait after a start that Postgres was down for. main.ts stops and exits, naming it.
   */
  failed: Promise<Error>;
  stop(): Promise<void>;
}

/**
 * Config → Postgres pool → ledger store and processor (Braintree, or the development processor started
 * here and called in-process) → domain → the schema made ready (LedgerSchema: payment's migrations,
 * then the audit trail auth makes) → gRPC server → reconciliation. Each part is registered with the
 * process's closers as it opens, so a start that fails halfway and stop() close what is open, the last
 * opened first. The gRPC server answers NOT_SERVING from the moment it listens and SERVING once the
 * schema is ready; its first health check waits for the first attempt, so a start on a database that
 * answers returns ready or fails (the trail never came), and one on a database that is down returns
 * NOT_SERVING while the attempts go on.
 */
export async function startPaymentService(
  config: PaymentConfig,
  overrides: PaymentServiceOverrides = {},
): Promise<RunningPaymentService> {
  const log = overrides.log ?? createLogger({ name: 'payment', level: config.logLevel });
  const closers = new Closers(log);
  return closers.starting(async () => {
    const pool = closers.open(
      'Postgres pool',
      createPool(config.databaseUrl, {
        max: config.databasePoolMax,
        transactionPooling: config.databaseTransactionPooling,
        onIdleError: (err) => log.warn({ err }, 'idle Postgres connection closed'),
      }),
      (p) => p.end(),
    );
    const { processor, dev } = await openProcessor(config, overrides, log, closers);
    const source = settlementSource(config, overrides, dev, log);
    const evidenceApi = evidenceOf(config, overrides, dev, log);
    // Metrics cost nothing when off: no registry, no wrapped processor, no recorder.
    const metrics = config.metricsPort ? new Metrics('payment') : undefined;
    if (metrics) {
      watchPgPool(metrics, 'ledger', pool);
      watchBacklog(metrics, pool);
    }
    // The limit policies, held in memory and kept current by NOTIFY (./policies/cache.ts).
    const policyStore = new PolicyStore(pool);
    const policies = new PolicyCache({
      store: policyStore,
      databaseUrl: config.databaseUrl,
      envRules: config.rules,
      log,
      // Behind PgBouncer in transaction mode no notification arrives: the policies are re-read instead.
      pollMs: config.databaseTransactionPooling ? POLICY_POLL_MS : undefined,
    });
    closers.add('limit policies', () => policies.stop());
    // The velocity rules, held and kept current the same way (./velocity/cache.ts).
    const velocity = velocityParts(config, pool, log, {
      pollMs: config.databaseTransactionPooling ? POLICY_POLL_MS : undefined,
      clock: overrides.clock,
      recordFired: metrics && velocityRecorder(metrics),
    });
    closers.add('velocity rules', () => velocity.cache.stop());
    if (metrics) {
      velocityRulesGauge(metrics, () => velocity.cache.rules());
      heldSettingsGauges(metrics, { limit_policies: policies, velocity_rules: velocity.cache }, () =>
        policies.current(),
      );
    }
    const payments = new Payments({
      ...postgresLedger(pool),
      policies,
      velocity: velocity.hooks,
      processor: metrics ? measuredProcessor(processor, metrics) : processor,
      rules: config.rules,
      log,
      clock: overrides.clock,
      reconcileAfterMs: config.reconcileAfterMs,
      maxCardsPerOwner: config.maxCardsPerOwner,
      refundsFreeLimits: config.refundsFreeLimits,
      lookbackMs: config.reconcileLookbackMs,
    });
    const recordSettlement = metrics && settlementRecorder(metrics);
    const settlement =
      source &&
      new SettlementReconciler({
        store: new PostgresSettlementStore(pool),
        source,
        log,
        clock: overrides.clock,
        onReport: recordSettlement && ((date, c) => recordSettlement(date, countKinds(c.discrepancies))),
      });

    // A database that cannot be used (down, a TLS certificate that does not verify, a refused login)
    // keeps the service NOT_SERVING with one line naming DATABASE_URL and the reason, not one per check.
    const databaseProblem = oncePerReason((line) => log.error(`${line}; NOT_SERVING until it can be used`));
    // The trail that never came: this start fails with it, or, once started (Postgres was down at
    // start), `failed` says it to main.ts.
    let missing: Error | undefined;
    let fail: (err: Error) => void = () => {};
    const failed = new Promise<Error>((resolve) => {
      fail = resolve;
    });
    const schema = new LedgerSchema({
      pool,
      log,
      report: databaseProblem.report,
      trailWaitMs: overrides.trailWaitMs,
      retryMs: overrides.healthIntervalMs ?? 5_000,
      // The policies and rules are read once their tables are there (a first start makes them), not
      // before: no error for a table that is about to be made, and no load served without them.
      // A failed first read is retried by the cache itself; health says NOT_SERVING until it succeeds.
      onReady: () => Promise.allSettled([policies.start(), velocity.cache.start()]),
      onTrailMissing: (err) => {
        missing = err;
        log.error(`${err.message}; payment cannot serve without it`);
        fail(err);
      },
    });
    schema.start();
    closers.add('schema', () => schema.stop());
    const checkDependencies = async () => {
      if (!(await schema.isReady()) || !policies.loaded || !velocity.cache.loaded) return false;
      const answers = await postgresAnswers(pool, databaseProblem.report);
      if (answers) databaseProblem.clear();
      return answers;
    };

    const internalAuth = closers.open(
      'internal auth',
      await openInternalAuth(config.internalKeysDir, 'payment', [], log),
      (a) => a?.close(),
    );
    if (metrics)
      closers.open(
        'metrics server',
        await serveMetrics(metrics, { host: config.metricsHost, port: config.metricsPort ?? 0 }),
        (m) => m?.stop(),
      );
    // A load that reached the processor is settled before the pool closes, its caller answered if it
    // is still there: both wait as long as the processor may take (its timeout), plus the settle.
    const settleMs = (config.processor?.timeoutMs ?? config.devProcessor?.timeoutMs ?? 0) + 2_000;
    const server = closers.open(
      'gRPC server',
      await startPaymentServer({
        payments,
        adminViews: new AdminLedgerViews({
          views: new PostgresAdminViews(pool),
          reversals: new PostgresReversalStore(pool),
          disputes: new PostgresDisputeStore(pool),
          clock: overrides.clock,
        }),
        settlement,
        policies: policyStore,
        evidence:
          evidenceApi &&
          new DisputeEvidenceActions({
            evidence: evidenceApi,
            record: new PostgresEvidenceActions(pool),
            log,
            clock: overrides.clock,
          }),
        velocity: velocity.admin,
        log,
        internalAuth,
        host: config.grpcHost,
        port: config.grpcPort,
        checkDependencies,
        healthIntervalMs: overrides.healthIntervalMs,
        metrics,
        loads: metrics && loadRecorder(metrics),
      }),
      // Loads are refused from here on (another replica takes them), while the server drains.
      (s) => Promise.all([payments.drain(settleMs), s.shutdown(settleMs)]),
    );
    // The first health check waited for the first attempt: on a database that answers, the schema is
    // ready now, or the trail never came and this start fails.
    if (missing) throw missing;
    const retentionMs = config.clientAddressRetentionMs ?? DEFAULT_ADDRESS_RETENTION_MS;
    const reconciler = startReconciler(
      payments,
      config.reconcileIntervalMs,
      log,
      () => settlement?.daily(config.settlementDelayMs),
      async () => {
        const now = (overrides.clock?.() ?? new Date()).getTime();
        return {
          addressesForgotten: await forgetClientAddresses(pool, new Date(now - retentionMs)),
          hoursPruned: await pruneOverviewHours(pool, new Date(now - OVERVIEW_HOURS_KEPT_MS)),
        };
      },
    );
    closers.add('reconciliation', () => reconciler.stop());
    return {
      port: server.port,
      devProcessor: dev,
      payments,
      pool,
      failed,
      stop: () => closers.closeAll(),
    };
  });
}
