// The directory's statements for a login and for a user met by id (PgDirectoryStore, store.ts), with
// the events they write in the same statement. Exported for store-plans.test.ts, which plans them.

/**
 * user.created for the row of `new_user`, in the statement that adds it (the audit trail,
 * @gatehouse/events): the provider as its data, the request id. Its id comes with the statement, made
 * in Node like every other event's (unused when no user is added): events.new_id() was a SQL function
 * then, parsed and planned again by every statement that called it, 0.1-0.2 ms of Postgres CPU (issue 36).
 */
const userCreatedCtes = (provider: string, requestId: string, eventId: string) => `created_event_id AS (
  SELECT ${eventId}::text AS id
), created_event AS (
  INSERT INTO events.events (id, type, actor_kind, actor_id, subject_user, request_id, data)
  SELECT e.id, 'user.created', 'user', u.id, u.id, ${requestId}::text,
         CASE WHEN ${provider}::text <> '' THEN jsonb_build_object('provider', lower(${provider}::text)) ELSE '{}' END
    FROM new_user u, created_event_id e
), created_outbox AS (
  INSERT INTO events.outbox (event_id) SELECT e.id FROM new_user, created_event_id e
)`;

/**
 * user.updated for a returning identity whose name, email or email verification the provider now gives
 * otherwise, in the statement that changes it: the names of the fields that changed (never their
 * values), the provider, the request id. `before` is the row as the statement's snapshot saw it.
 */
const userUpdatedCtes = (provider: string, requestId: string, eventId: string) => `changed AS (
  SELECT i.user_id, array_remove(ARRAY[
           CASE WHEN b.name IS DISTINCT FROM i.name THEN 'name' END,
           CASE WHEN b.email IS DISTINCT FROM i.email THEN 'email' END,
           CASE WHEN b.email_verified IS DISTINCT FROM i.email_verified THEN 'email_verified' END], NULL) AS fields
    FROM ident i, before b
), updated_event_id AS (
  SELECT ${eventId}::text AS id, user_id, fields FROM changed WHERE cardinality(fields) > 0
), updated_event AS (
  INSERT INTO events.events (id, type, actor_kind, actor_id, subject_user, request_id, data)
  SELECT e.id, 'user.updated', 'user', e.user_id, e.user_id, ${requestId}::text,
         jsonb_strip_nulls(jsonb_build_object('fields', to_jsonb(e.fields), 'provider', nullif(lower(${provider}::text), '')))
    FROM updated_event_id e
), updated_outbox AS (
  INSERT INTO events.outbox (event_id) SELECT id FROM updated_event_id
)`;

/**
 * One statement per login: the identity's row is touched (or created with a new user whose id is the
 * identity's, or attached to the one user whose verified email matches when linking by email is allowed),
 * and the user's id and status come back. Every part uses a primary key or one index.
 */
export const LOGIN_SQL = `
WITH before AS (
  SELECT name, email, email_verified FROM identities WHERE id = $1
), ident AS (
  UPDATE identities SET last_login_at = now(), name = $3, email = $4, email_verified = $5
  WHERE id = $1 RETURNING user_id, name, email, email_verified
), matched AS (
  -- Linking by email: the one user with a currently linked identity of a trusted provider whose own last
  -- login said this address, verified (issue 43): never users.email, frozen at a first login and left
  -- behind when an address changes hands. Through the partial index identities_verified_email.
  SELECT min(user_id) AS id FROM identities
  WHERE $6 AND NOT EXISTS (SELECT 1 FROM ident) AND email_verified AND lower(email) = lower($4) AND provider = ANY($7)
  HAVING count(DISTINCT user_id) = 1
), new_user AS (
  INSERT INTO users (id, name, email, email_verified_by, last_login_at)
  SELECT $1, $3, $4, $8, now()
  WHERE NOT EXISTS (SELECT 1 FROM ident) AND NOT EXISTS (SELECT 1 FROM matched)
  ON CONFLICT (id) DO NOTHING
  RETURNING id, status, block_reason
), new_ident AS (
  INSERT INTO identities (id, user_id, provider, name, email, email_verified, last_login_at)
  SELECT $1, owner, $2, $3, $4, $5, now() FROM (SELECT id AS owner FROM new_user UNION ALL SELECT id FROM matched) o
  ON CONFLICT (id) DO NOTHING
  RETURNING user_id
), touched AS (
  -- One user at most (ident and matched exclude each other), compared as one value: an IN over the
  -- two made Postgres's generic plan (planned before the table's first ANALYZE) scan all users per
  -- returning login.
  UPDATE users SET last_login_at = now()
  WHERE id = coalesce((SELECT user_id FROM ident), (SELECT id FROM matched))
  RETURNING id, status, block_reason
), ${userCreatedCtes('$2', '$9', '$10')}, ${userUpdatedCtes('$2', '$9', '$11')}
-- The second factor by the user's key: an EXISTS here became a hashed scan of every active secret.
-- email_changed: the returning identity now says another address or verification, so the user's own
-- address is derived again (REDERIVE_EMAIL_SQL, a statement of its own: rare, and off the hot path).
SELECT l.*, coalesce((SELECT t.active FROM totp_secrets t WHERE t.user_id = l.id), false) AS second_factor,
       coalesce((SELECT c.fields && ARRAY['email', 'email_verified']::text[] FROM changed c), false) AS email_changed FROM (
  SELECT id, status, block_reason, false AS by_email FROM new_user
  UNION ALL SELECT id, status, block_reason, id IN (SELECT id FROM matched) FROM touched
) l`;

/**
 * A user whose row exists without any identity (added from a passkey or refresh whose id did not name
 * its provider) gets the identity of the same id attached: the id was theirs to begin with.
 */
export const ATTACH_SQL = `
INSERT INTO identities (id, user_id, provider, name, email, email_verified)
SELECT $1, u.id, $2, $3, $4, $5 FROM users u
WHERE u.id = $1 AND NOT EXISTS (SELECT 1 FROM identities WHERE user_id = $1)
ON CONFLICT (id) DO NOTHING`;

/** A user known by id (refresh, passkey, second factor) met for the first time: added with the identity of the same id. */
export const ENSURE_SQL = `
WITH new_user AS (
  INSERT INTO users (id, name, email) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING
  RETURNING id, status, block_reason
), new_ident AS (
  INSERT INTO identities (id, user_id, provider, name, email)
  SELECT id, id, $4, $2, $3 FROM new_user WHERE $4 <> '' ON CONFLICT (id) DO NOTHING
), ${userCreatedCtes('$4', '$5', '$6')}
SELECT id, status, block_reason FROM new_user
UNION ALL SELECT id, status, block_reason FROM users WHERE id = $1`;

/**
 * The user's address, derived from their identities (issue 43): the verified address of the identity
 * logged in with last (email_verified_by: its provider), else the last unverified one, else none. Run
 * when an identity changes address or verification, is linked or is unlinked, so an address that left
 * every identity of the user leaves the user too. Writes nothing when nothing changes.
 */
export const REDERIVE_EMAIL_SQL = `
UPDATE users u SET email = d.email, email_verified_by = d.verified_by, updated_at = now()
FROM (SELECT $1::text AS user_id) k
LEFT JOIN LATERAL (
  SELECT email, CASE WHEN email_verified THEN provider END AS verified_by FROM identities
  WHERE user_id = k.user_id AND email IS NOT NULL
  ORDER BY email_verified DESC, last_login_at DESC NULLS LAST, created_at DESC, id
  LIMIT 1
) d ON true
WHERE u.id = k.user_id AND (u.email IS DISTINCT FROM d.email OR u.email_verified_by IS DISTINCT FROM d.verified_by)`;

/** The user's verified addresses, one each, from their identities: where link and unlink notices go. */
export const VERIFIED_ADDRESSES_SQL = `
SELECT DISTINCT ON (lower(email)) email FROM identities
WHERE user_id = $1 AND email_verified AND email IS NOT NULL AND id <> $2
ORDER BY lower(email), created_at, id`;
