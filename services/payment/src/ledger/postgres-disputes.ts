import { recordEvent } from '@gatehouse/events';
import { inTransaction } from '@gatehouse/postgres';
import type { Pool, PoolClient } from 'pg';
import { disputeEvent } from './events';
import type { CardFunds, DisputeChange, DisputeRecord } from './money-back';
import { loadBySale, moveCard, readFunds } from './money-back.sql';
import { ownerLock } from './owner-transaction';
import type { LoadRecord } from './records';
import { type DisputeRow, toDispute } from './rows';
import type { DisputeStore, DisputeTransaction, NotificationOutcome, ReceivedNotification } from './store';

/** Disputes and the processor's notifications in Postgres. */
export class PostgresDisputeStore implements DisputeStore {
  constructor(private readonly pool: Pool) {}

  recordNotification(
    n: ReceivedNotification,
    fn: (tx: DisputeTransaction) => Promise<NotificationOutcome>,
  ): Promise<NotificationOutcome | 'duplicate'> {
    return inTransaction(this.pool, async (client) => {
      // The digest first: a second delivery of the same payload waits here for the first one's
      // transaction, then finds its row and changes nothing.
      const { rowCount } = await client.query(
        `INSERT INTO processor_notifications (digest, kind, subject_id, notified_at, received_at, outcome, bt_signature, bt_payload)
         VALUES ($1, $2, $3, $4, $5, 'received', $6, $7) ON CONFLICT (digest) DO NOTHING`,
        [n.digest, n.kind, n.subjectId, n.notifiedAt, n.receivedAt, n.signature, n.payload],
      );
      if (rowCount === 0) return 'duplicate' as const;
      const outcome = await fn(new PostgresDisputeTransaction(client));
      await client.query('UPDATE processor_notifications SET outcome = $2 WHERE digest = $1', [n.digest, outcome]);
      return outcome;
    });
  }

  inTransaction<T>(fn: (tx: DisputeTransaction) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, (client) => fn(new PostgresDisputeTransaction(client)));
  }

  async listDisputes(cardId: number): Promise<DisputeRecord[]> {
    const { rows } = await this.pool.query<DisputeRow>('SELECT * FROM disputes WHERE card_id = $1 ORDER BY id DESC', [
      cardId,
    ]);
    return rows.map(toDispute);
  }

  async disputeStatuses(processorDisputeIds: readonly string[]): Promise<Map<string, string>> {
    if (processorDisputeIds.length === 0) return new Map();
    const { rows } = await this.pool.query<{ processor_dispute_id: string; status: string; load_id: string | null }>(
      'SELECT processor_dispute_id, status, load_id FROM disputes WHERE processor_dispute_id = ANY($1::text[])',
      [processorDisputeIds],
    );
    // An unmatched dispute is looked at again each time: its load may have appeared since.
    return new Map(rows.filter((r) => r.load_id !== null).map((r) => [r.processor_dispute_id, r.status]));
  }

  async listUnmatchedDisputes(limit: number): Promise<DisputeRecord[]> {
    const { rows } = await this.pool.query<DisputeRow>(
      'SELECT * FROM disputes WHERE load_id IS NULL ORDER BY id DESC LIMIT $1',
      [limit],
    );
    return rows.map(toDispute);
  }

  async pruneNotifications(before: Date, limit: number): Promise<number> {
    // In batches (by the index on received_at), so a large backlog never holds many rows' locks at once.
    const { rowCount } = await this.pool.query(
      `DELETE FROM processor_notifications WHERE digest IN (
         SELECT digest FROM processor_notifications WHERE received_at < $1 LIMIT $2)`,
      [before, limit],
    );
    return rowCount ?? 0;
  }
}

class PostgresDisputeTransaction implements DisputeTransaction {
  constructor(private readonly client: PoolClient) {}

  loadBySale(transactionId: string): Promise<LoadRecord | null> {
    return loadBySale(this.client, transactionId);
  }

  async lockOwner(ownerId: string): Promise<void> {
    await this.client.query(ownerLock(ownerId).first);
  }

  async dispute(processorDisputeId: string): Promise<DisputeRecord | null> {
    // Two notifications of one new dispute would both find no row: the dispute's own lock orders them.
    await this.client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `payment.dispute:${processorDisputeId}`,
    ]);
    const { rows } = await this.client.query<DisputeRow>(
      'SELECT * FROM disputes WHERE processor_dispute_id = $1 FOR UPDATE',
      [processorDisputeId],
    );
    return rows[0] ? toDispute(rows[0]) : null;
  }

  funds(cardId: number): Promise<CardFunds> {
    return readFunds(this.client, cardId);
  }

  async save(
    existing: DisputeRecord | null,
    load: LoadRecord | null,
    c: DisputeChange,
    at: Date,
  ): Promise<DisputeRecord> {
    const closedAt = c.closed ? at : null;
    const values = [
      c.status,
      c.amountCents,
      c.kind,
      c.reason,
      c.heldCents,
      c.debitCents,
      c.shortfallCents,
      at,
      closedAt,
      load?.id ?? null,
      load?.cardId ?? null,
      load?.ownerId ?? null,
    ];
    const { rows } = existing
      ? await this.client.query<DisputeRow>(
          `UPDATE disputes SET status = $1, amount_cents = $2, kind = $3, reason = $4, held_cents = $5,
                  debited_cents = debited_cents + $6, shortfall_cents = shortfall_cents + $7, updated_at = $8,
                  closed_at = coalesce(closed_at, $9), load_id = coalesce(load_id, $10), card_id = coalesce(card_id, $11),
                  owner_id = coalesce(owner_id, $12)
            WHERE id = $13 RETURNING *`,
          [...values, existing.id],
        )
      : await this.client.query<DisputeRow>(
          `INSERT INTO disputes (status, amount_cents, kind, reason, held_cents, debited_cents, shortfall_cents,
                                 received_at, updated_at, closed_at, load_id, card_id, owner_id,
                                 processor_dispute_id, processor_transaction_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $12, $13, $14) RETURNING *`,
          [...values, c.processorDisputeId, c.processorTransactionId],
        );
    if (load) {
      await moveCard(
        this.client,
        load.cardId,
        { debitCents: c.debitCents, holdDeltaCents: c.holdDeltaCents, shortfallCents: c.shortfallCents },
        at,
      );
    }
    const saved = toDispute(rows[0]!);
    // dispute.<outcome> in the dispute's transaction (@gatehouse/events).
    await recordEvent(this.client, disputeEvent(saved, c.outcome));
    return saved;
  }
}
