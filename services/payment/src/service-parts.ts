// The composition root's parts that are not wiring (service.ts): which payment processor this process
// talks to, and the reconciliation rounds it runs on a timer.
import { randomBytes } from 'node:crypto';
import type { Logger } from '@gatehouse/logger';
import type { PaymentConfig } from './config';
import type { Payments } from './payments';
import { BraintreeProcessor, type Processor, UnconfiguredProcessor } from './processor';
import { type DevProcessor, InProcessDevProcessor, startDevProcessor } from './processor/dev';

/** What of the process's closers (grpc-kit's Closers) opening a processor needs: register what it opened. */
interface OpensClosing {
  open<T>(name: string, value: T, close: (value: T) => unknown): T;
}

/**
 * The payment processor: one given in code, Braintree (PROCESSOR_*), or the development processor
 * (PAYMENT_DEV_PROCESSOR) started here, registered with `closers`, and called in-process.
 */
export async function openProcessor(
  config: PaymentConfig,
  overrides: { processor?: Processor },
  log: Logger,
  closers: OpensClosing,
): Promise<{ processor: Processor; dev?: DevProcessor }> {
  if (overrides.processor) return { processor: overrides.processor };
  if (config.processor) return { processor: new BraintreeProcessor(config.processor, log) };
  if (config.devProcessor) {
    const { port, settleAfterMs, webhookUrl, timeoutMs } = config.devProcessor;
    const privateKey = randomBytes(24).toString('hex');
    const dev = closers.open(
      'development processor',
      await startDevProcessor({ port, privateKey, settleAfterMs, webhookUrl }).catch((err: Error) => {
        throw new Error(`PAYMENT_DEV_PROCESSOR: cannot listen on 127.0.0.1:${port}: ${err.message}`, { cause: err });
      }),
      (d) => d.close(),
    );
    log.warn(
      { address: `127.0.0.1:${dev.port}` },
      'development payment processor on (PAYMENT_DEV_PROCESSOR): it approves test nonces and moves no money',
    );
    // Called in-process (same sales, faults and outcomes as through the SDK, see processor/dev/in-process.ts);
    // its HTTP port stays for other braintree clients.
    return { processor: new InProcessDevProcessor(dev, timeoutMs, log), dev };
  }
  log.warn('PROCESSOR_MERCHANT_ID and keys are not set: client tokens and card loads will fail');
  return { processor: new UnconfiguredProcessor() };
}

/**
 * Runs reconciliation every `intervalMs`: the loads' round (Payments.reconcile), then the round of money
 * that went back (Payments.reconcileMoneyBack), then the ledger's housekeeping (old client addresses
 * forgotten, old overview counters removed), skipping a tick while a round still runs; stop() waits.
 */
export function startReconciler(
  payments: Payments,
  intervalMs: number,
  log: Logger,
  settlementDaily: () => Promise<unknown> | undefined,
  housekeeping: () => Promise<{ addressesForgotten: number; hoursPruned: number }> = async () => ({
    addressesForgotten: 0,
    hoursPruned: 0,
  }),
): { stop(): Promise<void> } {
  let current: Promise<void> | undefined;
  const round = async () => {
    // The day's settlement first: one INSERT when a replica already has the day (issue 49 §3).
    await Promise.resolve(settlementDaily()).catch((err: unknown) =>
      log.warn({ err }, 'settlement reconciliation failed'),
    );
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
    const kept = await housekeeping().catch((err: unknown) => {
      log.warn({ err }, "the ledger's housekeeping failed; trying again next round");
      return { addressesForgotten: 0, hoursPruned: 0 };
    });
    if (kept.addressesForgotten > 0)
      log.info({ loads: kept.addressesForgotten }, 'client addresses forgotten (PAYMENT_CLIENT_ADDRESS_RETENTION)');
    if (kept.hoursPruned > 0) log.info({ hours: kept.hoursPruned }, 'overview counters older than 35 days removed');
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
