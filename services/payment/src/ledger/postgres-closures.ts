import { inTransaction } from '@gatehouse/postgres';
import type { Pool } from 'pg';
import { ownerLock } from './owner-transaction';
import type { OwnerClosureStore, OwnerHolding } from './store';

/**
 * Owners closed for erasure (migrations/006_owner_closures.sql). Closing reads the owner's money and
 * writes the closure under the owner's lock, so it cannot interleave with a load's reservation (taken
 * under the same lock, and reading the closure there): a load reserved before is seen as open money, a
 * load reserved after sees the closure.
 */
export class PostgresOwnerClosures implements OwnerClosureStore {
  constructor(private readonly pool: Pool) {}

  async close(ownerId: string, now: Date, until: Date): Promise<OwnerHolding[]> {
    // A database that cannot answer fails the call (UNAVAILABLE): the erase is refused, nothing closed.
    return inTransaction(
      this.pool,
      async (client) => {
        const { rows } = await client.query<Record<OwnerHolding, boolean>>(
          `SELECT EXISTS (SELECT 1 FROM cards WHERE owner_id = $1 AND balance_cents > 0) AS balance,
                    EXISTS (SELECT 1 FROM loads WHERE owner_id = $1 AND status IN ('pending', 'unknown')) AS open_loads,
                    EXISTS (SELECT 1 FROM reversals r JOIN cards c ON c.id = r.card_id
                             WHERE c.owner_id = $1 AND r.status IN ('pending', 'awaiting_settlement', 'unknown'))
                      AS open_reversals`,
          [ownerId],
        );
        const found = rows[0] as Record<OwnerHolding, boolean>;
        const holding = (['balance', 'open_loads', 'open_reversals'] as const).filter((h) => found[h]);
        if (holding.length > 0) return holding;
        // Closed again: the later end stands.
        await client.query(
          `INSERT INTO owner_closures (owner_id, closed_at, closed_until) VALUES ($1, $2, $3)
             ON CONFLICT (owner_id) DO UPDATE SET closed_at = EXCLUDED.closed_at,
               closed_until = GREATEST(owner_closures.closed_until, EXCLUDED.closed_until)`,
          [ownerId, now, until],
        );
        return [];
      },
      ownerLock(ownerId),
    );
  }

  async isClosed(ownerId: string, now: Date): Promise<boolean> {
    const { rows } = await this.pool.query<{ closed: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM owner_closures WHERE owner_id = $1 AND closed_until > $2) AS closed',
      [ownerId, now],
    );
    return rows[0]?.closed === true;
  }
}
