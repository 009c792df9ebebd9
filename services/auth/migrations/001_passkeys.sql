-- Passkeys (README "Passkeys"): one row per WebAuthn credential, owned by the user id of the account
-- that registered it. The credential id is the authenticator's, base64url as the browser sends it.
CREATE TABLE passkey_credentials (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  -- The user as the registering session's token carried it ({name, id, picture}): a passkey login
  -- issues its session for this user.
  user_json text NOT NULL,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);

CREATE INDEX passkey_credentials_user ON passkey_credentials (user_id, created_at);
