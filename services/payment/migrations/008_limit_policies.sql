-- Limits as policy (issue 49 §1): a programme default, tiers and overrides per user and per card, each
-- limit an amount and/or a count of loads over a rolling window or the owner's lifetime. The process
-- reads these tables once and again on each NOTIFY payment_limit_policies (the trigger below), never
-- per load (src/policies/cache.ts).
--
-- scope / subject:
--   programme / ''         the programme default; PAYMENT_LIMIT_1_DAY etc. fill the windows it leaves unset
--   tier      / <tier>     the limits of a tier (e.g. 'verified'), in place of the programme's per window
--   user      / <owner id> one user's limits, in place of their tier's per window
--   card      / <card id>  one card's own limits, over that card's loads only, on top of the owner's
CREATE TABLE IF NOT EXISTS limit_policies (
  scope       text        NOT NULL CHECK (scope IN ('programme', 'tier', 'user', 'card')),
  subject     text        NOT NULL DEFAULT '' CHECK ((scope = 'programme') = (subject = '')),
  -- A rolling window (now - W, now] as today's 1-day limit rolls, or the lifetime of the owner (card).
  time_window text        NOT NULL CHECK (time_window IN ('1 day', '7 days', '30 days', '365 days', 'lifetime')),
  max_cents   bigint      CHECK (max_cents >= 0),
  max_count   integer     CHECK (max_count >= 0),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  updated_by  text        NOT NULL DEFAULT '',
  PRIMARY KEY (scope, subject, time_window),
  CHECK (max_cents IS NOT NULL OR max_count IS NOT NULL)
);

-- A user's tier; a user without a row has the programme default.
CREATE TABLE IF NOT EXISTS owner_limit_tiers (
  owner_id   text        PRIMARY KEY,
  tier       text        NOT NULL CHECK (tier <> ''),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Count limits read counts of loads from the same running totals as the amounts (003): a load adds 1
-- to its buckets when it starts counting and a failed or released load removes it; a void or refund
-- frees its amount but the load still happened, so its count stays.
ALTER TABLE owner_load_totals ADD COLUMN IF NOT EXISTS added_count bigint NOT NULL DEFAULT 0 CHECK (added_count >= 0);
ALTER TABLE owner_load_totals ADD COLUMN IF NOT EXISTS removed_count bigint NOT NULL DEFAULT 0 CHECK (removed_count >= 0);
LOCK TABLE loads IN SHARE MODE;
UPDATE owner_load_totals t SET added_count = c.n, removed_count = 0
  FROM (SELECT owner_id, s.span, date_trunc(s.span, created_at, 'UTC') AS bucket_start, count(*) AS n
          FROM loads CROSS JOIN (VALUES ('day'), ('hour'), ('minute')) AS s (span)
         WHERE status IN ('pending', 'succeeded', 'unknown')
         GROUP BY 1, 2, 3) c
 WHERE t.owner_id = c.owner_id AND t.span = c.span AND t.bucket_start = c.bucket_start;

-- Every replica's cache hears of a change in the same transaction's commit (NOTIFY is transactional).
CREATE OR REPLACE FUNCTION notify_limit_policies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('payment_limit_policies', TG_TABLE_NAME);
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS limit_policies_changed ON limit_policies;
CREATE TRIGGER limit_policies_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON limit_policies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_limit_policies();
DROP TRIGGER IF EXISTS owner_limit_tiers_changed ON owner_limit_tiers;
CREATE TRIGGER owner_limit_tiers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON owner_limit_tiers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_limit_policies();
