-- Reconciliation looks for loads whose outcome is still open; there are few, so a partial index.
CREATE INDEX loads_unsettled_idx ON loads (created_at) WHERE status IN ('pending', 'unknown');
