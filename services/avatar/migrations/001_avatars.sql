-- Avatars in Postgres (a `postgres://` AUTH_AVATAR_STORE): one row per picture, keyed by its avatar id
-- (the SHA-1 of the user id, `.image`). The table is named by the address (`?ava_table=`, default
-- `avatars`), and lives in the schema the address's role lands in (`avatar`, with one role per
-- workload). The store made it at start before issue 44, unrecorded: IF NOT EXISTS takes that one as
-- it is, rows and all.
CREATE TABLE IF NOT EXISTS {{table}} (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{40}\.image$'),
  content bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
