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

-- Issue 49 §5: every action an administrator took on a dispute through the processor's dispute API
-- (text or file evidence, accept, finalize) and what the processor answered: the payment service's own
-- record, beside the gateway's audit line. A file is kept as its name, size and SHA-256, never its bytes.
CREATE TABLE IF NOT EXISTS dispute_evidence_actions (
  id                   bigserial   PRIMARY KEY,
  processor_dispute_id text        NOT NULL,
  admin                text        NOT NULL,
  action               text        NOT NULL CHECK (action IN ('text', 'file', 'accept', 'finalize')),
  outcome              text        NOT NULL CHECK (outcome IN ('done', 'refused', 'not_found', 'unavailable')),
  code                 text,
  evidence_id          text,
  category             text,
  file_name            text,
  file_bytes           integer,
  file_sha256          text,
  created_at           timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS dispute_evidence_actions_dispute ON dispute_evidence_actions (processor_dispute_id, id);
