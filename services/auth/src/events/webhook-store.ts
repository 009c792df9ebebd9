import { newEventId, newWebhookSecret, recordEvent } from '@gatehouse/events';
import { inTransaction } from '@gatehouse/postgres';
import type { Pool, PoolClient } from 'pg';
import { WebhookSecretError, type WebhookSecrets } from './webhook-secrets';

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

export interface DeliveryView {
  id: number;
  eventId: string;
  eventType: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: { at: Date; statusCode: number | null; error: string | null; durationMs: number }[];
  nextAttemptAt: Date | null;
}

/** What an admin may change of an endpoint; an absent field is kept. */
export interface WebhookChange {
  url?: string;
  eventTypes?: string[];
  description?: string;
}

/** A rotated-out secret keeps signing this long, so receivers switch without missing a delivery. */
export const ROTATION_OVERLAP_MS = 86_400_000;

const WEBHOOK_COLUMNS = `id, url, event_types, description, enabled, disabled_reason, failing_since, created_at`;

/**
 * Webhooks as the admin manages them, their deliveries as the admin sees them, and the trail's
 * retention, in Postgres (auth's 004_events.sql, @gatehouse/events). The dispatcher's side of the
 * deliveries is delivery-queue.ts.
 */
export class PgWebhookStore {
  private readonly secrets: WebhookSecrets;
  private readonly onDue: () => void;

  /**
   * `secrets`: how endpoint secrets are stored (sealed under auth's key); `onDue`: told when an admin
   * makes deliveries due now (a retry, an endpoint on again): the dispatcher's wake.
   */
  constructor(
    private readonly pool: Pool,
    options: { secrets: WebhookSecrets; onDue?: () => void },
  ) {
    this.secrets = options.secrets;
    this.onDue = options.onDue ?? (() => {});
  }

  async create(
    input: { url: string; eventTypes: string[]; description: string },
    actor: string,
  ): Promise<{ webhook: Webhook; secret: string }> {
    const secret = newWebhookSecret();
    const id = `wh_${newEventId()}`;
    return this.audited(actor, 'create_webhook', { webhook: id }, async (client) => {
      const { rows } = await client.query(
        `INSERT INTO webhooks (id, url, event_types, description, secret) VALUES ($1, $2, $3, $4, $5) RETURNING ${WEBHOOK_COLUMNS}`,
        [id, input.url, input.eventTypes, input.description, this.secrets.seal(secret, id)],
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
    }).then((webhook) => {
      if (webhook) this.onDue();
      return webhook;
    });
  }

  /**
   * Changes the endpoint's url, subscription or description (what `change` holds). Events made from the
   * commit on are fanned out by the new subscription; deliveries already made keep going (to the new url).
   */
  async update(id: string, change: WebhookChange, actor: string): Promise<Webhook | null> {
    const fields = (['url', 'eventTypes', 'description'] as const).filter((f) => change[f] !== undefined);
    const names = fields.map((f) => (f === 'eventTypes' ? 'event_types' : f));
    return this.audited(actor, 'update_webhook', { webhook: id, fields: names }, async (client) => {
      const { rows } = await client.query(
        `UPDATE webhooks SET url = coalesce($2, url), event_types = coalesce($3, event_types),
                description = coalesce($4, description) WHERE id = $1 RETURNING ${WEBHOOK_COLUMNS}`,
        [id, change.url ?? null, change.eventTypes ?? null, change.description ?? null],
      );
      return rows[0] ? toWebhook(rows[0]) : null;
    });
  }

  /**
   * Turns the endpoint off by hand, as a 410 or 5 days of failures do (delivery-queue.ts): no delivery
   * is made for events made while it is off, and its pending deliveries wait, unclaimed, for enable().
   * An endpoint already off keeps its first reason.
   */
  async disable(id: string, reason: string, actor: string): Promise<Webhook | null> {
    return this.audited(actor, 'disable_webhook', { webhook: id }, async (client) => {
      const { rows } = await client.query(
        `UPDATE webhooks SET disabled_reason = CASE WHEN enabled THEN $2 ELSE disabled_reason END, enabled = false
          WHERE id = $1 RETURNING ${WEBHOOK_COLUMNS}`,
        [id, reason],
      );
      return rows[0] ? toWebhook(rows[0]) : null;
    });
  }

  /** A new secret; the old one keeps signing beside it for ROTATION_OVERLAP_MS. */
  async rotateSecret(id: string, actor: string): Promise<string | null> {
    const secret = newWebhookSecret();
    return this.audited(actor, 'rotate_webhook_secret', { webhook: id }, async (client) => {
      const { rowCount } = await client.query(
        `UPDATE webhooks SET previous_secret = secret, previous_until = now() + $2 * interval '1 millisecond', secret = $3
          WHERE id = $1`,
        [id, ROTATION_OVERLAP_MS, this.secrets.seal(secret, id)],
      );
      return (rowCount ?? 0) > 0 ? secret : null;
    });
  }

  /**
   * Seals every stored secret that is not sealed with the current key (in the clear from before sealing
   * or from a stack without the key, or sealed with a retired key), each written only if its row still
   * holds what was read, so an admin's rotation at that moment is never overwritten. Run by every auth
   * replica at start and by the reseal CLI; safe at once on many. Without a key it does nothing.
   */
  async sealStored(): Promise<{ sealed: number; unopenable: number }> {
    const report = { sealed: 0, unopenable: 0 };
    if (!this.secrets.sealing) return report;
    let after = '';
    for (;;) {
      const { rows } = await this.pool.query<{ id: string; secret: string; previous_secret: string | null }>(
        'SELECT id, secret, previous_secret FROM webhooks WHERE id > $1 ORDER BY id LIMIT 200',
        [after],
      );
      for (const row of rows) {
        if (this.secrets.isCurrent(row.secret) && this.secrets.isCurrent(row.previous_secret)) continue;
        let secret: string;
        let previous: string | null;
        try {
          secret = this.secrets.seal(this.secrets.open(row.secret, row.id), row.id);
          previous = row.previous_secret && this.secrets.seal(this.secrets.open(row.previous_secret, row.id), row.id);
        } catch (err) {
          if (!(err instanceof WebhookSecretError)) throw err;
          report.unopenable++;
          continue;
        }
        const { rowCount } = await this.pool.query(
          `UPDATE webhooks SET secret = $4, previous_secret = $5
            WHERE id = $1 AND secret = $2 AND previous_secret IS NOT DISTINCT FROM $3`,
          [row.id, row.secret, row.previous_secret, secret, previous],
        );
        report.sealed += rowCount ?? 0;
      }
      if (rows.length < 200) return report;
      after = rows[rows.length - 1]?.id ?? after;
    }
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
    }).then((found) => {
      if (found) this.onDue();
      return found;
    });
  }

  /**
   * An admin's change and its admin.action event (who, what, which endpoint) in one transaction: the
   * trail holds exactly the changes that were made (none for an endpoint that was not there).
   */
  private audited<T>(
    actor: string,
    method: string,
    about: Record<string, string | number | string[]>,
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
