-- Notifications are kept once by the digest of their payload without its trailing newlines (issue 43):
-- the braintree SDK verifies a payload with or without the newline Braintree signs, so one notification
-- could be kept, and applied, twice. Those kept before are keyed the same way here, so a retry of one of
-- them after the upgrade is still a duplicate. Where both spellings were kept, the first received is
-- keyed anew and the other left as it is: history, not rewritten.
WITH canonical AS (
  SELECT DISTINCT ON (key) digest, key
    FROM (SELECT digest, received_at,
                 encode(sha256(convert_to(rtrim(bt_payload, E'\n'), 'UTF8')), 'hex') AS key
            FROM processor_notifications) n
   WHERE digest <> key
   ORDER BY key, received_at, digest
)
UPDATE processor_notifications p SET digest = c.key
  FROM canonical c
 WHERE p.digest = c.digest
   AND NOT EXISTS (SELECT FROM processor_notifications kept WHERE kept.digest = c.key);
