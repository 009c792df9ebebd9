import type { Pool } from 'pg';
import type { LimitPolicy, LimitWindow, PolicyScope, PolicySnapshot } from './policy';

/** limit_policies and owner_limit_tiers (migrations/008_limit_policies.sql). */
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
    }>(
      `SELECT 'policy' AS kind, scope, subject, time_window, max_cents, max_count FROM limit_policies
       UNION ALL
       SELECT 'tier', 'tier', owner_id, tier, NULL, NULL FROM owner_limit_tiers`,
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
        });
    }
    return { policies, tiers };
  }

  /** Sets (or with both maxima null, removes) one policy; the trigger notifies every replica. */
  async put(policy: LimitPolicy, by: string): Promise<void> {
    if (policy.maxCents === null && policy.maxCount === null) {
      await this.pool.query('DELETE FROM limit_policies WHERE scope = $1 AND subject = $2 AND time_window = $3', [
        policy.scope,
        policy.subject,
        policy.window,
      ]);
      return;
    }
    await this.pool.query(
      `INSERT INTO limit_policies (scope, subject, time_window, max_cents, max_count, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (scope, subject, time_window) DO UPDATE
          SET max_cents = EXCLUDED.max_cents, max_count = EXCLUDED.max_count, updated_at = now(),
              updated_by = EXCLUDED.updated_by`,
      [policy.scope, policy.subject, policy.window, policy.maxCents, policy.maxCount, by],
    );
  }

  /** A user's tier; null puts them back on the programme default. */
  async setTier(ownerId: string, tier: string | null): Promise<void> {
    if (tier === null) await this.pool.query('DELETE FROM owner_limit_tiers WHERE owner_id = $1', [ownerId]);
    else
      await this.pool.query(
        `INSERT INTO owner_limit_tiers (owner_id, tier) VALUES ($1, $2)
         ON CONFLICT (owner_id) DO UPDATE SET tier = EXCLUDED.tier, updated_at = now()`,
        [ownerId, tier],
      );
  }
}
