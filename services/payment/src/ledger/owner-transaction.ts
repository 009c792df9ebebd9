import type { Transaction } from '@gatehouse/postgres';
import type { Pool, PoolClient } from 'pg';
import type { LimitRule } from '../limits';
import { ADDRESS_LOCK, addressLockKey, velocityCountQuery } from '../velocity/count.sql';
import type { VelocityLoad, VelocityRule } from '../velocity/rule';
import { loadRefusedCtes, velocityFiredCtes } from './events';
import type { CardRecord, LoadRecord, NewLoad } from './records';
import { type CardRow, type LoadRow, prepared, toCard, toLoad } from './rows';
import type { OwnerTransaction } from './store';
import { bucketUpsert, COUNTED, cardWithUsageQuery, usageQuery } from './usage.sql';

/** The reviews of the load the CTE `inserted` writes: rule names and words, parameters from `first`. */
const reviewsCte = (first: number) => `reviewed AS (
  INSERT INTO velocity_reviews (load_id, rule_name, card_id, owner_id, client_address, message, created_at)
  SELECT inserted.id, r.name, inserted.card_id, inserted.owner_id, inserted.client_address, r.message, inserted.created_at
    FROM inserted, unnest($${first}::text[], $${first + 1}::text[]) AS r (name, message)
)`;

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

  async velocityCounts(
    rules: readonly VelocityRule[],
    load: VelocityLoad,
    now: Date,
  ): Promise<{ current: number; holdsCard: boolean }[]> {
    // After the owner's lock (the transaction's first), the address's: taken in the same order by every
    // load, so no two wait for each other in a cycle. Its own statement, before the count: under READ
    // COMMITTED the count's snapshot must start after the lock is held.
    if (load.clientAddress !== null && rules.some((r) => r.subject === 'address'))
      await this.client.query(prepared(ADDRESS_LOCK, [addressLockKey(load.clientAddress)]));
    const { text, values } = velocityCountQuery(rules, load, now);
    const { rows } = await this.client.query<Record<string, string | boolean>>(prepared(text, values));
    const row = rows[0]!;
    return rules.map((_, i) => ({ current: Number(row[`c${i}`]), holdsCard: row[`h${i}`] === true }));
  }

  async commitLoad(load: NewLoad): Promise<LoadRecord> {
    // A refused load's event (load.refused) is written by the statement too (./events.ts), checked first.
    const event = load.status === 'refused' ? loadRefusedCtes(load, 'inserted', 10) : undefined;
    // A pending load a review rule flagged is written with its reviews (velocity_reviews), atomically.
    const reviews = load.status === 'pending' && load.reviews?.length ? load.reviews : undefined;
    const reviewParam = 10 + (event?.values.length ?? 0);
    // The rules that fired (dry-run ones too): their velocity.fired events, in the same statement.
    const firedParam = reviewParam + (reviews ? 2 : 0);
    const fired = load.fired?.length ? velocityFiredCtes(load, load.fired, 'inserted', firedParam) : undefined;
    // COMMIT goes in the same write as the statement (inTransaction's commitWith). Past this point a
    // connection that fails without the server's answer leaves the commit in doubt (withOwnerLock).
    this.commitSent = true;
    const { rows } = await this.tx.commitWith<LoadRow>(
      prepared(
        // The reservation and the limits' running totals in one statement (one round trip): a pending
        // load counts from the moment it exists, a refused one never.
        `WITH inserted AS (
           INSERT INTO loads (card_id, owner_id, amount_cents, status, errors, idempotency_key, request_fingerprint,
                              created_at, settled_at, client_address)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $4 = 'refused' THEN $8::timestamptz END, $9)
           RETURNING *
         ), counted AS (
           ${bucketUpsert('inserted', `inserted.status IN ${COUNTED}`, 'added_cents')}
         )${event ? `, ${event.text}` : ''}${reviews ? `, ${reviewsCte(reviewParam)}` : ''}${fired ? `, ${fired.text}` : ''}
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
          load.clientAddress ?? null,
          ...(event?.values ?? []),
          ...(reviews ? [reviews.map((r) => r.rule), reviews.map((r) => r.message)] : []),
          ...(fired?.values ?? []),
        ],
      ),
    );
    return toLoad(rows[0]!);
  }
}
