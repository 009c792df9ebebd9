-- TOTP second factor (README "Second factor (TOTP)"). One row per user that set it up; `active` once
-- the first code was confirmed. The secret is sealed with AES-256-GCM under AUTH_TOTP_KEY (key_id
-- names which key: rotation re-seals rows of a retired one), never stored in the clear.
CREATE TABLE totp_secrets (
  user_id text PRIMARY KEY,
  sealed_secret bytea NOT NULL,
  key_id text NOT NULL,
  active boolean NOT NULL DEFAULT false,
  -- The newest time step a code was accepted for: a code of that step or an older one is a replay.
  last_step bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  activated_at timestamptz
);

-- Recovery codes, SHA-256 of user id and code; a used one keeps its row (used_at) until the next set.
CREATE TABLE totp_recovery_codes (
  user_id text NOT NULL REFERENCES totp_secrets (user_id) ON DELETE CASCADE,
  code_hash bytea NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);
