-- Who may write which events into the trail (issue 43). The trail's writers log in as their own roles
-- (`pnpm db-roles`): auth's owns schema `events`, payment's may only INSERT. INSERT alone still let
-- payment write any type, auth's `user.blocked` or `login.succeeded` among them, which the dispatcher
-- then signed and delivered as ours. The trigger that stamps `source` now also refuses, in the database,
-- an event whose type its writer may not write: a role that is not (a member of) the trail schema's owner
-- writes payment's types only. One role for every workload (or the superuser) owns the schema and writes
-- everything, as before. Replaces events.stamp_source() of the trail (000_trail.sql) in place: the
-- trigger that calls it stays as it is.
CREATE OR REPLACE FUNCTION events.stamp_source() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  NEW.source := current_user;
  IF NEW.type !~ '^(card|load|reversal|dispute)\.'
     AND NOT pg_has_role(current_user,
                         (SELECT nspowner FROM pg_namespace WHERE nspname = TG_TABLE_SCHEMA), 'MEMBER') THEN
    RAISE EXCEPTION 'role % may not write % events into the trail', current_user, NEW.type
      USING ERRCODE = '42501',
            HINT = 'a role other than the trail''s owner writes card.*, load.*, reversal.* and dispute.* only';
  END IF;
  RETURN NEW;
END
$f$;
