// The SQL that reversals and disputes share: what a card can give, the one way a card's balance, hold
// and shortfall change, and the load a processor transaction is the sale of.
import type { Pool, PoolClient } from 'pg';
import { type CardFunds, OPEN_REVERSAL } from './money-back';
import type { LoadRecord } from './records';
import { type LoadRow, prepared, toLoad } from './rows';

/** `('pending', 'awaiting_settlement', 'unknown')`: reversals reserved against their card and load. */
export const OPEN_REVERSALS_SQL = `(${OPEN_REVERSAL.map((s) => `'${s}'`).join(', ')})`;

/** The columns of a card's funds, for a query over `cards c`. */
export const FUNDS_COLUMNS = `c.id AS card_id, c.balance_cents AS card_balance, c.held_cents AS card_held,
  c.frozen_at IS NOT NULL AS card_frozen, c.shortfall_cents AS card_shortfall,
  (SELECT coalesce(sum(r.amount_cents), 0) FROM reversals r
    WHERE r.card_id = c.id AND r.status IN ${OPEN_REVERSALS_SQL}) AS card_reserved`;

export interface FundsRow {
  card_id: string;
  card_balance: string;
  card_held: string;
  card_frozen: boolean;
  card_shortfall: string;
  card_reserved: string;
}

export const toFunds = (r: FundsRow): CardFunds => ({
  cardId: Number(r.card_id),
  balanceCents: Number(r.card_balance),
  heldCents: Number(r.card_held),
  reservedCents: Number(r.card_reserved),
  frozen: r.card_frozen,
  shortfallCents: Number(r.card_shortfall),
});

export async function readFunds(client: PoolClient, cardId: number): Promise<CardFunds> {
  const { rows } = await client.query<FundsRow>(`SELECT ${FUNDS_COLUMNS} FROM cards c WHERE c.id = $1`, [cardId]);
  if (!rows[0]) throw new Error(`card ${cardId} does not exist`);
  return toFunds(rows[0]);
}

/** What a change takes from a card: a debit, a hold added (or released, negative), a shortfall. */
export interface CardMovement {
  debitCents: number;
  holdDeltaCents: number;
  shortfallCents: number;
}

/**
 * Moves a card's money: the balance less the debit, the hold moved, the shortfall added, and the card
 * frozen from `at` when there is one. The checks of the cards table (held within the balance, nothing
 * negative) refuse a change the domain should never have decided.
 */
export async function moveCard(client: PoolClient, cardId: number, m: CardMovement, at: Date): Promise<void> {
  if (m.debitCents === 0 && m.holdDeltaCents === 0 && m.shortfallCents === 0) return;
  await client.query(
    `UPDATE cards SET balance_cents = balance_cents - $2, held_cents = held_cents + $3,
            shortfall_cents = shortfall_cents + $4,
            frozen_at = CASE WHEN $4 > 0 THEN coalesce(frozen_at, $5) ELSE frozen_at END
      WHERE id = $1`,
    [cardId, m.debitCents, m.holdDeltaCents, m.shortfallCents, at],
  );
}

/** The succeeded load whose sale is this processor transaction (disputes and refunds name the sale). */
export async function loadBySale(db: Pool | PoolClient, transactionId: string): Promise<LoadRecord | null> {
  const { rows } = await db.query<LoadRow>(
    prepared(`SELECT * FROM loads WHERE processor_transaction_id = $1 AND status = 'succeeded' ORDER BY id LIMIT 1`, [
      transactionId,
    ]),
  );
  return rows[0] ? toLoad(rows[0]) : null;
}
