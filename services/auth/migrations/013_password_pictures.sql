-- When a password user's identicon was last stored by the avatar service (issue 46). The identicon is
-- drawn from the user id, so it never changes: a login names it without the avatar service's hop, and
-- stores it again only when this is null (never stored, or an account older than this column) or a
-- week old, which brings it back within a week after an avatar store was emptied.
ALTER TABLE passwords ADD COLUMN picture_stored_at timestamptz;
