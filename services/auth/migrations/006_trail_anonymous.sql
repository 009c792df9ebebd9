-- The audit trail's actors gain `anonymous` (issue 43): a failed login is somebody not logged in, known
-- by the client address, no longer the attacked user acting against themselves. The trail is made by
-- 000_trail.sql; one made by an earlier version has the four-kind CHECK under Postgres's own name for
-- it, the same name 000_trail.sql gives the wider one, so this replaces whichever is there. NOT VALID:
-- every row already written passed the narrower check, so no scan of the trail is needed, and its
-- brief lock does not wait on one (loads write events too).
ALTER TABLE events.events
  DROP CONSTRAINT IF EXISTS events_actor_kind_check,
  ADD CONSTRAINT events_actor_kind_check
    CHECK (actor_kind IN ('user', 'admin', 'workload', 'system', 'anonymous')) NOT VALID;
