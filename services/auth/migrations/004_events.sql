-- Webhooks and their deliveries (docs/events.md). The trail they deliver (events.events and its outbox)
-- is made by 000_trail.sql; auth and payment both write events. Webhooks stay in `auth`, where
-- payment's role reaches nothing.
CREATE TABLE webhooks (
  id text PRIMARY KEY,
  url text NOT NULL,
  event_types text[] NOT NULL,
  description text NOT NULL DEFAULT '',
  secret text NOT NULL,
  -- After a rotation the old secret signs too until previous_until (receivers switch without a gap).
  previous_secret text,
  previous_until timestamptz,
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text,
  -- The first failure since the last success: failing for 5 days disables the endpoint.
  failing_since timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  webhook_id text NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  event_id text NOT NULL REFERENCES events.events (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A dispatcher that claimed it holds it until then; one that died lets it go to another.
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  UNIQUE (webhook_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

CREATE TABLE webhook_attempts (
  id bigserial PRIMARY KEY,
  delivery_id bigint NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  status_code integer,
  error text,
  duration_ms integer NOT NULL
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id);
