-- Owners being erased (issue 43): the auth service's DeleteUser closes the owner here first, under the
-- owner's lock (the one loads take), in the same transaction that finds no money held or in flight;
-- until closed_until no card is made for them and no load reserved, so a load can never settle on a
-- user the directory has erased. The closure ends once every token issued before it has expired: a
-- later load is a new login's, of a new account. Ledger rows of closed owners stay, as they always do.
CREATE TABLE IF NOT EXISTS owner_closures (
  owner_id     text        PRIMARY KEY,
  closed_at    timestamptz NOT NULL,
  closed_until timestamptz NOT NULL
);
