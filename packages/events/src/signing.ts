import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new endpoint secret in Standard Webhooks' form: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The body every receiver gets: Standard Webhooks' `{type, timestamp, data}`, and `source`, the workload
 * that wrote the event (the trail's writer, set by the database: issue 43), so a receiver can tell a
 * payment event from an auth one by more than its type.
 */
export function deliveryBody(event: { type: string; time: Date; source: string; data: unknown }): string {
  return JSON.stringify({
    type: event.type,
    timestamp: event.time.toISOString(),
    source: event.source,
    data: event.data,
  });
}

/**
 * The Standard Webhooks headers (the `standardwebhooks` package signs, so its verify accepts them
 * unchanged): webhook-id is the event's id, the same on every retry, so a receiver dedupes by it. A
 * secret being rotated out signs too, its signature beside the new one (space-separated).
 */
export function signedHeaders(
  eventId: string,
  body: string,
  secrets: readonly string[],
  now: Date = new Date(),
): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(eventId, now, body));
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
