import {
  answeredByServer,
  inTransaction,
  isDatabaseUnavailable,
  type Transaction,
  type TransactionOptions,
} from '@gatehouse/postgres';
import type { Pool, PoolClient } from 'pg';
import { cardCreatedCtes, loadSettledCtes, type SettledLoad } from './events';
import { findCard, ownerLock, PostgresOwnerTransaction } from './owner-transaction';
import {
  type CardRecord,
  LedgerUnavailableError,
  type LoadRecord,
  type Settlement,
  type UnsentRelease,
  type UnsentReservation,
} from './records';
import { type CardRow, type LoadRow, prepared, toCard, toLoad } from './rows';
import type { LedgerStore, OwnerTransaction } from './store';
import { bucketUpsert, COUNTED } from './usage.sql';

/** How long a reconciliation round may hold its lock's connection idle before Postgres ends it. */
const ROUND_LOCK_IDLE_LIMIT = '15min';

/** The ledger in Postgres (migrations/). Every query runs on `pool`, whose timeouts bound it. */
export class PostgresLedgerStore implements LedgerStore {
  constructor(private readonly pool: Pool) {}

  async createCard(ownerId: string, name: string, now: Date, maxCards: number): Promise<CardRecord | null> {
    // The owner's lock (the one loads take) makes count-then-insert one step for that owner.
    // One write on the pipelining pool: BEGIN and the lock, the insert, COMMIT.
    // card.created in the same statement (./events.ts): written exactly when the card is.
    const event = cardCreatedCtes(ownerId, 'card', 5);
    return this.transaction(async (_client, tx) => {
      const { rows } = await tx.commitWith<CardRow>(
        prepared(
          `WITH card AS (
             INSERT INTO cards (owner_id, name, created_at) SELECT $1, $2, $3
              WHERE (SELECT count(*) FROM cards WHERE owner_id = $1) < $4
                AND NOT EXISTS (SELECT 1 FROM owner_closures WHERE owner_id = $1 AND closed_until > $3)
             RETURNING *
           ), ${event.text}
           SELECT * FROM card`,
          [ownerId, name, now, maxCards, ...event.values],
        ),
      );
      return rows[0] ? toCard(rows[0]) : null;
    }, ownerLock(ownerId));
  }

  async listCards(ownerId: string, page: { afterId: number; limit: number }): Promise<CardRecord[]> {
    const { rows } = await this.pool.query<CardRow>(
      'SELECT * FROM cards WHERE owner_id = $1 AND id > $2 ORDER BY id LIMIT $3',
      [ownerId, page.afterId, page.limit],
    );
    return rows.map(toCard);
  }

  async findCard(ownerId: string, cardId: number): Promise<CardRecord | null> {
    return findCard(this.pool, ownerId, cardId);
  }

  async listLoads(cardId: number): Promise<LoadRecord[]> {
    const { rows } = await this.pool.query<LoadRow>('SELECT * FROM loads WHERE card_id = $1 ORDER BY id DESC', [
      cardId,
    ]);
    return rows.map(toLoad);
  }

  async withOwnerLock<T>(ownerId: string, fn: (tx: OwnerTransaction) => Promise<T>): Promise<T> {
    let owner: PostgresOwnerTransaction | undefined;
    try {
      return await this.transaction((client, tx) => {
        owner = new PostgresOwnerTransaction(client, tx, ownerId);
        return fn(owner);
      }, ownerLock(ownerId));
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      // A COMMIT the server refused did not commit; one whose connection failed first may have.
      throw new LedgerUnavailableError(err, (owner?.commitSent ?? false) && !answeredByServer(err));
    }
  }

  async releaseUnsent(r: UnsentReservation, release: UnsentRelease): Promise<LoadRecord | null> {
    // One statement, as settle: the load ends failed and stops counting against the limits together.
    // The key goes (the row keeps the attempt, the key may run the load again); owner, key, fingerprint
    // and creation time are the reservation's own, so no other load can match.
    const { rows } = await this.pool.query<LoadRow>(
      prepared(
        `WITH released AS (
           UPDATE loads SET status = 'failed', idempotency_key = NULL, errors = $5, processor_response_text = $6,
                  settled_at = $7
            WHERE owner_id = $1 AND idempotency_key = $2 AND request_fingerprint = $3 AND created_at = $4
              AND status = 'pending'
           RETURNING *
         ), uncounted AS (
           ${bucketUpsert('released', 'TRUE', 'removed_cents')}
         )
         SELECT * FROM released`,
        [
          r.ownerId,
          r.idempotencyKey,
          r.requestFingerprint,
          r.createdAt,
          JSON.stringify(release.errors),
          release.text,
          release.releasedAt,
        ],
      ),
    );
    return rows[0] ? toLoad(rows[0]) : null;
  }

  async listUnsettled(before: Date, limit: number, afterId = 0): Promise<LoadRecord[]> {
    const { rows } = await this.pool.query<LoadRow>(
      `SELECT * FROM loads WHERE status IN ('pending', 'unknown') AND created_at < $1 AND id > $3 ORDER BY id LIMIT $2`,
      [before, limit, afterId],
    );
    return rows.map(toLoad);
  }

  async settle(
    load: SettledLoad,
    s: Settlement,
    from: readonly ('pending' | 'unknown')[] = ['pending'],
  ): Promise<{ load: LoadRecord; balanceCents: number }> {
    // Settled by a reconciliation round (it alone settles from unknown): load.reconciled.
    const event = loadSettledCtes(load, s, from.includes('unknown'), 'settled', 9);
    // One statement, so one implicit transaction: the status change, the limits' running totals, the
    // credit and the outcome's event (./events.ts) happen together (a load settled from pending or unknown was counted until now).
    // The status condition makes settling happen once (a second attempt finds no row), and the credit
    // is balance = balance + amount in SQL, never a read-modify-write, so no update is lost. Every
    // part of the statement reads the same snapshot, hence the credited balance is taken from
    // `credited` and the unchanged one from `cards`.
    const { rows } = await this.pool.query<LoadRow & { card_balance: string }>(
      prepared(
        `WITH settled AS (
         UPDATE loads SET status = $2, processor_transaction_id = $3, processor_response_code = $4,
                processor_response_text = $5, errors = $6, settled_at = $7
          WHERE id = $1 AND status = ANY($8) RETURNING *
       ), uncounted AS (
         -- A load that ends failed stops counting against the limits, in this same statement.
         ${bucketUpsert('settled', `settled.status NOT IN ${COUNTED}`, 'removed_cents')}
       ), credited AS (
         UPDATE cards SET balance_cents = cards.balance_cents + settled.amount_cents
           FROM settled WHERE cards.id = settled.card_id AND settled.status = 'succeeded'
         RETURNING cards.balance_cents
       ), ${event.text}
       SELECT settled.*, coalesce((SELECT balance_cents FROM credited),
                                  (SELECT balance_cents FROM cards WHERE id = settled.card_id)) AS card_balance
         FROM settled`,
        [
          load.id,
          s.status,
          s.processorTransactionId,
          s.processorResponseCode,
          s.processorResponseText,
          JSON.stringify(s.errors),
          s.settledAt,
          from,
          ...event.values,
        ],
      ),
    );
    const row = rows[0];
    if (!row) throw new Error(`load ${load.id} is no longer ${from.join(' or ')}`);
    return { load: toLoad(row), balanceCents: Number(row.card_balance) };
  }

  /**
   * A transaction-scoped advisory lock held by one connection for the round, taken without waiting
   * (pg_try_advisory_xact_lock) or waited for: it works through a transaction-mode pooler, and ends with the
   * transaction, or with the connection if the process dies. The round's own statements run on other
   * connections of the pool, so it needs at least two (DATABASE_POOL_MAX).
   */
  async exclusiveRound<T>(
    round: () => Promise<T>,
    options: { wait: boolean },
  ): Promise<{ ran: true; value: T } | { ran: false }> {
    return this.transaction(async (client) => {
      // The lock's connection is idle while the round runs: the 30 s idle-in-transaction bound would
      // end it (and the lock) mid-round. A round is bounded by its page size and processor timeouts.
      await client.query(`SET LOCAL idle_in_transaction_session_timeout = '${ROUND_LOCK_IDLE_LIMIT}'`);
      // Waiting is bounded by the statement timeout (a round that runs longer fails this one).
      const { rows } = await client.query<{ taken: boolean }>(
        options.wait
          ? 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0)) IS NOT NULL AS taken'
          : 'SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS taken',
        ['payment.reconcile'],
      );
      if (!rows[0]?.taken) return { ran: false as const };
      return { ran: true as const, value: await round() };
    });
  }

  /**
   * One transaction on one client (@gatehouse/postgres): a connection that saw the server go away or
   * turn read-only (a failover) is destroyed, never pooled again, and so is one whose ROLLBACK failed.
   */
  private transaction<T>(
    fn: (client: PoolClient, tx: Transaction) => Promise<T>,
    options?: TransactionOptions,
  ): Promise<T> {
    return inTransaction(this.pool, fn, options);
  }
}
