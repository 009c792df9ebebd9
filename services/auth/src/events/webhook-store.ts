import { newEventId, newWebhookSecret, recordEvent } from '@gatehouse/events';
import { inTransaction } from '@gatehouse/postgres';
import type { Pool, PoolClient } from 'pg';

/** An endpoint as the admin sees it (never its secret, which is shown once, when made or rotated). */
export interface Webhook {
  id: string;
  url: string;
  eventTypes: string[];
  description: string;
  enabled: boolean;
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
}

/** A delivery claimed by a dispatcher: what to send, where, signed with which secrets. */
export interface ClaimedDelivery {
  id: number;
  webhookId: string;
  url: string;
  secrets: string[];
  attempts: number;
  event: { id: string; type: string; time: Date; data: unknown };
}

export interface DeliveryView {
  id: number;
  eventId: string;
  eventType: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: { at: Date; statusCode: number | null; error: string | null; durationMs: number }[];
  nextAttemptAt: Date | null;
}

/** How an attempt ends for the delivery and its endpoint. */
export type Finish =
  | { kind: 'delivered' }
  | { kind: 'retry'; delayMs: number }
  | { kind: 'failed' }
  | { kind: 'disable'; reason: string; delayMs: number };

/** An endpoint failing without a success for this long is disabled (Svix's and Stripe's rule). */
export const FAILING_LIMIT_MS = 5 * 86_400_000;
/** A rotated-out secret keeps signing this long, so receivers switch without missing a delivery. */
export const ROTATION_OVERLAP_MS = 86_400_000;

const WEBHOOK_COLUMNS = `id, url, event_types, description, enabled, disabled_reason, failing_since, created_at`;

/** Webhooks, deliveries and the trail's outbox in Postgres (auth's 004_events.sql, @gatehouse/events). */
export class PgWebhookStore {
  constructor(private readonly pool: Pool) {}

  async create(
    input: { url: string; eventTypes: string[]; description: string },
    actor: string,
  ): Promise<{ webhook: Webhook; secret: string }> {
    const secret = newWebhookSecret();
    const id = `wh_${newEventId()}`;
    return this.audited(actor, 'create_webhook', { webhook: id }, async (client) => {
      const { rows } = await client.query(
        `INSERT INTO webhooks (id, url, event_types, description, secret) VALUES ($1, $2, $3, $4, $5) RETURNING ${WEBHOOK_COLUMNS}`,
        [id, input.url, input.eventTypes, input.description, secret],
      );
      return { webhook: toWebhook(rows[0]), secret };
    });
  }

  async list(): Promise<Webhook[]> {
    const { rows } = await this.pool.query(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks ORDER BY created_at, id`);
    return rows.map(toWebhook);
  }

  async delete(id: string, actor: string): Promise<boolean> {
    return this.audited(actor, 'delete_webhook', { webhook: id }, async (client) => {
      return ((await client.query('DELETE FROM webhooks WHERE id = $1', [id])).rowCount ?? 0) > 0;
    });
  }

  /** Turns a disabled endpoint on again; its pending deliveries go at once. */
  async enable(id: string, actor: string): Promise<Webhook | null> {
    return this.audited(actor, 'enable_webhook', { webhook: id }, async (client) => {
      const { rows } = await client.query(
        `UPDATE webhooks SET enabled = true, disabled_reason = NULL, failing_since = NULL WHERE id = $1 RETURNING ${WEBHOOK_COLUMNS}`,
        [id],
      );
      if (!rows[0]) return null;
      await client.query(
        `UPDATE webhook_deliveries SET next_attempt_at = now() WHERE webhook_id = $1 AND status = 'pending'`,
        [id],
      );
      return toWebhook(rows[0]);
    });
  }

  /** A new secret; the old one keeps signing beside it for ROTATION_OVERLAP_MS. */
  async rotateSecret(id: string, actor: string): Promise<string | null> {
    const secret = newWebhookSecret();
    return this.audited(actor, 'rotate_webhook_secret', { webhook: id }, async (client) => {
      const { rowCount } = await client.query(
        `UPDATE webhooks SET previous_secret = secret, previous_until = now() + $2 * interval '1 millisecond', secret = $3
          WHERE id = $1`,
        [id, ROTATION_OVERLAP_MS, secret],
      );
      return (rowCount ?? 0) > 0 ? secret : null;
    });
  }

  /** The endpoint's deliveries, newest first, each with its attempts. */
  async deliveries(webhookId: string, limit: number): Promise<DeliveryView[]> {
    const { rows } = await this.pool.query(
      `SELECT d.id, d.event_id, e.type, d.status, d.next_attempt_at,
              coalesce((SELECT json_agg(json_build_object('at', a.at, 'statusCode', a.status_code, 'error', a.error,
                                                          'durationMs', a.duration_ms) ORDER BY a.id)
                          FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]') AS attempts
         FROM webhook_deliveries d JOIN events.events e ON e.id = d.event_id
        WHERE d.webhook_id = $1 ORDER BY d.id DESC LIMIT $2`,
      [webhookId, limit],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      eventId: r.event_id,
      eventType: r.type,
      status: r.status,
      nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
      attempts: (
        r.attempts as { at: string; statusCode: number | null; error: string | null; durationMs: number }[]
      ).map((a) => ({ ...a, at: new Date(a.at) })),
    }));
  }

  /** Sends a delivery again now (a failed or delivered one too); false when the endpoint has no such delivery. */
  async retry(webhookId: string, deliveryId: number, actor: string): Promise<boolean> {
    return this.audited(actor, 'retry_delivery', { webhook: webhookId, delivery: deliveryId }, async (client) => {
      const { rowCount } = await client.query(
        `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), lease_until = NULL
          WHERE id = $1 AND webhook_id = $2`,
        [deliveryId, webhookId],
      );
      return (rowCount ?? 0) > 0;
    });
  }

  /**
   * An admin's change and its admin.action event (who, what, which endpoint) in one transaction: the
   * trail holds exactly the changes that were made (none for an endpoint that was not there).
   */
  private audited<T>(
    actor: string,
    method: string,
    about: Record<string, string | number>,
    change: (client: PoolClient) => Promise<T>,
  ): Promise<T> {
    return inTransaction(this.pool, async (client) => {
      const result = await change(client);
      if (result) {
        const data = { method, ...about };
        await recordEvent(client, {
          type: 'admin.action',
          actor: { kind: 'admin', id: actor },
          subjectUser: null,
          data,
        });
      }
      return result;
    });
  }

  /**
   * Takes up to `limit` events from the outbox (SKIP LOCKED: replicas take different ones) and makes
   * one delivery per enabled endpoint subscribed to its type, in one statement: an event leaves the
   * outbox exactly when its deliveries exist. The number of events taken.
   */
  async fanOut(limit: number): Promise<number> {
    const { rows } = await this.pool.query<{ taken: string }>(
      `WITH taken AS (
         DELETE FROM events.outbox WHERE event_id IN (
           SELECT event_id FROM events.outbox ORDER BY event_id LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING event_id
       ), fanned AS (
         INSERT INTO webhook_deliveries (webhook_id, event_id)
         SELECT w.id, e.id FROM taken t JOIN events.events e ON e.id = t.event_id
           JOIN webhooks w ON w.enabled AND EXISTS (
             SELECT FROM unnest(w.event_types) p
              WHERE p = '*' OR p = e.type OR (right(p, 2) = '.*' AND starts_with(e.type, left(p, -1))))
         ON CONFLICT (webhook_id, event_id) DO NOTHING
       )
       SELECT count(*) AS taken FROM taken`,
      [limit],
    );
    return Number(rows[0]?.taken ?? 0);
  }

  /**
   * Claims up to `limit` due deliveries for `leaseMs` (SKIP LOCKED, then the lease keeps other replicas
   * off while it is sent); one whose dispatcher died is claimed again when its lease runs out.
   */
  async claim(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    const { rows } = await this.pool.query(
      `UPDATE webhook_deliveries d SET lease_until = now() + $2 * interval '1 millisecond', attempts = d.attempts + 1
         FROM (SELECT d2.id FROM webhook_deliveries d2 JOIN webhooks w2 ON w2.id = d2.webhook_id AND w2.enabled
                WHERE d2.status = 'pending' AND d2.next_attempt_at <= now()
                  AND (d2.lease_until IS NULL OR d2.lease_until < now())
                ORDER BY d2.next_attempt_at, d2.id LIMIT $1 FOR UPDATE OF d2 SKIP LOCKED) due,
              webhooks w, events.events e
        WHERE d.id = due.id AND w.id = d.webhook_id AND e.id = d.event_id
       RETURNING d.id, d.webhook_id, d.attempts, w.url, w.secret,
                 CASE WHEN w.previous_until > now() THEN w.previous_secret END AS previous_secret,
                 e.id AS event_id, e.type, e.time, e.data`,
      [limit, leaseMs],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      webhookId: r.webhook_id,
      url: r.url,
      secrets: r.previous_secret ? [r.secret, r.previous_secret] : [r.secret],
      attempts: r.attempts,
      event: { id: r.event_id, type: r.type, time: r.time, data: r.data },
    }));
  }

  /**
   * Records the delivered ones of a round together, in one statement (atomic, one round trip): their
   * attempts, their status, their endpoints no longer failing. A commit and five round trips per
   * delivery were what kept the dispatcher behind a full card-load rate and cost the load path CPU.
   */
  async finishDelivered(done: { delivery: ClaimedDelivery; statusCode: number | null; durationMs: number }[]) {
    if (done.length === 0) return;
    const ids = done.map((d) => d.delivery.id);
    await this.pool.query(
      `WITH attempts AS (
         INSERT INTO webhook_attempts (delivery_id, status_code, duration_ms)
         SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[])
       ), delivered AS (
         UPDATE webhook_deliveries SET status = 'delivered', delivered_at = now(), lease_until = NULL
          WHERE id = ANY($1::bigint[])
       )
       UPDATE webhooks SET failing_since = NULL WHERE id = ANY($4::text[]) AND failing_since IS NOT NULL`,
      [
        ids,
        done.map((d) => d.statusCode),
        done.map((d) => Math.round(d.durationMs)),
        [...new Set(done.map((d) => d.delivery.webhookId))],
      ],
    );
  }

  /** Records an attempt and what follows it, for the delivery and its endpoint, together. */
  async finish(
    delivery: ClaimedDelivery,
    attempt: { statusCode: number | null; error: string | null; durationMs: number },
    finish: Finish,
  ): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await client.query(
        'INSERT INTO webhook_attempts (delivery_id, status_code, error, duration_ms) VALUES ($1, $2, $3, $4)',
        [delivery.id, attempt.statusCode, attempt.error?.slice(0, 500) ?? null, attempt.durationMs],
      );
      if (finish.kind === 'delivered') {
        await client.query(
          `UPDATE webhook_deliveries SET status = 'delivered', delivered_at = now(), lease_until = NULL WHERE id = $1`,
          [delivery.id],
        );
        await client.query('UPDATE webhooks SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL', [
          delivery.webhookId,
        ]);
        return;
      }
      await client.query(
        `UPDATE webhook_deliveries SET status = $2, lease_until = NULL,
                next_attempt_at = now() + $3 * interval '1 millisecond' WHERE id = $1`,
        [delivery.id, finish.kind === 'failed' ? 'failed' : 'pending', 'delayMs' in finish ? finish.delayMs : 0],
      );
      // Failing since the first failure after a success; past the limit the endpoint is turned off.
      await client.query(
        `UPDATE webhooks SET failing_since = coalesce(failing_since, now()),
                enabled = enabled AND NOT ($2::text IS NOT NULL OR coalesce(failing_since, now()) < now() - $3 * interval '1 millisecond'),
                disabled_reason = CASE WHEN $2::text IS NOT NULL THEN $2
                                       WHEN coalesce(failing_since, now()) < now() - $3 * interval '1 millisecond'
                                         THEN 'failing for 5 days' ELSE disabled_reason END
          WHERE id = $1`,
        [delivery.webhookId, finish.kind === 'disable' ? finish.reason : null, FAILING_LIMIT_MS],
      );
    });
  }

  /** Seconds since the oldest event still waiting for fan-out or for a delivery to an enabled endpoint. */
  async oldestUndeliveredSeconds(): Promise<number> {
    const { rows } = await this.pool.query<{ age: number | null }>(
      `SELECT extract(epoch FROM now() - least(
                (SELECT min(created_at) FROM events.outbox),
                (SELECT min(d.created_at) FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id AND w.enabled
                  WHERE d.status = 'pending')))::float8 AS age`,
    );
    return Math.max(0, rows[0]?.age ?? 0);
  }

  /**
   * Removes up to `limit` events older than `before` (their deliveries and attempts go with them);
   * SKIP LOCKED and small batches, so replicas share the work and no login waits on a long delete.
   */
  async pruneEvents(before: Date, limit: number): Promise<number> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM events.events WHERE id IN (
         SELECT id FROM events.events WHERE time < $1 ORDER BY time LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [before, limit],
    );
    return rowCount ?? 0;
  }

  async disabledCount(): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM webhooks WHERE NOT enabled');
    return rows[0]?.n ?? 0;
  }
}

function toWebhook(r: Record<string, unknown>): Webhook {
  return {
    id: r.id as string,
    url: r.url as string,
    eventTypes: r.event_types as string[],
    description: r.description as string,
    enabled: r.enabled as boolean,
    disabledReason: (r.disabled_reason as string | null) ?? null,
    failingSince: (r.failing_since as Date | null) ?? null,
    createdAt: r.created_at as Date,
  };
}
