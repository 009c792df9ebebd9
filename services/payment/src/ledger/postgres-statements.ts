// A card's statement read from the ledger's rows (../statements/statement.ts decides what they mean).
import { inTransaction } from '@gatehouse/postgres';
import type { Pool } from 'pg';
import type { LedgerMovement, MovementKind, StatementSnapshot } from './statement-records';
import type { StatementStore } from './store';

/**
 * Every movement of a card's balance, as (at, kind, id, load_id, cents): a succeeded load credits its
 * amount when it settled; a succeeded reversal debits what it debited (debited_cents: a processor refund
 * for more than the card had debits less) when it settled; a dispute lost debits debited_cents when it
 * closed (its last change: a closed dispute never changes again). Holds move no balance.
 */
const MOVEMENTS = `
  SELECT l.settled_at AS at, 'load' AS kind, l.id, l.id AS load_id, l.amount_cents AS cents
    FROM loads l WHERE l.card_id = $1 AND l.status = 'succeeded'
  UNION ALL
  SELECT r.settled_at, r.method, r.id, r.load_id, -r.debited_cents
    FROM reversals r WHERE r.card_id = $1 AND r.status = 'succeeded' AND r.debited_cents > 0
  UNION ALL
  SELECT d.updated_at, 'dispute', d.id, d.load_id, -d.debited_cents
    FROM disputes d WHERE d.card_id = $1 AND d.debited_cents > 0`;

/** Kinds at one instant in the order their rows can only have happened: a credit before what takes it. */
const KIND_ORDER = `CASE kind WHEN 'load' THEN 0 WHEN 'void' THEN 1 WHEN 'refund' THEN 1 ELSE 2 END`;

interface MovementRow {
  at: Date;
  kind: MovementKind;
  id: string;
  load_id: string | null;
  cents: string;
}

export class PostgresStatementStore implements StatementStore {
  constructor(private readonly pool: Pool) {}

  /**
   * The owner's card's movements in [from, to) and its balances, in one REPEATABLE READ, read-only
   * transaction: every statement reads one snapshot, so the opening balance, the lines, the closing
   * balance and the card's kept balance agree even while loads settle. Null when the owner has no
   * such card.
   */
  read(ownerId: string, cardId: number, from: Date, to: Date): Promise<StatementSnapshot | null> {
    return inTransaction(
      this.pool,
      async (client) => {
        const card = await client.query<{ created_at: Date; balance_cents: string }>(
          'SELECT created_at, balance_cents FROM cards WHERE id = $1 AND owner_id = $2',
          [cardId, ownerId],
        );
        const row = card.rows[0];
        if (!row) return null;
        const sums = await client.query<{ opening: string; closing: string; later: string }>(
          `SELECT coalesce(sum(cents) FILTER (WHERE at < $2), 0) AS opening,
                  coalesce(sum(cents) FILTER (WHERE at < $3), 0) AS closing,
                  coalesce(sum(cents) FILTER (WHERE at >= $3), 0) AS later
             FROM (${MOVEMENTS}) m`,
          [cardId, from, to],
        );
        const lines = await client.query<MovementRow>(
          `SELECT * FROM (${MOVEMENTS}) m WHERE at >= $2 AND at < $3 ORDER BY at, ${KIND_ORDER}, id`,
          [cardId, from, to],
        );
        const s = sums.rows[0]!;
        return {
          cardCreatedAt: row.created_at,
          openingBalanceCents: Number(s.opening),
          movements: lines.rows.map(toMovement),
          closingBalanceCents: Number(s.closing),
          laterCents: Number(s.later),
          cardBalanceCents: Number(row.balance_cents),
        };
      },
      { first: { text: 'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY' } },
    );
  }
}

const toMovement = (r: MovementRow): LedgerMovement => ({
  at: r.at,
  kind: r.kind,
  id: Number(r.id),
  loadId: r.load_id === null ? null : Number(r.load_id),
  amountCents: Number(r.cents),
});
