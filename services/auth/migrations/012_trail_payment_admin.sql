-- Payment's role writes the events of the card programme's administration too (issue 49): a day's
-- settlement reconciled (`settlement.reconciled`) and a limit policy or a user's tier changed by an
-- admin (`limits.policy_changed`, `limits.tier_changed`), and the velocity rules' (`velocity.fired`, an
-- admin's change of a rule, a review resolved), each in the transaction of its change. Without
-- them in the list (005_trail_writers.sql), a payment workload with a role of its own could not
-- record them, and the change that writes one would fail with it. Still payment's own prefixes only.
CREATE OR REPLACE FUNCTION events.stamp_source() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  NEW.source := current_user;
  IF NEW.type !~ '^(card|load|reversal|dispute|settlement|limits|velocity)\.'
     AND NOT pg_has_role(current_user,
                         (SELECT nspowner FROM pg_namespace WHERE nspname = TG_TABLE_SCHEMA), 'MEMBER') THEN
    RAISE EXCEPTION 'role % may not write % events into the trail', current_user, NEW.type
      USING ERRCODE = '42501',
            HINT = 'a role other than the trail''s owner writes card.*, load.*, reversal.*, dispute.*, settlement.*, limits.* and velocity.* only';
  END IF;
  RETURN NEW;
END
$f$;
