import { WebhookSender } from '@gatehouse/events';
import type { Logger } from '@gatehouse/logger';
import type { Metrics } from '@gatehouse/metrics';
import type { Pool } from 'pg';
import type { EventsSettings } from './config';
import { PgDeliveryQueue } from './delivery-queue';
import { WebhookDispatcher } from './dispatcher';
import { startRetention } from './retention';
import { PgTrail } from './trail';
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
  // The store wakes the dispatcher made below when an admin makes deliveries due.
  let dispatcher: WebhookDispatcher | undefined;
  const webhooks = new PgWebhookStore(pool, () => dispatcher?.wake());
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
    queue: new PgDeliveryQueue(pool),
    sender,
    schedule: settings.retrySchedule,
    pollMs: settings.pollMs,
    log,
    onAttempt: (outcome) => deliveries?.inc({ outcome }),
  });
  const running = dispatcher;
  running.start();
  const retention = startRetention({ store: webhooks, retentionMs: settings.retentionMs, log });
  return {
    api: { webhooks, trail: new PgTrail(pool), allowPrivate: settings.allowPrivate },
    async stop() {
      await Promise.all([running.stop(), retention.stop()]);
      await sender.close();
    },
  };
}
