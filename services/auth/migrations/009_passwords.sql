-- Password accounts of Gatehouse's own (docs/password-accounts.md): a user's password sits on their
-- `password` identity in the directory. That identity's id is go-pkgz's user id form for the address
-- the account was made with, `password_<sha1(lower(email))>`, so a user who signs up with a password
-- has that id everywhere (tokens, cards, passkeys); it stays when the address later changes.
CREATE TABLE passwords (
  identity_id text PRIMARY KEY REFERENCES identities (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The address the account logs in with, as given (trimmed), looked up case-insensitively.
  email text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  -- A PHC or modular-crypt string: Argon2id for every password set here; an imported hash of another
  -- kind (bcrypt, argon2i, scrypt, PBKDF2, Firebase scrypt) until its first successful login replaces
  -- it. Null: no password yet (an invitation, an import without a hash): the user sets one by reset.
  hash text,
  source text NOT NULL CHECK (source IN ('signup', 'import', 'admin')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  password_changed_at timestamptz
);

CREATE UNIQUE INDEX passwords_email ON passwords (lower(email));
-- One password per user: a second password identity would be a second way to guess.
CREATE UNIQUE INDEX passwords_user ON passwords (user_id);

-- One-time tokens of password accounts, sent by email: an address's verification, a reset, a change of
-- address (the new address in `email`), an invitation to set a first password. Only the token's SHA-256
-- is kept; it is spent by DELETE ... RETURNING, so exactly one replica can redeem it, and it expires.
CREATE TABLE password_tokens (
  token_hash bytea PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'reset', 'email_change', 'invite')),
  identity_id text NOT NULL REFERENCES passwords (identity_id) ON DELETE CASCADE,
  email text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX password_tokens_identity ON password_tokens (identity_id, purpose);
CREATE INDEX password_tokens_expiry ON password_tokens (expires_at);
