import { inTransaction } from '@gatehouse/postgres';
import type { Pool } from 'pg';
import { WebhookSecretError, type WebhookSecrets } from './webhook-secrets';

/** A delivery claimed by a dispatcher: what to send, where, signed with which secrets. */
export interface ClaimedDelivery {
  id: number;
  webhookId: string;
  url: string;
  /** The current secret first, then one being rotated out; none when the stored one does not open. */
  secrets: string[];
  /** Why the endpoint's secret does not open (its key is gone, or it was altered or copied from another endpoint). */
  secretError?: string;
  attempts: number;
  event: { id: string; type: string; time: Date; source: string; data: unknown };
}

/** How an attempt ends for the delivery and its endpoint. */
export type Finish =
  | { kind: 'delivered' }
  | { kind: 'retry'; delayMs: number }
  | { kind: 'failed' }
  | { kind: 'disable'; reason: string; delayMs: number };

/**
 * The data a receiver gets: the event's, and `user_id`, the user it is about (its subject), wherever it
 * has one, so a receiver can act on `user.blocked` or `session.ended` (issue 43). Added as it is sent:
 * the trail's own data stays the type's strict schema of ids and codes.
 */
export function deliveredData(data: Record<string, unknown>, subjectUser: string | null): Record<string, unknown> {
  return subjectUser ? { ...data, user_id: subjectUser } : data;
}

/** An endpoint failing without a success for this long is disabled (Svix's and Stripe's rule). */
export const FAILING_LIMIT_MS = 5 * 86_400_000;

/**
 * The dispatcher's side of the deliveries (auth's 004_events.sql): what is waiting, the outbox's
 * fan-out, claims under a lease, and each attempt's outcome. Shared by every auth replica's dispatcher.
 */
export class PgDeliveryQueue {
  /** `secrets` opens the endpoints' stored secrets (sealed under auth's key). */
  constructor(
    private readonly pool: Pool,
    private readonly secrets: WebhookSecrets,
  ) {}

  /**
   * Whether a round would find anything: events in the outbox, deliveries due to an enabled endpoint and
   * not leased. An idle dispatcher asks this alone, one small named statement a poll, instead of the
   * fan-out and the claim (two writes), which cost an idle stack a core's 1.5 % at four polls a second.
   */
  async pending(): Promise<{ outbox: boolean; due: boolean }> {
    const { rows } = await this.pool.query<{ outbox: boolean; due: boolean }>({
      name: 'webhooks-pending',
      text: `SELECT EXISTS (SELECT FROM events.outbox) AS outbox,
                    EXISTS (SELECT FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id AND w.enabled
                             WHERE d.status = 'pending' AND d.next_attempt_at <= now()
                               AND (d.lease_until IS NULL OR d.lease_until < now())) AS due`,
    });
    return { outbox: rows[0]?.outbox ?? false, due: rows[0]?.due ?? false };
  }

  /**
   * Takes up to `limit` events from the outbox (SKIP LOCKED: replicas take different ones) and makes
   * one delivery per enabled endpoint subscribed to its type, in one statement: an event leaves the
   * outbox exactly when its deliveries exist. The number of events taken.
   */
  async fanOut(limit: number): Promise<number> {
    // Named, as every statement the pump sends each round: parsed and planned once per connection.
    const { rows } = await this.pool.query<{ taken: string }>({
      name: 'webhooks-fan-out',
      text: `WITH taken AS (
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
      values: [limit],
    });
    return Number(rows[0]?.taken ?? 0);
  }

  /**
   * Claims up to `limit` due deliveries for `leaseMs` (SKIP LOCKED, then the lease keeps other replicas
   * off while it is sent); one whose dispatcher died is claimed again when its lease runs out. None of
   * the endpoints in `skip` (those with enough on the wire from this replica already).
   */
  async claim(limit: number, leaseMs: number, skip: readonly string[] = []): Promise<ClaimedDelivery[]> {
    const { rows } = await this.pool.query({
      name: 'webhooks-claim',
      text: `UPDATE webhook_deliveries d SET lease_until = now() + $2 * interval '1 millisecond', attempts = d.attempts + 1
         FROM (SELECT d2.id FROM webhook_deliveries d2 JOIN webhooks w2 ON w2.id = d2.webhook_id AND w2.enabled
                WHERE d2.status = 'pending' AND d2.next_attempt_at <= now()
                  AND (d2.lease_until IS NULL OR d2.lease_until < now())
                  AND d2.webhook_id <> ALL ($3::text[])
                ORDER BY d2.next_attempt_at, d2.id LIMIT $1 FOR UPDATE OF d2 SKIP LOCKED) due,
              webhooks w, events.events e
        WHERE d.id = due.id AND w.id = d.webhook_id AND e.id = d.event_id
       RETURNING d.id, d.webhook_id, d.attempts, w.url, w.secret,
                 CASE WHEN w.previous_until > now() THEN w.previous_secret END AS previous_secret,
                 e.id AS event_id, e.type, e.time, e.source, e.subject_user, e.data`,
      values: [limit, leaseMs, skip],
    });
    // Opened once per endpoint of the claim: a batch is mostly one endpoint's.
    const opened = new Map<string, ReturnType<PgDeliveryQueue['openSecrets']>>();
    const secretsOf = (r: { webhook_id: string; secret: string; previous_secret: string | null }) => {
      const found = opened.get(r.webhook_id) ?? this.openSecrets(r.webhook_id, r.secret, r.previous_secret);
      opened.set(r.webhook_id, found);
      return found;
    };
    return rows.map((r) => ({
      id: Number(r.id),
      webhookId: r.webhook_id,
      url: r.url,
      ...secretsOf(r),
      attempts: r.attempts,
      event: {
        id: r.event_id,
        type: r.type,
        time: r.time,
        source: r.source,
        data: deliveredData(r.data, r.subject_user),
      },
    }));
  }

  /**
   * The endpoint's secrets, opened: the current one, and the one being rotated out while it still signs
   * (left out when it alone does not open). None, and why, when the current one does not open.
   */
  private openSecrets(webhookId: string, secret: string, previous: string | null) {
    const open = (stored: string) => {
      try {
        return { secret: this.secrets.open(stored, webhookId) };
      } catch (err) {
        if (!(err instanceof WebhookSecretError)) throw err;
        return { error: err.message };
      }
    };
    const current = open(secret);
    if (current.secret === undefined) return { secrets: [], secretError: current.error };
    const old = previous === null ? undefined : open(previous).secret;
    return { secrets: old === undefined ? [current.secret] : [current.secret, old] };
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
}
