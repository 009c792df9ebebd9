import { WebhookSender } from '@gatehouse/events';
import type { Logger } from '@gatehouse/logger';
import type { Metrics } from '@gatehouse/metrics';
import type { Pool } from 'pg';
import type { EventsSettings } from './config';
import { PgDeliveryQueue } from './delivery-queue';
import { WebhookDispatcher } from './dispatcher';
import { startRetention } from './retention';
import { PgTrail } from './trail';
import { WebhookSecrets } from './webhook-secrets';
import { PgWebhookStore } from './webhook-store';

export { type EventsSettings, eventsSettingsShape, resolveEventsSettings } from './config';
export { PgWebhookStore } from './webhook-store';

export interface RunningEvents {
  /** What auth.v1.EventsService serves from (grpc/events-handlers.ts). */
  api: { webhooks: PgWebhookStore; trail: PgTrail; allowPrivate: boolean };
  stop(): Promise<void>;
}

/**
 * The trail's background work in this auth replica: the webhook dispatcher and retention, and their
 * metrics (deliveries by outcome, the oldest undelivered event's age, disabled endpoints).
 */
export function startEvents(options: {
  pool: Pool;
  settings: EventsSettings;
  log: Logger;
  metrics?: Metrics;
}): RunningEvents {
  const { pool, settings, log, metrics } = options;
  const secrets = new WebhookSecrets(settings.secretKeys);
  // The store wakes the dispatcher made below when an admin makes deliveries due.
  let dispatcher: WebhookDispatcher | undefined;
  const webhooks = new PgWebhookStore(pool, { secrets, onDue: () => dispatcher?.wake() });
  const sealing = sealStoredSecrets(webhooks, secrets, log);
  const sender = new WebhookSender({ allowPrivate: settings.allowPrivate });
  if (settings.allowPrivate) log.warn('WEBHOOK_ALLOW_PRIVATE is on: webhooks may reach private and loopback addresses');
  const deliveries = metrics?.counter('gatehouse_webhook_deliveries_total', 'Webhook delivery attempts, by outcome', [
    'outcome',
  ]);
  if (metrics) {
    const lag = metrics.gauge(
      'gatehouse_webhook_oldest_undelivered_seconds',
      'Age of the oldest event not yet delivered',
    );
    const disabled = metrics.gauge('gatehouse_webhook_disabled_endpoints', 'Webhook endpoints disabled');
    metrics.beforeScrape(async () => {
      lag.set(await webhooks.oldestUndeliveredSeconds());
      disabled.set(await webhooks.disabledCount());
    });
  }
  dispatcher = new WebhookDispatcher({
    queue: new PgDeliveryQueue(pool, secrets),
    sender,
    schedule: settings.retrySchedule,
    pollMs: settings.pollMs,
    log,
    onAttempt: (outcome) => deliveries?.inc({ outcome }),
  });
  const running = dispatcher;
  running.start();
  const retention = startRetention({ pool, retentionMs: settings.retentionMs, log });
  return {
    api: { webhooks, trail: new PgTrail(pool), allowPrivate: settings.allowPrivate },
    async stop() {
      await Promise.all([running.stop(), retention.stop(), sealing]);
      await sender.close();
    },
  };
}

/**
 * At start, the endpoint secrets stored in the clear (before sealing, or while AUTH_TOTP_KEY was unset)
 * or sealed with a retired key are sealed with the current one: a step of the code, not a migration, as
 * the key is not the database's. Meanwhile they still open; a failure is logged, never fatal.
 */
async function sealStoredSecrets(webhooks: PgWebhookStore, secrets: WebhookSecrets, log: Logger): Promise<void> {
  if (!secrets.sealing) {
    log.warn('AUTH_TOTP_KEY is unset: webhook secrets are stored unsealed (set it to seal them)');
    return;
  }
  try {
    const report = await webhooks.sealStored();
    if (report.sealed > 0) log.info(report, 'webhook secrets sealed with the current key');
    if (report.unopenable > 0)
      log.warn(report, 'webhook secrets sealed with a key that is not configured: keep it, or rotate their secrets');
  } catch (err) {
    log.warn({ err }, 'sealing the stored webhook secrets failed; they still open, and the next start tries again');
  }
}
