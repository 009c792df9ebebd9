-- Organisations (docs/organizations.md): customer workspaces, their members with roles, and invitations.
-- Roles are names from the deployment's template (AUTH_CONFIG `organizations.roles`) plus the built-in
-- `owner`; the table keeps names only, so changing the template changes every organisation at once.
CREATE TABLE organizations (
  -- `org_` and 24 hex characters: never matches the slug pattern (a slug has no `_`), so a `{org}`
  -- placeholder in a route can take either without ambiguity.
  id text PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$'),
  created_by text NOT NULL,
  -- Whether an invitation may be accepted by a user without the invited address verified.
  allow_unverified_invitations boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A user's roles in an organisation; `owner` among them makes the user an owner (one or more).
CREATE TABLE memberships (
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  roles text[] NOT NULL CHECK (cardinality(roles) BETWEEN 1 AND 20),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, user_id)
);

-- "My organisations" pages by org id per user; members page by user id within an organisation (the
-- primary key).
CREATE INDEX memberships_user ON memberships (user_id, org_id);

-- An invitation by email. Only the token's SHA-256 is kept, apart from the id (which members may see):
-- it is spent by DELETE ... RETURNING, so exactly one replica redeems it, and it expires.
CREATE TABLE org_invitations (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  email text NOT NULL,
  roles text[] NOT NULL CHECK (cardinality(roles) BETWEEN 1 AND 20),
  inviter text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX org_invitations_org ON org_invitations (org_id, id);
CREATE INDEX org_invitations_expiry ON org_invitations (expires_at);
