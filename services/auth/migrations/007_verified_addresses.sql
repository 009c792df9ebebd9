-- Linking by email (AUTH_LINK_BY_EMAIL) matches a currently linked identity whose own last login said
-- the address, verified (issue 43): never users.email, which an address that changed hands leaves
-- pointing at the old account. This index finds such identities by address.
CREATE INDEX identities_verified_email ON identities (lower(email)) WHERE email_verified;
