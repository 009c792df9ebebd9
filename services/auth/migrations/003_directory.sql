-- The user directory (docs/accounts.md): people, and the provider identities they log in with. A
-- user's id is the id of their first identity (the go-pkgz `<provider>_<sha1>`), so the token's `id`
-- claim, cards, passkeys and TOTP rows keyed by it stay what they were before the directory existed.
CREATE TABLE users (
  id text PRIMARY KEY,
  name text NOT NULL DEFAULT '',
  email text,
  -- Which provider verified `email` (a trusted one, or the verified-email login); null: not verified.
  email_verified_by text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked')),
  block_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz
);

-- Admin search by name or email prefix, case-insensitive (LIKE 'x%' on lower() uses these).
CREATE INDEX users_name_prefix ON users (lower(name) text_pattern_ops);
CREATE INDEX users_email_prefix ON users (lower(email) text_pattern_ops);

-- One provider account. Two of the same provider may belong to one user.
CREATE TABLE identities (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  name text NOT NULL DEFAULT '',
  email text,
  -- The provider asserted email_verified === true for `email`.
  email_verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz
);

CREATE INDEX identities_user ON identities (user_id, created_at);
CREATE INDEX identities_provider ON identities (provider, user_id);
