import { openInternalAuth } from '@gatehouse/grpc-kit';
import { createLogger, type Logger } from '@gatehouse/logger';
import type { Pool } from 'pg';
import { BraintreeProcessor } from './braintree.processor';
import type { PaymentConfig } from './config';
import { createPool, postgresAnswers } from './db';
import { PostgresLedgerStore } from './ledger.store';
import { runMigrations } from './migrate';
import { Payments } from './payments.service';
import { type Processor, UnconfiguredProcessor } from './processor';
import { startPaymentServer } from './server';

export interface StartOverrides {
  log?: Logger;
  processor?: Processor;
  clock?: () => Date;
  healthIntervalMs?: number;
}

export interface RunningPaymentService {
  port: number;
  payments: Payments;
  pool: Pool;
  stop(): Promise<void>;
}

/**
 * Config → Postgres pool → migrations → ledger store and processor → domain → gRPC server. The gRPC
 * server starts first, NOT_SERVING, so health answers while Postgres is still coming up; migrations
 * run as soon as it answers, and health turns SERVING only after they succeeded.
 */
export async function startPaymentService(
  config: PaymentConfig,
  overrides: StartOverrides = {},
): Promise<RunningPaymentService> {
  const log = overrides.log ?? createLogger({ name: 'payment', level: config.logLevel });
  const pool = createPool(config.databaseUrl, {
    onIdleError: (err) => log.warn({ err }, 'idle Postgres connection closed'),
  });

  let processor = overrides.processor;
  if (!processor && config.processor) processor = new BraintreeProcessor(config.processor, log);
  if (!processor) {
    log.warn('PROCESSOR_MERCHANT_ID and keys are not set: client tokens and card loads will fail');
    processor = new UnconfiguredProcessor();
  }
  const payments = new Payments({
    store: new PostgresLedgerStore(pool),
    processor,
    rules: config.rules,
    log,
    clock: overrides.clock,
    reconcileAfterMs: config.reconcileAfterMs,
  });

  let migrated: Promise<boolean> | undefined;
  const migrateOnce = () => {
    migrated ??= runMigrations(pool).then(
      (applied) => {
        if (applied.length > 0) log.info({ applied }, 'migrations applied');
        return true;
      },
      (err: unknown) => {
        log.error({ err }, 'migrations failed; will retry');
        migrated = undefined;
        return false;
      },
    );
    return migrated;
  };
  const checkDependencies = async () => (await postgresAnswers(pool)) && (await migrateOnce());

  const internalAuth = await openInternalAuth(config.internalKeysDir, 'payment');
  const server = await startPaymentServer({
    payments,
    log,
    internalAuth,
    host: config.grpcHost,
    port: config.grpcPort,
    checkDependencies,
    healthIntervalMs: overrides.healthIntervalMs,
  });
  const reconciler = startReconciler(payments, config.reconcileIntervalMs, log);
  return {
    port: server.port,
    payments,
    pool,
    async stop() {
      await reconciler.stop();
      // A load that reached the processor is settled before the pool closes, its caller answered if it
      // is still there: both wait as long as the processor may take (its timeout), plus the settle.
      const settleMs = (config.processor?.timeoutMs ?? 0) + 2_000;
      await Promise.all([server.shutdown(settleMs), payments.drain(settleMs)]);
      await pool.end();
    },
  };
}

/** Runs Payments.reconcile every `intervalMs`, skipping a tick while a round still runs; stop() waits for it. */
function startReconciler(payments: Payments, intervalMs: number, log: Logger): { stop(): Promise<void> } {
  let current: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (current) return;
    current = payments
      .reconcile()
      .then(
        (report) => {
          if (report.checked > 0) log.info(report, 'reconciliation round');
        },
        (err: unknown) => log.warn({ err }, 'reconciliation round failed'),
      )
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
