// What the admin console reads of the ledger (issue 48): the overview's summaries, any card by id or
// owner, a card's loads a keyset page at a time, and disputes by state. Reads only, each through an
// index: the overview's hourly counters (012_overview_summaries.sql), cards_owner_idx, loads_card_idx,
// disputes_open_idx and the primary keys.
import type { Pool } from 'pg';
import type { DisputeRecord } from './money-back';
import type { CardRecord, LoadRecord } from './records';
import { type CardRow, type DisputeRow, type LoadRow, toCard, toDispute, toLoad } from './rows';

const HOUR_MS = 3_600_000;
export const LOAD_OUTCOMES = ['succeeded', 'declined', 'refused', 'failed', 'unknown'] as const;
export type LoadOutcome = (typeof LOAD_OUTCOMES)[number];

export interface LedgerOverview {
  /** Per outcome, one count per hour from the asked start; amounts likewise. */
  loads: Record<LoadOutcome, number[]>;
  amounts: Record<LoadOutcome, number[]>;
  disputes: { open: number; openAmountCents: number; heldCents: number; unmatched: number };
  /** The latest day reconciled, if any. */
  reconciliation: { date: string; status: string; discrepancies: number } | null;
}

export class PostgresAdminViews {
  constructor(private readonly pool: Pool) {}

  async overview(startMs: number, hours: number): Promise<LedgerOverview> {
    const q = (sql: string, params: unknown[] = []) => this.pool.query(sql, params);
    const [loads, open, unmatched, reconciliation] = await Promise.all([
      q(
        `SELECT (extract(epoch FROM hour) * 1000)::bigint AS hour_ms, outcome,
                sum(count)::bigint AS n, sum(amount_cents)::bigint AS cents
           FROM overview_loads_hourly WHERE hour >= $1 AND hour < $2 GROUP BY 1, 2`,
        [new Date(startMs), new Date(startMs + hours * HOUR_MS)],
      ),
      q(
        `SELECT count(*)::bigint AS n, coalesce(sum(amount_cents), 0)::bigint AS cents,
                coalesce(sum(held_cents), 0)::bigint AS held
           FROM disputes WHERE closed_at IS NULL`,
      ),
      q('SELECT count(*)::bigint AS n FROM disputes WHERE load_id IS NULL'),
      q(
        `SELECT to_char(settlement_date, 'YYYY-MM-DD') AS date, status,
                jsonb_array_length(discrepancies) AS discrepancies
           FROM settlement_reconciliations ORDER BY settlement_date DESC LIMIT 1`,
      ),
    ]);
    const series = () =>
      Object.fromEntries(LOAD_OUTCOMES.map((o) => [o, new Array<number>(hours).fill(0)])) as Record<
        LoadOutcome,
        number[]
      >;
    const counts = series();
    const amounts = series();
    for (const row of loads.rows) {
      const i = Math.round((Number(row.hour_ms) - startMs) / HOUR_MS);
      const c = counts[row.outcome as LoadOutcome];
      const a = amounts[row.outcome as LoadOutcome];
      if (i < 0 || i >= hours || !c || !a) continue;
      c[i] = (c[i] ?? 0) + Number(row.n);
      a[i] = (a[i] ?? 0) + Number(row.cents);
    }
    const r = reconciliation.rows[0];
    return {
      loads: counts,
      amounts,
      disputes: {
        open: Number(open.rows[0]?.n ?? 0),
        openAmountCents: Number(open.rows[0]?.cents ?? 0),
        heldCents: Number(open.rows[0]?.held ?? 0),
        unmatched: Number(unmatched.rows[0]?.n ?? 0),
      },
      reconciliation: r ? { date: r.date, status: r.status, discrepancies: Number(r.discrepancies) } : null,
    };
  }

  async cardById(cardId: number): Promise<CardRecord | null> {
    const { rows } = await this.pool.query<CardRow>('SELECT * FROM cards WHERE id = $1', [cardId]);
    return rows[0] ? toCard(rows[0]) : null;
  }

  /** The owner's cards in id order after `afterId`, `limit` of them. */
  async cardsOf(ownerId: string, afterId: number, limit: number): Promise<CardRecord[]> {
    const { rows } = await this.pool.query<CardRow>(
      'SELECT * FROM cards WHERE owner_id = $1 AND id > $2 ORDER BY id LIMIT $3',
      [ownerId, afterId, limit],
    );
    return rows.map(toCard);
  }

  /** The card's loads newest first, older than `beforeId` (0: from the newest), `limit` of them. */
  async loadsOf(cardId: number, beforeId: number, limit: number): Promise<LoadRecord[]> {
    const { rows } = await this.pool.query<LoadRow>(
      'SELECT * FROM loads WHERE card_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3',
      [cardId, beforeId || Number.MAX_SAFE_INTEGER, limit],
    );
    return rows.map(toLoad);
  }

  /** Disputes newest first, older than `beforeId` (0: from the newest); `open`: only those not closed. */
  async disputes(open: boolean, beforeId: number, limit: number): Promise<DisputeRecord[]> {
    // Two statements, so the open one's plan can use the partial index disputes_open_idx.
    const where = open ? 'closed_at IS NULL AND id < $1' : 'id < $1';
    const { rows } = await this.pool.query<DisputeRow>(
      `SELECT * FROM disputes WHERE ${where} ORDER BY id DESC LIMIT $2`,
      [beforeId || Number.MAX_SAFE_INTEGER, limit],
    );
    return rows.map(toDispute);
  }
}
