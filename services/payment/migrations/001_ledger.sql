-- Cards and their load ledger. Amounts are integer cents; times are timestamptz (UTC on the wire).

CREATE TABLE cards (
  id            bigserial   PRIMARY KEY,
  owner_id      text        NOT NULL,
  name          text        NOT NULL,
  -- Cached sum of the card's succeeded loads, updated in the same transaction that settles a load.
  balance_cents bigint      NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
  created_at    timestamptz NOT NULL
);
CREATE INDEX cards_owner_idx ON cards (owner_id, id);

-- Append-only history of load attempts. A row is inserted `pending` (or `refused`) under the owner's
-- lock, and its status changes once, when the processor has answered.
CREATE TABLE loads (
  id                       bigserial   PRIMARY KEY,
  card_id                  bigint      NOT NULL REFERENCES cards (id),
  owner_id                 text        NOT NULL,
  amount_cents             bigint      NOT NULL CHECK (amount_cents > 0),
  status                   text        NOT NULL
    CHECK (status IN ('pending', 'succeeded', 'failed', 'unknown', 'refused')),
  processor_transaction_id text,
  processor_response_code  text,
  processor_response_text  text,
  -- The answer's error list ({code, message}), replayed for a repeated idempotency key.
  errors                   jsonb       NOT NULL DEFAULT '[]',
  idempotency_key          text,
  -- sha256 of the request that first used the key: the same key with another request is refused.
  request_fingerprint      text,
  created_at               timestamptz NOT NULL,
  settled_at               timestamptz
);
CREATE UNIQUE INDEX loads_owner_idempotency_key ON loads (owner_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
-- The compliance windows sum what may have moved money: succeeded, in flight and unknown loads.
CREATE INDEX loads_owner_counted_idx ON loads (owner_id, created_at)
  WHERE status IN ('pending', 'succeeded', 'unknown');
CREATE INDEX loads_card_idx ON loads (card_id, id);
