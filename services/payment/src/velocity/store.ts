import { eventCtes } from '@gatehouse/events';
import type { Pool } from 'pg';
import type { VelocityRule } from './rule';

/**
 * velocity_rules and velocity_reviews (migrations/010_velocity_rules.sql). Every change of a rule
 * notifies every replica (the table's trigger); each admin change writes its event in its own statement.
 */

interface RuleRow {
  name: string;
  subject: VelocityRule['subject'];
  counts: VelocityRule['counts'];
  threshold: string;
  window_seconds: number;
  action: VelocityRule['action'];
  mode: VelocityRule['mode'];
  source: VelocityRule['source'];
  updated_at: Date;
  updated_by: string;
}

export interface StoredRule extends VelocityRule {
  updatedAt: Date;
  updatedBy: string;
}

const toRule = (r: RuleRow): StoredRule => ({
  name: r.name,
  subject: r.subject,
  counts: r.counts,
  threshold: Number(r.threshold),
  windowSeconds: r.window_seconds,
  action: r.action,
  mode: r.mode,
  source: r.source,
  updatedAt: r.updated_at,
  updatedBy: r.updated_by,
});

export interface VelocityReview {
  id: number;
  loadId: number;
  rule: string;
  cardId: number;
  ownerId: string;
  clientAddress: string | null;
  amountCents: number;
  loadStatus: string;
  message: string;
  createdAt: Date;
  outcome: 'cleared' | 'confirmed' | null;
  reason: string | null;
  resolvedBy: string | null;
  resolvedAt: Date | null;
}

const COLUMNS = 'name, subject, counts, threshold, window_seconds, action, mode, source, updated_at, updated_by';
const ruleValues = (r: VelocityRule) => [r.name, r.subject, r.counts, r.threshold, r.windowSeconds, r.action, r.mode];
/** An admin's change of a rule as an event, written by the statement that makes it (the CTE `changed`). */
const adminEvent = (
  type: 'velocity.rule_created' | 'velocity.rule_updated' | 'velocity.rule_deleted',
  by: string,
  rule: string,
  firstParam = 9,
) => eventCtes({ type, actor: { kind: 'admin', id: by }, data: { rule } }, { rows: 'changed', firstParam });

export class VelocityStore {
  constructor(private readonly pool: Pool) {}

  async list(): Promise<StoredRule[]> {
    const { rows } = await this.pool.query<RuleRow>(`SELECT ${COLUMNS} FROM velocity_rules ORDER BY name`);
    return rows.map(toRule);
  }

  async get(name: string): Promise<StoredRule | null> {
    const { rows } = await this.pool.query<RuleRow>(`SELECT ${COLUMNS} FROM velocity_rules WHERE name = $1`, [name]);
    return rows[0] ? toRule(rows[0]) : null;
  }

  /** A new admin rule and its event; null when the name is taken. */
  async create(rule: VelocityRule, by: string): Promise<StoredRule | null> {
    const event = adminEvent('velocity.rule_created', by, rule.name);
    const { rows } = await this.pool.query<RuleRow>(
      `WITH changed AS (
         INSERT INTO velocity_rules (name, subject, counts, threshold, window_seconds, action, mode, source, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'admin', $8) ON CONFLICT (name) DO NOTHING RETURNING *
       ), ${event.text}
       SELECT ${COLUMNS} FROM changed`,
      [...ruleValues(rule), by, ...event.values],
    );
    return rows[0] ? toRule(rows[0]) : null;
  }

  /** Replaces an admin rule (never a file's: `source` stays as it was and is checked by the caller). */
  async replace(rule: VelocityRule, by: string): Promise<StoredRule | null> {
    const event = adminEvent('velocity.rule_updated', by, rule.name);
    const { rows } = await this.pool.query<RuleRow>(
      `WITH changed AS (
         UPDATE velocity_rules SET subject = $2, counts = $3, threshold = $4, window_seconds = $5, action = $6,
                mode = $7, updated_by = $8, updated_at = now()
          WHERE name = $1 AND source = 'admin' RETURNING *
       ), ${event.text}
       SELECT ${COLUMNS} FROM changed`,
      [...ruleValues(rule), by, ...event.values],
    );
    return rows[0] ? toRule(rows[0]) : null;
  }

  /** Removes an admin rule; false when there is no such admin rule. */
  async remove(name: string, by: string): Promise<boolean> {
    const event = adminEvent('velocity.rule_deleted', by, name, 2);
    const { rows } = await this.pool.query(
      `WITH changed AS (DELETE FROM velocity_rules WHERE name = $1 AND source = 'admin' RETURNING name),
       ${event.text}
       SELECT 1 FROM changed`,
      [name, ...event.values],
    );
    return rows.length > 0;
  }

  /**
   * PAYMENT_VELOCITY_RULES_FILE's rules made the file rules, in one transaction: each written (a rule of
   * that name made on the admin API becomes the file's), and the file rules no longer in it removed.
   * Every replica starting with the same file writes the same rows.
   */
  async syncFile(rules: readonly VelocityRule[]): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`DELETE FROM velocity_rules WHERE source = 'file' AND NOT (name = ANY($1::text[]))`, [
        rules.map((r) => r.name),
      ]);
      for (const r of rules)
        await client.query(
          `INSERT INTO velocity_rules (name, subject, counts, threshold, window_seconds, action, mode, source, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'file', 'PAYMENT_VELOCITY_RULES_FILE')
           ON CONFLICT (name) DO UPDATE SET subject = EXCLUDED.subject, counts = EXCLUDED.counts,
                threshold = EXCLUDED.threshold, window_seconds = EXCLUDED.window_seconds, action = EXCLUDED.action,
                mode = EXCLUDED.mode, source = 'file', updated_by = EXCLUDED.updated_by, updated_at = now()
            WHERE (velocity_rules.subject, velocity_rules.counts, velocity_rules.threshold,
                   velocity_rules.window_seconds, velocity_rules.action, velocity_rules.mode, velocity_rules.source)
                  IS DISTINCT FROM (EXCLUDED.subject, EXCLUDED.counts, EXCLUDED.threshold, EXCLUDED.window_seconds,
                   EXCLUDED.action, EXCLUDED.mode, 'file')`,
          ruleValues(r),
        );
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  /**
   * Flagged loads by id (oldest first), in keyset pages: those after `afterId`, `limit` of them; open
   * only (unresolved) unless `all`.
   */
  async reviews(afterId: number, limit: number, all: boolean): Promise<VelocityReview[]> {
    const { rows } = await this.pool.query(
      `SELECT r.*, l.amount_cents, l.status AS load_status FROM velocity_reviews r JOIN loads l ON l.id = r.load_id
        WHERE r.id > $1 AND ($3 OR r.outcome IS NULL) ORDER BY r.id LIMIT $2`,
      [afterId, limit, all],
    );
    return rows.map(toReview);
  }

  /** Resolves an open review and writes its event; 'not_found', or 'resolved' when it already was. */
  async resolve(
    id: number,
    outcome: 'cleared' | 'confirmed',
    reason: string,
    by: string,
    now: Date,
  ): Promise<VelocityReview | 'not_found' | 'resolved'> {
    const found = await this.pool.query<{ load_id: string; rule_name: string; owner_id: string }>(
      'SELECT load_id, rule_name, owner_id FROM velocity_reviews WHERE id = $1',
      [id],
    );
    const review = found.rows[0];
    if (!review) return 'not_found';
    const event = eventCtes(
      {
        type: 'velocity.review_resolved',
        actor: { kind: 'admin', id: by },
        subjectUser: review.owner_id,
        data: { review_id: id, load_id: Number(review.load_id), rule: review.rule_name, outcome },
      },
      { rows: 'changed', firstParam: 6 },
    );
    // Only an open review changes (two admins resolving at once: the second hears it was resolved).
    const { rows } = await this.pool.query(
      `WITH changed AS (
         UPDATE velocity_reviews SET outcome = $2, reason = $3, resolved_by = $4, resolved_at = $5
          WHERE id = $1 AND outcome IS NULL RETURNING *
       ), ${event.text}
       SELECT c.*, l.amount_cents, l.status AS load_status FROM changed c JOIN loads l ON l.id = c.load_id`,
      [id, outcome, reason, by, now, ...event.values],
    );
    return rows[0] ? toReview(rows[0]) : 'resolved';
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a row of velocity_reviews joined with its load
function toReview(r: any): VelocityReview {
  return {
    id: Number(r.id),
    loadId: Number(r.load_id),
    rule: r.rule_name,
    cardId: Number(r.card_id),
    ownerId: r.owner_id,
    clientAddress: r.client_address,
    amountCents: Number(r.amount_cents),
    loadStatus: r.load_status,
    message: r.message,
    createdAt: r.created_at,
    outcome: r.outcome,
    reason: r.reason,
    resolvedBy: r.resolved_by,
    resolvedAt: r.resolved_at,
  };
}
