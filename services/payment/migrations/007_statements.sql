-- Statements (issue 49 §4): a card's balance at any moment is rebuilt from the ledger's rows, so each
-- row that moves a balance must say by how much and when. Loads (amount, settled_at) and disputes
-- (debited_cents; a debit happens once, when the dispute closes lost, and a closed dispute never
-- changes again, so updated_at is its time) say so already. A reversal did not: a refund made at the
-- processor for more than the card had debits only what there was (the rest is a shortfall), so its
-- own debit is kept here, written by the statement that moves the card.
ALTER TABLE reversals ADD COLUMN IF NOT EXISTS debited_cents bigint NOT NULL DEFAULT 0 CHECK (debited_cents >= 0);

-- Backfill: reversals that succeeded before this column debited their amount, except on a card that
-- has a shortfall, where a processor refund may have debited less; there the card's shortfall is taken
-- off that card's processor refunds, newest first, as far as it goes (rows written before this release).
UPDATE reversals SET debited_cents = amount_cents WHERE status = 'succeeded' AND debited_cents = 0;
WITH refunds AS (
  SELECT r.id, r.amount_cents,
         c.shortfall_cents - coalesce((SELECT sum(d.shortfall_cents) FROM disputes d WHERE d.card_id = c.id), 0)
           AS card_short,
         sum(r.amount_cents) OVER (PARTITION BY r.card_id ORDER BY r.id DESC) - r.amount_cents AS newer
    FROM reversals r JOIN cards c ON c.id = r.card_id
   WHERE r.status = 'succeeded' AND r.requested_by = 'processor' AND c.shortfall_cents > 0
)
UPDATE reversals r SET debited_cents = r.amount_cents - least(r.amount_cents, greatest(0, f.card_short - f.newer))
  FROM refunds f WHERE r.id = f.id AND f.card_short > f.newer;

-- A statement reads a card's balance movements by time: succeeded loads and reversals by settled_at.
CREATE INDEX IF NOT EXISTS loads_card_settled_idx ON loads (card_id, settled_at) INCLUDE (amount_cents)
  WHERE status = 'succeeded';
CREATE INDEX IF NOT EXISTS reversals_card_settled_idx ON reversals (card_id, settled_at) INCLUDE (debited_cents)
  WHERE status = 'succeeded';
