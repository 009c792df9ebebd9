// The settlement reconciliation's rows (migration 009): the claim of a day's run, the ledger's side of
// the day, and the report with its event written by the statement that finishes the run.
import { eventCtes } from '@gatehouse/events';
import type { Pool } from 'pg';

/** A run still `running` after this long is taken to have died with its replica: another may take over. */
const STALE_RUN_MS = 15 * 60_000;

export interface SettlementLedgerLoad {
  id: number;
  transactionId: string;
  amountCents: number;
  voided: boolean;
  ofDay: boolean;
}
export interface SettlementLedgerRefund {
  loadId: number;
  transactionId: string;
  amountCents: number;
  ofDay: boolean;
}

export interface SettlementReportRow {
  date: string;
  status: 'running' | 'matched' | 'differs' | 'failed';
  totals: unknown[];
  discrepancies: unknown[];
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
}

const dayBounds = (date: string) => {
  const start = new Date(`${date}T00:00:00Z`);
  return [start, new Date(start.getTime() + 86_400_000)] as const;
};

export class PostgresSettlementStore {
  constructor(private readonly pool: Pool) {}

  /**
   * Claims the day's run: its row is made `running` by one replica only. The daily job (`rerun` false)
   * takes a day never run, failed, or whose runner died; an admin's run (`rerun`) also a finished one.
   */
  async claim(date: string, now: Date, rerun: boolean): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO settlement_reconciliations (settlement_date, status, started_at) VALUES ($1, 'running', $2)
       ON CONFLICT (settlement_date) DO UPDATE SET status = 'running', started_at = $2, finished_at = NULL, error = NULL
        WHERE (settlement_reconciliations.status = 'running' AND settlement_reconciliations.started_at < $3)
           OR settlement_reconciliations.status = 'failed'
           OR ($4 AND settlement_reconciliations.status <> 'running')`,
      [date, now, new Date(now.getTime() - STALE_RUN_MS), rerun],
    );
    return rowCount === 1;
  }

  /** Succeeded loads of the day, and those the processor names (by transaction, or by order `load-<id>`). */
  async loadsOf(date: string, transactionIds: string[], loadIds: number[]): Promise<SettlementLedgerLoad[]> {
    const [start, end] = dayBounds(date);
    const { rows } = await this.pool.query<{
      id: string;
      processor_transaction_id: string;
      amount_cents: string;
      of_day: boolean;
      voided: boolean;
    }>(
      `SELECT l.id, l.processor_transaction_id, l.amount_cents, (l.created_at >= $1 AND l.created_at < $2) AS of_day,
              EXISTS (SELECT 1 FROM reversals r
                       WHERE r.load_id = l.id AND r.method = 'void' AND r.status = 'succeeded') AS voided
         FROM loads l
        WHERE l.status = 'succeeded' AND l.processor_transaction_id IS NOT NULL
          AND ((l.created_at >= $1 AND l.created_at < $2)
               OR l.processor_transaction_id = ANY($3::text[]) OR l.id = ANY($4::bigint[]))`,
      [start, end, transactionIds, loadIds],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      transactionId: r.processor_transaction_id,
      amountCents: Number(r.amount_cents),
      voided: r.voided,
      ofDay: r.of_day,
    }));
  }

  /** Succeeded refunds of the day, and those the processor names. */
  async refundsOf(date: string, transactionIds: string[]): Promise<SettlementLedgerRefund[]> {
    const [start, end] = dayBounds(date);
    const { rows } = await this.pool.query<{
      load_id: string;
      processor_transaction_id: string;
      amount_cents: string;
      of_day: boolean;
    }>(
      `SELECT r.load_id, r.processor_transaction_id, r.amount_cents, (r.created_at >= $1 AND r.created_at < $2) AS of_day
         FROM reversals r
        WHERE r.method = 'refund' AND r.status = 'succeeded' AND r.processor_transaction_id IS NOT NULL
          AND ((r.created_at >= $1 AND r.created_at < $2) OR r.processor_transaction_id = ANY($3::text[]))`,
      [start, end, transactionIds],
    );
    return rows.map((r) => ({
      loadId: Number(r.load_id),
      transactionId: r.processor_transaction_id,
      amountCents: Number(r.amount_cents),
      ofDay: r.of_day,
    }));
  }

  /** Records the report and, in the same statement, its event (settlement.reconciled). */
  async finish(
    date: string,
    now: Date,
    outcome: { status: 'matched' | 'differs'; totals: unknown[]; discrepancies: { kind: string }[] },
  ): Promise<void> {
    const kinds = [...new Set(outcome.discrepancies.map((d) => d.kind))].sort();
    const event = eventCtes(
      {
        type: 'settlement.reconciled',
        actor: { kind: 'system' },
        data: { date, status: outcome.status, discrepancies: outcome.discrepancies.length, kinds },
      },
      { rows: 'run', firstParam: 6 },
    );
    await this.pool.query(
      `WITH run AS (
         UPDATE settlement_reconciliations SET status = $2, totals = $3, discrepancies = $4, finished_at = $5
          WHERE settlement_date = $1 RETURNING settlement_date
       ), ${event.text}
       SELECT 1`,
      [
        date,
        outcome.status,
        JSON.stringify(outcome.totals),
        JSON.stringify(outcome.discrepancies),
        now,
        ...event.values,
      ],
    );
  }

  /** Records that the run failed (the processor did not answer): the next daily run tries again. */
  async fail(date: string, now: Date, error: string): Promise<void> {
    await this.pool.query(
      `UPDATE settlement_reconciliations SET status = 'failed', error = $2, finished_at = $3 WHERE settlement_date = $1`,
      [date, error.slice(0, 500), now],
    );
  }

  async report(date: string): Promise<SettlementReportRow | null> {
    const { rows } = await this.pool.query<{
      status: SettlementReportRow['status'];
      totals: unknown[];
      discrepancies: unknown[];
      error: string | null;
      started_at: Date;
      finished_at: Date | null;
    }>(
      `SELECT status, totals, discrepancies, error, started_at, finished_at
         FROM settlement_reconciliations WHERE settlement_date = $1`,
      [date],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      date,
      status: r.status,
      totals: r.totals,
      discrepancies: r.discrepancies,
      error: r.error,
      startedAt: r.started_at,
      finishedAt: r.finished_at,
    };
  }
}
