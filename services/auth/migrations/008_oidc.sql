-- Gatehouse as an OpenID provider (docs/openid-provider.md): its clients, and every piece of the
-- provider's state (oidc-provider's models: sessions, interactions, codes, grants, tokens, device codes,
-- replay marks) in Postgres, so any replica redeems what another issued.

-- The relying parties, managed on the admin listener. `metadata` holds the client's registration
-- (RFC 7591 / OpenID Connect Registration names), never its secret: a confidential client's secret is
-- kept as its SHA-256 (`secret_hash`), shown once when made or rotated.
CREATE TABLE oidc_clients (
  client_id text PRIMARY KEY,
  metadata jsonb NOT NULL,
  secret_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- oidc-provider's adapter payloads, one table for every model: the columns beside `payload` are the
-- lookups the library makes (by grant, by a session's uid, by a device's user code) and ours (a user's
-- grants and sessions). `consumed_at` is set once, by a conditional update, so two redemptions of one
-- code or refresh token cannot both win.
CREATE TABLE oidc_payloads (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  uid text,
  user_code text,
  account_id text,
  client_id text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_payloads_grant ON oidc_payloads (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_payloads_uid ON oidc_payloads (model, uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_payloads_user_code ON oidc_payloads (model, user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oidc_payloads_account ON oidc_payloads (model, account_id) WHERE account_id IS NOT NULL;
CREATE INDEX oidc_payloads_expiry ON oidc_payloads (expires_at) WHERE expires_at IS NOT NULL;

-- Which gateway session a provider session came from: ending that session (logout, a block, TOTP turned
-- on, an unlink...) logs the user out of every client it signed into (back-channel logout).
CREATE TABLE oidc_session_links (
  gateway_jti text NOT NULL,
  account_id text NOT NULL,
  login_ts bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (gateway_jti, account_id, login_ts)
);
CREATE INDEX oidc_session_links_expiry ON oidc_session_links (expires_at);
