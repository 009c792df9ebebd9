import { recordEvent } from '@gatehouse/events';
import { inTransaction, isDatabaseUnavailable } from '@gatehouse/postgres';
import type { Pool, PoolClient } from 'pg';
import { reversalEvent } from './events';
import type {
  CardFunds,
  NewReversal,
  ReversalChange,
  ReversalRecord,
  ReversalStatus,
  ReversalTarget,
} from './money-back';
import { FUNDS_COLUMNS, type FundsRow, loadBySale, OPEN_REVERSALS_SQL, readFunds, toFunds } from './money-back.sql';
import { ownerLock } from './owner-transaction';
import { LedgerUnavailableError, type LoadRecord } from './records';
import { type LoadRow, type ReversalRow, toLoad, toReversal } from './rows';
import type { ReversalStore, ReversalTransaction } from './store';
import { reversalUpsert } from './usage.sql';

/** Reversals in Postgres: every write under the owner's lock, each outcome in one statement. */
export class PostgresReversalStore implements ReversalStore {
  constructor(private readonly pool: Pool) {}

  async underOwnerLock<T>(ownerId: string, fn: (tx: ReversalTransaction) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(
        this.pool,
        (client) => fn(new PostgresReversalTransaction(client)),
        ownerLock(ownerId),
      );
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      throw new LedgerUnavailableError(err, false);
    }
  }

  async ownerOfLoad(cardId: number, loadId: number): Promise<string | null> {
    const { rows } = await this.pool.query<{ owner_id: string }>(
      'SELECT owner_id FROM loads WHERE id = $1 AND card_id = $2',
      [loadId, cardId],
    );
    return rows[0]?.owner_id ?? null;
  }

  loadBySale(transactionId: string): Promise<LoadRecord | null> {
    return loadBySale(this.pool, transactionId);
  }

  async loadSaleOf(loadId: number): Promise<string | null> {
    const { rows } = await this.pool.query<{ processor_transaction_id: string | null }>(
      'SELECT processor_transaction_id FROM loads WHERE id = $1',
      [loadId],
    );
    return rows[0]?.processor_transaction_id ?? null;
  }

  async recordedRefunds(transactionIds: readonly string[]): Promise<Set<string>> {
    if (transactionIds.length === 0) return new Set();
    const { rows } = await this.pool.query<{ processor_transaction_id: string }>(
      `SELECT processor_transaction_id FROM reversals WHERE method = 'refund' AND processor_transaction_id = ANY($1::text[])`,
      [transactionIds],
    );
    return new Set(rows.map((r) => r.processor_transaction_id));
  }

  async listReversals(loadIds: readonly number[]): Promise<ReversalRecord[]> {
    if (loadIds.length === 0) return [];
    const { rows } = await this.pool.query<ReversalRow>(
      'SELECT * FROM reversals WHERE load_id = ANY($1::bigint[]) ORDER BY id',
      [loadIds],
    );
    return rows.map(toReversal);
  }

  async listOpenReversals(before: Date, limit: number, afterId = 0): Promise<ReversalRecord[]> {
    const { rows } = await this.pool.query<ReversalRow>(
      `SELECT * FROM reversals
        WHERE status IN ${OPEN_REVERSALS_SQL} AND (status = 'awaiting_settlement' OR created_at < $1) AND id > $3
        ORDER BY id LIMIT $2`,
      [before, limit, afterId],
    );
    return rows.map(toReversal);
  }
}

type TargetRow = LoadRow &
  FundsRow & { committed_cents: string; touched: boolean; voided: boolean; dispute_status: string | null };

class PostgresReversalTransaction implements ReversalTransaction {
  constructor(private readonly client: PoolClient) {}

  async reversalByKey(requestedBy: string, idempotencyKey: string): Promise<ReversalRecord | null> {
    const { rows } = await this.client.query<ReversalRow>(
      'SELECT * FROM reversals WHERE requested_by = $1 AND idempotency_key = $2',
      [requestedBy, idempotencyKey],
    );
    return rows[0] ? toReversal(rows[0]) : null;
  }

  async target(ownerId: string, cardId: number, loadId: number): Promise<ReversalTarget | null> {
    // One statement, one snapshot: the load, its card's funds, and what its reversals and disputes say.
    const { rows } = await this.client.query<TargetRow>(
      `SELECT l.*, ${FUNDS_COLUMNS},
              (SELECT coalesce(sum(r.amount_cents), 0) FROM reversals r
                WHERE r.load_id = l.id AND (r.status = 'succeeded' OR r.status IN ${OPEN_REVERSALS_SQL})) AS committed_cents,
              EXISTS (SELECT 1 FROM reversals r
                WHERE r.load_id = l.id AND (r.status = 'succeeded' OR r.status IN ${OPEN_REVERSALS_SQL})) AS touched,
              EXISTS (SELECT 1 FROM reversals r
                WHERE r.load_id = l.id AND r.status = 'succeeded' AND r.method = 'void') AS voided,
              (SELECT d.status FROM disputes d WHERE d.load_id = l.id AND d.status <> 'won'
                ORDER BY d.id DESC LIMIT 1) AS dispute_status
         FROM loads l JOIN cards c ON c.id = l.card_id
        WHERE l.id = $3 AND l.card_id = $2 AND l.owner_id = $1 AND c.owner_id = $1`,
      [ownerId, cardId, loadId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      load: toLoad(row),
      funds: toFunds(row),
      committedCents: Number(row.committed_cents),
      touched: row.touched,
      voided: row.voided,
      disputeStatus: row.dispute_status,
    };
  }

  async insertReversal(r: NewReversal): Promise<ReversalRecord> {
    const { rows } = await this.client.query<ReversalRow>(
      `INSERT INTO reversals (load_id, card_id, owner_id, amount_cents, method, status, requested_by, errors,
                              idempotency_key, request_fingerprint, whole, created_at, settled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, CASE WHEN $6 = 'refused' THEN $12::timestamptz END)
       RETURNING *`,
      [
        r.loadId,
        r.cardId,
        r.ownerId,
        r.amountCents,
        r.method,
        r.status,
        r.requestedBy,
        JSON.stringify(r.errors),
        r.idempotencyKey,
        r.requestFingerprint,
        r.whole,
        r.createdAt,
      ],
    );
    const inserted = toReversal(rows[0]!);
    // A reversal refused by a rule has its outcome now: its event in this transaction.
    if (inserted.status === 'refused') await recordEvent(this.client, reversalEvent(inserted, 'refused'));
    return inserted;
  }

  async reversal(id: number): Promise<ReversalRecord | null> {
    const { rows } = await this.client.query<ReversalRow>('SELECT * FROM reversals WHERE id = $1 FOR UPDATE', [id]);
    return rows[0] ? toReversal(rows[0]) : null;
  }

  async reversalOfRefund(transactionId: string): Promise<ReversalRecord | null> {
    const { rows } = await this.client.query<ReversalRow>(
      `SELECT * FROM reversals WHERE method = 'refund' AND processor_transaction_id = $1`,
      [transactionId],
    );
    return rows[0] ? toReversal(rows[0]) : null;
  }

  funds(cardId: number): Promise<CardFunds> {
    return readFunds(this.client, cardId);
  }

  async switchToRefund(reversalId: number): Promise<void> {
    await this.client.query(`UPDATE reversals SET method = 'refund' WHERE id = $1 AND status = 'pending'`, [
      reversalId,
    ]);
  }

  async apply(
    reversal: ReversalRecord,
    c: ReversalChange,
    from: readonly ReversalStatus[],
  ): Promise<{ reversal: ReversalRecord; balanceCents: number } | null> {
    // One statement: the reversal's row (with what it debited: a statement's movement), the card, the
    // load's reversed amount and the limits' running totals (a void, or a refund with PAYMENT_REFUNDS_FREE_LIMITS, stops counting in the load's own
    // buckets). The status condition makes an outcome happen once.
    const { rows } = await this.client.query<ReversalRow & { card_balance: string }>(
      `WITH changed AS (
         UPDATE reversals SET status = $2, method = $3, processor_transaction_id = $4, processor_response_code = $5,
                processor_response_text = $6, errors = $7, settled_at = $8, debited_cents = debited_cents + $10
          WHERE id = $1 AND status = ANY($9) RETURNING *
       ), card AS (
         UPDATE cards SET balance_cents = cards.balance_cents - $10, shortfall_cents = cards.shortfall_cents + $11,
                frozen_at = CASE WHEN $11 > 0 THEN coalesce(cards.frozen_at, $12) ELSE cards.frozen_at END
           FROM changed WHERE cards.id = changed.card_id RETURNING cards.balance_cents
       ), reversed_load AS (
         UPDATE loads SET reversed_cents = loads.reversed_cents
                            + CASE WHEN changed.status = 'succeeded' THEN changed.amount_cents ELSE 0 END,
                          uncounted_cents = loads.uncounted_cents + $13
           FROM changed WHERE loads.id = changed.load_id
         RETURNING loads.owner_id, loads.created_at, $13::bigint AS amount_cents,
                   -- What still counts elsewhere, and the load once reversed in full: freed for the
                   -- policies whose reversals free their share (migrations/011).
                   CASE WHEN changed.status = 'succeeded' THEN changed.amount_cents - $13 ELSE 0 END AS freed_cents,
                   CASE WHEN changed.status = 'succeeded' AND changed.amount_cents > 0
                         AND loads.reversed_cents >= loads.amount_cents THEN 1 ELSE 0 END AS freed_count
       ), uncounted AS (
         ${reversalUpsert('reversed_load')}
       )
       SELECT changed.*, (SELECT balance_cents FROM card) AS card_balance FROM changed`,
      [
        reversal.id,
        c.status,
        c.method,
        c.processorTransactionId,
        c.processorResponseCode,
        c.processorResponseText,
        JSON.stringify(c.errors),
        c.settledAt,
        from,
        c.debitCents,
        c.shortfallCents,
        c.settledAt ?? new Date(),
        c.uncountCents,
      ],
    );
    const row = rows[0];
    if (!row) return null;
    const changed = toReversal(row);
    // reversal.<outcome> in the transaction of the change (pending ones that stay pending are none).
    await recordEvent(this.client, reversalEvent(changed, c.outcome));
    return { reversal: changed, balanceCents: Number(row.card_balance) };
  }
}
