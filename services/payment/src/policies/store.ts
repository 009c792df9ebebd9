import { recordEvent } from '@gatehouse/events';
import type { Pool, PoolClient } from 'pg';
import type { LimitPolicy, LimitWindow, PolicyScope, PolicySnapshot } from './policy';

/** A policy row as the admin API lists it: the policy, and when and by whom it was set last. */
export interface StoredPolicy extends LimitPolicy {
  reversalsFree: boolean;
  updatedAt: Date;
  updatedBy: string;
}

interface PolicyRow {
  scope: PolicyScope;
  subject: string;
  time_window: LimitWindow;
  max_cents: string | null;
  max_count: number | null;
  reversals_free: boolean;
  updated_at: Date;
  updated_by: string;
}

const toPolicy = (r: PolicyRow): StoredPolicy => ({
  scope: r.scope,
  subject: r.subject,
  window: r.time_window,
  maxCents: r.max_cents === null ? null : Number(r.max_cents),
  maxCount: r.max_count,
  reversalsFree: r.reversals_free,
  updatedAt: r.updated_at,
  updatedBy: r.updated_by,
});

/** The order the admin API lists policies in: broadest scope first, then subject, then window length. */
const ORDER = `ORDER BY array_position(ARRAY['programme', 'tier', 'user', 'card'], scope), subject,
  array_position(ARRAY['1 day', '7 days', '30 days', '365 days', 'lifetime'], time_window)`;

/**
 * limit_policies and owner_limit_tiers (migrations/008 and 011). Each change by an admin writes its
 * event (limits.policy_changed, limits.tier_changed) in the same transaction, and the tables' trigger
 * notifies every replica's cache at its commit.
 */
export class PolicyStore {
  constructor(private readonly pool: Pool) {}

  /** Every policy and tier, in one snapshot (REPEATABLE READ would be stricter; one statement suffices). */
  async snapshot(): Promise<PolicySnapshot> {
    const { rows } = await this.pool.query<{
      kind: 'policy' | 'tier';
      scope: PolicyScope;
      subject: string;
      time_window: LimitWindow;
      max_cents: string | null;
      max_count: number | null;
      reversals_free: boolean | null;
    }>(
      `SELECT 'policy' AS kind, scope, subject, time_window, max_cents, max_count, reversals_free FROM limit_policies
       UNION ALL
       SELECT 'tier', 'tier', owner_id, tier, NULL, NULL, NULL FROM owner_limit_tiers`,
    );
    const policies: LimitPolicy[] = [];
    const tiers = new Map<string, string>();
    for (const r of rows) {
      if (r.kind === 'tier') tiers.set(r.subject, r.time_window);
      else
        policies.push({
          scope: r.scope,
          subject: r.subject,
          window: r.time_window,
          maxCents: r.max_cents === null ? null : Number(r.max_cents),
          maxCount: r.max_count,
          ...(r.reversals_free ? { reversalsFree: true } : {}),
        });
    }
    return { policies, tiers };
  }

  /** The policies, all or those of one scope (and subject). */
  async list(filter: { scope?: PolicyScope; subject?: string } = {}): Promise<StoredPolicy[]> {
    const { rows } = await this.pool.query<PolicyRow>(
      `SELECT * FROM limit_policies WHERE ($1::text IS NULL OR scope = $1) AND ($2::text IS NULL OR subject = $2) ${ORDER}`,
      [filter.scope ?? null, filter.subject ?? null],
    );
    return rows.map(toPolicy);
  }

  /** Sets (or with both maxima null, removes) one policy; the trigger notifies every replica. */
  async put(policy: LimitPolicy, by: string): Promise<StoredPolicy | null> {
    if (policy.maxCents === null && policy.maxCount === null) {
      await this.remove(policy, by);
      return null;
    }
    return this.inTransaction(async (client) => {
      const { rows } = await client.query<PolicyRow>(
        `INSERT INTO limit_policies (scope, subject, time_window, max_cents, max_count, reversals_free, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (scope, subject, time_window) DO UPDATE
            SET max_cents = EXCLUDED.max_cents, max_count = EXCLUDED.max_count,
                reversals_free = EXCLUDED.reversals_free, updated_at = now(), updated_by = EXCLUDED.updated_by
         RETURNING *`,
        [policy.scope, policy.subject, policy.window, policy.maxCents, policy.maxCount, !!policy.reversalsFree, by],
      );
      await this.policyEvent(client, policy, 'set', by);
      return toPolicy(rows[0]!);
    });
  }

  /** Removes one policy: false when there was none (and nothing is recorded). */
  async remove(policy: Pick<LimitPolicy, 'scope' | 'subject' | 'window'>, by: string): Promise<boolean> {
    return this.inTransaction(async (client) => {
      const { rowCount } = await client.query(
        'DELETE FROM limit_policies WHERE scope = $1 AND subject = $2 AND time_window = $3',
        [policy.scope, policy.subject, policy.window],
      );
      if (!rowCount) return false;
      await this.policyEvent(client, policy, 'deleted', by);
      return true;
    });
  }

  /** Whether a card of this id exists (a card policy names one). */
  async cardExists(cardId: number): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM cards WHERE id = $1', [cardId]);
    return !!rowCount;
  }

  async tierOf(ownerId: string): Promise<{ tier: string; updatedAt: Date } | null> {
    const { rows } = await this.pool.query<{ tier: string; updated_at: Date }>(
      'SELECT tier, updated_at FROM owner_limit_tiers WHERE owner_id = $1',
      [ownerId],
    );
    return rows[0] ? { tier: rows[0].tier, updatedAt: rows[0].updated_at } : null;
  }

  /** A user's tier; null puts them back on the programme default. `by`: the admin ('' the system), for the event. */
  async setTier(ownerId: string, tier: string | null, by = ''): Promise<void> {
    await this.inTransaction(async (client) => {
      const { rowCount } =
        tier === null
          ? await client.query('DELETE FROM owner_limit_tiers WHERE owner_id = $1', [ownerId])
          : await client.query(
              `INSERT INTO owner_limit_tiers (owner_id, tier) VALUES ($1, $2)
               ON CONFLICT (owner_id) DO UPDATE SET tier = EXCLUDED.tier, updated_at = now()
               WHERE owner_limit_tiers.tier <> EXCLUDED.tier`,
              [ownerId, tier],
            );
      // Nothing changed (the same tier again, or no tier removed): no event.
      if (!rowCount) return;
      await recordEvent(client, {
        type: 'limits.tier_changed',
        data: { tier },
        actor: by ? { kind: 'admin', id: by } : { kind: 'system' },
        subjectUser: ownerId,
      });
    });
  }

  private policyEvent(
    client: PoolClient,
    policy: Pick<LimitPolicy, 'scope' | 'subject' | 'window'>,
    change: 'set' | 'deleted',
    by: string,
  ) {
    return recordEvent(client, {
      type: 'limits.policy_changed',
      data: { scope: policy.scope, subject: policy.subject, window: policy.window, change },
      actor: by ? { kind: 'admin', id: by } : { kind: 'system' },
      subjectUser: policy.scope === 'user' ? policy.subject : null,
    });
  }

  private async inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }
}
