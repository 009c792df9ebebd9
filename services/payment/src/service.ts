import { randomBytes } from 'node:crypto';
import { openInternalAuth } from '@gatehouse/grpc-kit';
import { createLogger, type Logger } from '@gatehouse/logger';
import { Metrics, serveMetrics, watchPgPool } from '@gatehouse/metrics';
import { oncePerReason } from '@gatehouse/postgres';
import type { Pool } from 'pg';
import type { PaymentConfig } from './config';
import { createPool, postgresAnswers } from './db';
import { startPaymentServer } from './grpc/server';
import { postgresLedger } from './ledger';
import { loadRecorder, measuredProcessor, watchBacklog } from './metrics';
import { runMigrations } from './migrate';
import { Payments } from './payments';
import { BraintreeProcessor, type Processor, UnconfiguredProcessor } from './processor';
import { type DevProcessor, InProcessDevProcessor, startDevProcessor } from './processor/dev';

export interface PaymentServiceOverrides {
  log?: Logger;
  processor?: Processor;
  clock?: () => Date;
  healthIntervalMs?: number;
}

export interface RunningPaymentService {
  port: number;
  /** The development processor, when PAYMENT_DEV_PROCESSOR runs it (tests read its port and state). */
  devProcessor?: DevProcessor;
  payments: Payments;
  pool: Pool;
  stop(): Promise<void>;
}

/**
 * Config → Postgres pool → migrations → ledger store and processor (Braintree, or the development
 * processor started here and called in-process) → domain → gRPC server. The gRPC
 * server starts first, NOT_SERVING, so health answers while Postgres is still coming up; migrations
 * run as soon as it answers, and health turns SERVING only after they succeeded.
 */
export async function startPaymentService(
  config: PaymentConfig,
  overrides: PaymentServiceOverrides = {},
): Promise<RunningPaymentService> {
  const log = overrides.log ?? createLogger({ name: 'payment', level: config.logLevel });
  const pool = createPool(config.databaseUrl, {
    max: config.databasePoolMax,
    transactionPooling: config.databaseTransactionPooling,
    onIdleError: (err) => log.warn({ err }, 'idle Postgres connection closed'),
  });

  let processor = overrides.processor;
  if (!processor && config.processor) processor = new BraintreeProcessor(config.processor, log);
  let dev: DevProcessor | undefined;
  if (!processor && config.devProcessor) {
    const { port } = config.devProcessor;
    const { settleAfterMs, webhookUrl } = config.devProcessor;
    const privateKey = randomBytes(24).toString('hex');
    dev = await startDevProcessor({ port, privateKey, settleAfterMs, webhookUrl }).catch(async (err: Error) => {
      await pool.end();
      throw new Error(`PAYMENT_DEV_PROCESSOR: cannot listen on 127.0.0.1:${port}: ${err.message}`, { cause: err });
    });
    log.warn(
      { address: `127.0.0.1:${dev.port}` },
      'development payment processor on (PAYMENT_DEV_PROCESSOR): it approves test nonces and moves no money',
    );
    // Called in-process (same sales, faults and outcomes as through the SDK, see processor/dev/in-process.ts);
    // its HTTP port stays for other braintree clients.
    processor = new InProcessDevProcessor(dev, config.devProcessor.timeoutMs, log);
  }
  if (!processor) {
    log.warn('PROCESSOR_MERCHANT_ID and keys are not set: client tokens and card loads will fail');
    processor = new UnconfiguredProcessor();
  }
  // Metrics cost nothing when off: no registry, no wrapped processor, no recorder.
  const metrics = config.metricsPort ? new Metrics('payment') : undefined;
  if (metrics) {
    processor = measuredProcessor(processor, metrics);
    watchPgPool(metrics, 'ledger', pool);
    watchBacklog(metrics, pool);
  }
  const payments = new Payments({
    ...postgresLedger(pool),
    processor,
    rules: config.rules,
    log,
    clock: overrides.clock,
    reconcileAfterMs: config.reconcileAfterMs,
    maxCardsPerOwner: config.maxCardsPerOwner,
    refundsFreeLimits: config.refundsFreeLimits,
    lookbackMs: config.reconcileLookbackMs,
  });

  let migrated: Promise<boolean> | undefined;
  const migrateOnce = () => {
    migrated ??= runMigrations(pool).then(
      (applied) => {
        if (applied.length > 0) log.info({ applied }, 'migrations applied');
        return true;
      },
      (err: unknown) => {
        databaseProblem.report(err);
        migrated = undefined;
        return false;
      },
    );
    return migrated;
  };
  // A database that cannot be used (down, a TLS certificate that does not verify, a refused login)
  // keeps the service NOT_SERVING with one line naming DATABASE_URL and the reason, not one per check.
  const databaseProblem = oncePerReason((line) => log.error(`${line}; NOT_SERVING until it can be used`));
  const checkDependencies = async () => {
    const answers = await postgresAnswers(pool, databaseProblem.report);
    if (answers && (await migrateOnce())) {
      databaseProblem.clear();
      return true;
    }
    return false;
  };

  let server: Awaited<ReturnType<typeof startPaymentServer>>;
  let metricsServer: Awaited<ReturnType<typeof serveMetrics>>;
  try {
    const internalAuth = await openInternalAuth(config.internalKeysDir, 'payment', [], log);
    server = await startPaymentServer({
      payments,
      log,
      internalAuth,
      host: config.grpcHost,
      port: config.grpcPort,
      checkDependencies,
      healthIntervalMs: overrides.healthIntervalMs,
      metrics,
      loads: metrics && loadRecorder(metrics),
    });
    metricsServer =
      metrics && (await serveMetrics(metrics, { host: config.metricsHost, port: config.metricsPort ?? 0 }));
  } catch (err) {
    await dev?.close();
    await pool.end();
    throw err;
  }
  const reconciler = startReconciler(payments, config.reconcileIntervalMs, log);
  return {
    port: server.port,
    devProcessor: dev,
    payments,
    pool,
    async stop() {
      await reconciler.stop();
      // A load that reached the processor is settled before the pool closes, its caller answered if it
      // is still there: both wait as long as the processor may take (its timeout), plus the settle.
      const settleMs = (config.processor?.timeoutMs ?? config.devProcessor?.timeoutMs ?? 0) + 2_000;
      // Loads are refused from here on (another replica takes them), then the server drains.
      await Promise.all([payments.drain(settleMs), server.shutdown(settleMs), metricsServer?.stop()]);
      await dev?.close();
      await pool.end();
    },
  };
}

/**
 * Runs reconciliation every `intervalMs`: the loads' round (Payments.reconcile), then the round of money
 * that went back (Payments.reconcileMoneyBack), skipping a tick while a round still runs; stop() waits.
 */
function startReconciler(payments: Payments, intervalMs: number, log: Logger): { stop(): Promise<void> } {
  let current: Promise<void> | undefined;
  const round = async () => {
    const loads = await payments.reconcile({ skipIfBusy: true });
    if (loads.skipped) log.debug('reconciliation round skipped: another replica runs one');
    else if (loads.checked > 0) log.info(loads, 'reconciliation round');
    const back = await payments.reconcileMoneyBack({ skipIfBusy: true });
    const { reversals, creditsRecorded, disputesChanged, notificationsPruned, failed } = back;
    if (
      !back.skipped &&
      reversals.checked + creditsRecorded + disputesChanged + notificationsPruned + failed.length > 0
    ) {
      log.info(back, 'reconciliation round of money back');
    }
  };
  const timer = setInterval(() => {
    if (current) return;
    current = round()
      .catch((err: unknown) => log.warn({ err }, 'reconciliation round failed'))
      .finally(() => {
        current = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
