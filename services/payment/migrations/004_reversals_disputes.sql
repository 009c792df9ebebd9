-- Money that goes back (issue 35): reversals of loads (a void before settlement, refunds after), the
-- processor's disputes, and the notifications it posts. Every change of a card's balance or hold is
-- made under the owner's advisory lock (the one loads take), in the transaction that records it.

-- What open disputes hold is part of the balance that cannot be spent or reversed; it never exceeds
-- the balance. A lost dispute (or a refund made at the processor) that takes more than the card has
-- debits what there is, records the rest as a shortfall and freezes the card.
ALTER TABLE cards
  ADD COLUMN held_cents      bigint      NOT NULL DEFAULT 0 CHECK (held_cents >= 0),
  ADD COLUMN shortfall_cents bigint      NOT NULL DEFAULT 0 CHECK (shortfall_cents >= 0),
  ADD COLUMN frozen_at       timestamptz,
  ADD CONSTRAINT cards_held_within_balance CHECK (held_cents <= balance_cents);

-- reversed_cents: what succeeded reversals gave back of the load. uncounted_cents: what of the load no
-- longer counts against the limits (a void: all of it; a refund only with PAYMENT_REFUNDS_FREE_LIMITS).
ALTER TABLE loads
  ADD COLUMN reversed_cents  bigint NOT NULL DEFAULT 0,
  ADD COLUMN uncounted_cents bigint NOT NULL DEFAULT 0,
  ADD CONSTRAINT loads_reversed_within_amount CHECK (reversed_cents >= 0 AND reversed_cents <= amount_cents),
  ADD CONSTRAINT loads_uncounted_within_amount CHECK (uncounted_cents >= 0 AND uncounted_cents <= amount_cents);
-- Disputes and the processor's refunds name the sale, not the load.
CREATE INDEX IF NOT EXISTS loads_processor_transaction_idx ON loads (processor_transaction_id)
  WHERE processor_transaction_id IS NOT NULL;

-- One row per reversal asked (or found at the processor). Its status changes under the owner's lock:
-- pending (reserved, the processor call under way) or awaiting_settlement (a refund the processor
-- refuses while the sale settles, retried by reconciliation) or unknown (no answer), then succeeded,
-- failed; refused never reached the processor. Open reversals are reserved: they count against what
-- the card can give back until they end.
CREATE TABLE IF NOT EXISTS reversals (
  id                       bigserial   PRIMARY KEY,
  load_id                  bigint      NOT NULL REFERENCES loads (id),
  card_id                  bigint      NOT NULL REFERENCES cards (id),
  owner_id                 text        NOT NULL,
  amount_cents             bigint      NOT NULL CHECK (amount_cents > 0),
  method                   text        NOT NULL CHECK (method IN ('void', 'refund')),
  status                   text        NOT NULL
    CHECK (status IN ('pending', 'awaiting_settlement', 'succeeded', 'failed', 'unknown', 'refused')),
  -- user:<owner id>, admin:<name>, or processor (a refund made in the processor's control panel).
  requested_by             text        NOT NULL,
  processor_transaction_id text,
  processor_response_code  text,
  processor_response_text  text,
  errors                   jsonb       NOT NULL DEFAULT '[]',
  idempotency_key          text,
  request_fingerprint      text,
  -- It gives back the whole load: tried as a void first, and a refund refused before settlement waits
  -- for it (a partial one is refused instead: partial-before-settlement).
  whole                    boolean     NOT NULL DEFAULT false,
  created_at               timestamptz NOT NULL,
  settled_at               timestamptz
);
CREATE UNIQUE INDEX IF NOT EXISTS reversals_idempotency_key ON reversals (requested_by, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
CREATE INDEX IF NOT EXISTS reversals_load_idx ON reversals (load_id, id);
-- What a card has reserved for reversals under way, and the reconciliation backlog.
CREATE INDEX IF NOT EXISTS reversals_card_open_idx ON reversals (card_id) INCLUDE (amount_cents)
  WHERE status IN ('pending', 'awaiting_settlement', 'unknown');
CREATE INDEX IF NOT EXISTS reversals_open_idx ON reversals (created_at)
  WHERE status IN ('pending', 'awaiting_settlement', 'unknown');
-- A refund transaction is recorded once, whether we asked for it or found it at the processor.
CREATE UNIQUE INDEX IF NOT EXISTS reversals_refund_transaction ON reversals (processor_transaction_id)
  WHERE method = 'refund' AND processor_transaction_id IS NOT NULL;

-- The processor's disputes, as the last notification or search told them. A dispute only moves
-- forward (open, disputed, under_review, then one final status). load_id is null for a transaction
-- that matches no load: the dispute is kept and reported all the same.
CREATE TABLE IF NOT EXISTS disputes (
  id                       bigserial   PRIMARY KEY,
  processor_dispute_id     text        NOT NULL UNIQUE,
  processor_transaction_id text        NOT NULL,
  load_id                  bigint      REFERENCES loads (id),
  card_id                  bigint      REFERENCES cards (id),
  owner_id                 text,
  amount_cents             bigint      NOT NULL CHECK (amount_cents >= 0),
  status                   text        NOT NULL,
  kind                     text        NOT NULL DEFAULT '',
  reason                   text        NOT NULL DEFAULT '',
  held_cents               bigint      NOT NULL DEFAULT 0 CHECK (held_cents >= 0),
  debited_cents            bigint      NOT NULL DEFAULT 0 CHECK (debited_cents >= 0),
  shortfall_cents          bigint      NOT NULL DEFAULT 0 CHECK (shortfall_cents >= 0),
  received_at              timestamptz NOT NULL,
  updated_at               timestamptz NOT NULL,
  closed_at                timestamptz
);
CREATE INDEX IF NOT EXISTS disputes_card_idx ON disputes (card_id, id);
CREATE INDEX IF NOT EXISTS disputes_load_idx ON disputes (load_id);
CREATE INDEX IF NOT EXISTS disputes_unmatched_idx ON disputes (id) WHERE load_id IS NULL;

-- Every notification received, once: the processor names none, so the key is a digest of its payload.
-- Kept 90 days (reconciliation deletes older ones), with what it changed.
CREATE TABLE IF NOT EXISTS processor_notifications (
  digest        text        PRIMARY KEY,
  kind          text        NOT NULL,
  subject_id    text        NOT NULL DEFAULT '',
  notified_at   timestamptz,
  received_at   timestamptz NOT NULL,
  outcome       text        NOT NULL,
  bt_signature  text        NOT NULL,
  bt_payload    text        NOT NULL
);
CREATE INDEX IF NOT EXISTS processor_notifications_received_idx ON processor_notifications (received_at);
