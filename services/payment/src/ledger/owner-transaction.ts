import type { Transaction } from '@gatehouse/postgres';
import type { Pool, PoolClient } from 'pg';
import type { LimitRule } from '../limits';
import { loadRefusedCtes } from './events';
import type { CardRecord, LoadRecord, NewLoad } from './records';
import { type CardRow, type LoadRow, prepared, toCard, toLoad } from './rows';
import type { OwnerTransaction } from './store';
import { bucketUpsert, COUNTED, cardWithUsageQuery, usageQuery } from './usage.sql';

/**
 * The owner's transaction-scoped advisory lock, the transaction's first statement (sent in BEGIN's
 * write, before any statement of the transaction reads: READ COMMITTED, each statement's snapshot
 * starts when it starts). Held until COMMIT/ROLLBACK, never across the processor call. A prepared
 * statement with the key as a parameter: sent as simple SQL with BEGIN it was parsed and planned again
 * on every load. Two owners whose hashes collide merely wait for each other.
 */
export const ownerLock = (ownerId: string) => ({
  first: prepared('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`payment.owner:${ownerId}`]),
});

export async function findCard(db: Pool | PoolClient, ownerId: string, cardId: number): Promise<CardRecord | null> {
  const { rows } = await db.query<CardRow>(
    prepared('SELECT * FROM cards WHERE id = $1 AND owner_id = $2', [cardId, ownerId]),
  );
  return rows[0] ? toCard(rows[0]) : null;
}

export class PostgresOwnerTransaction implements OwnerTransaction {
  /** Set once the reservation's COMMIT has gone to the server (commitLoad). */
  commitSent = false;

  constructor(
    private readonly client: PoolClient,
    private readonly tx: Transaction,
    private readonly ownerId: string,
  ) {}

  findCard(cardId: number): Promise<CardRecord | null> {
    return findCard(this.client, this.ownerId, cardId);
  }

  async findLoadByKey(idempotencyKey: string): Promise<LoadRecord | null> {
    const { rows } = await this.client.query<LoadRow>(
      prepared('SELECT * FROM loads WHERE owner_id = $1 AND idempotency_key = $2', [this.ownerId, idempotencyKey]),
    );
    return rows[0] ? toLoad(rows[0]) : null;
  }

  async usage(rules: readonly LimitRule[], cardId: number, now: Date): Promise<number[]> {
    if (rules.length === 0) return [];
    // One statement, so every total comes from the same snapshot; it reads running totals, not history.
    const { text, values } = usageQuery(rules, this.ownerId, cardId, now);
    const { rows } = await this.client.query<Record<string, string>>(prepared(text, values));
    return rules.map((_, i) => Number(rows[0]![`r${i}`]));
  }

  async cardWithUsage(
    cardId: number,
    rules: readonly LimitRule[],
    now: Date,
  ): Promise<{ card: CardRecord; usage: number[]; ownerClosed: boolean } | null> {
    const { text, values } = cardWithUsageQuery(rules, this.ownerId, cardId, now);
    const { rows } = await this.client.query<CardRow & Record<string, string> & { owner_closed: boolean }>(
      prepared(text, values),
    );
    const row = rows[0];
    if (!row) return null;
    return { card: toCard(row), usage: rules.map((_, i) => Number(row[`r${i}`])), ownerClosed: row.owner_closed };
  }

  async commitLoad(load: NewLoad): Promise<LoadRecord> {
    // A refused load's event (load.refused) is written by the statement too (./events.ts), checked first.
    const event = load.status === 'refused' ? loadRefusedCtes(load, 'inserted', 9) : undefined;
    // COMMIT goes in the same write as the statement (inTransaction's commitWith). Past this point a
    // connection that fails without the server's answer leaves the commit in doubt (withOwnerLock).
    this.commitSent = true;
    const { rows } = await this.tx.commitWith<LoadRow>(
      prepared(
        // The reservation and the limits' running totals in one statement (one round trip): a pending
        // load counts from the moment it exists, a refused one never.
        `WITH inserted AS (
           INSERT INTO loads (card_id, owner_id, amount_cents, status, errors, idempotency_key, request_fingerprint,
                              created_at, settled_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $4 = 'refused' THEN $8::timestamptz END) RETURNING *
         ), counted AS (
           ${bucketUpsert('inserted', `inserted.status IN ${COUNTED}`, 'added_cents')}
         )${event ? `, ${event.text}` : ''}
         SELECT * FROM inserted`,
        [
          load.cardId,
          load.ownerId,
          load.amountCents,
          load.status,
          JSON.stringify(load.errors),
          load.idempotencyKey,
          load.requestFingerprint,
          load.createdAt,
          ...(event?.values ?? []),
        ],
      ),
    );
    return toLoad(rows[0]!);
  }
}
