-- Issue 49 §3: a day's settlement, as the processor reports it, compared with the ledger. One row per
-- UTC settlement day: the row is also the claim of the run, so with N replicas the daily job runs once
-- (INSERT ... ON CONFLICT DO NOTHING) and a run asked for by an admin takes over a finished row only.
CREATE TABLE IF NOT EXISTS settlement_reconciliations (
  settlement_date date        PRIMARY KEY,
  status          text        NOT NULL CHECK (status IN ('running', 'matched', 'differs', 'failed')),
  -- [{merchant_account_id, kind: sales|refunds|voids, processor: {count, amount_cents}, ledger: {...}}]
  totals          jsonb       NOT NULL DEFAULT '[]',
  -- [{kind, transaction_id, order_id, load_id, processor_cents, ledger_cents}]
  discrepancies   jsonb       NOT NULL DEFAULT '[]',
  error           text,
  started_at      timestamptz NOT NULL,
  finished_at     timestamptz
);
