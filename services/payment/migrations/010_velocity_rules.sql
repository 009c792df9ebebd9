-- Velocity rules (issue 49 §2): rules over recent activity per card, owner and client address, counted
-- from the ledger's own rows (every replica sees the same counts), read by the process once and again
-- on each NOTIFY payment_velocity_rules (src/velocity/cache.ts), never per load.

-- Where a load came from: the client address the gateway saw (GATEWAY_TRUSTED_PROXIES decides which
-- hop). Null for loads made before this migration and for callers that do not say.
ALTER TABLE loads ADD COLUMN IF NOT EXISTS client_address text;

-- The counting statement (src/velocity/count.sql.ts) reads one index range per rule: a card's or an
-- owner's loads, or an address's, over the rule's window. Partial indexes would not serve every count
-- (declines are failed rows, loads every row but refused ones), so these are plain.
CREATE INDEX IF NOT EXISTS loads_card_created_idx ON loads (card_id, created_at);
CREATE INDEX IF NOT EXISTS loads_owner_created_idx ON loads (owner_id, created_at);
CREATE INDEX IF NOT EXISTS loads_address_created_idx ON loads (client_address, created_at)
  WHERE client_address IS NOT NULL;

CREATE TABLE IF NOT EXISTS velocity_rules (
  -- A code, as events name it: lower-case letters, digits and _ . : -
  name           text        PRIMARY KEY CHECK (name ~ '^[a-z0-9][a-z0-9_.:-]{0,63}$'),
  subject        text        NOT NULL CHECK (subject IN ('card', 'owner', 'address')),
  counts         text        NOT NULL CHECK (counts IN ('declines', 'loads', 'distinct_cards', 'amount_cents')),
  -- The most the window may hold: the load that would take it past this fires the rule.
  threshold      bigint      NOT NULL CHECK (threshold >= 0),
  window_seconds integer     NOT NULL CHECK (window_seconds BETWEEN 1 AND 2592000),
  action         text        NOT NULL CHECK (action IN ('block', 'review')),
  mode           text        NOT NULL CHECK (mode IN ('enforce', 'dry_run')),
  -- 'file': from PAYMENT_VELOCITY_RULES_FILE, written at start, read-only on the admin API.
  source         text        NOT NULL CHECK (source IN ('file', 'admin')),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  updated_by     text        NOT NULL DEFAULT '',
  CHECK (counts <> 'distinct_cards' OR subject <> 'card')
);

-- A load a `review` rule accepted and flagged, until an admin resolves it (cleared or confirmed).
CREATE TABLE IF NOT EXISTS velocity_reviews (
  id             bigserial   PRIMARY KEY,
  load_id        bigint      NOT NULL REFERENCES loads (id),
  rule_name      text        NOT NULL,
  card_id        bigint      NOT NULL,
  owner_id       text        NOT NULL,
  client_address text,
  -- The words of the rule as it fired ("velocity rule ...: 3 + 1 > 3 loads per owner (10m)").
  message        text        NOT NULL,
  created_at     timestamptz NOT NULL,
  outcome        text        CHECK (outcome IN ('cleared', 'confirmed')),
  reason         text,
  resolved_by    text,
  resolved_at    timestamptz,
  UNIQUE (load_id, rule_name),
  CHECK ((outcome IS NULL) = (resolved_at IS NULL))
);
-- The open reviews first, oldest first, in keyset pages by id.
CREATE INDEX IF NOT EXISTS velocity_reviews_open_idx ON velocity_reviews (id) WHERE outcome IS NULL;

CREATE OR REPLACE FUNCTION notify_velocity_rules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('payment_velocity_rules', TG_TABLE_NAME);
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS velocity_rules_changed ON velocity_rules;
CREATE TRIGGER velocity_rules_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON velocity_rules
  FOR EACH STATEMENT EXECUTE FUNCTION notify_velocity_rules();
