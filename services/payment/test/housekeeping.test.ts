// The ledger's housekeeping. PAYMENT_CLIENT_ADDRESS_RETENTION: a load's client address (and its velocity
// reviews') is set to NULL once the load is older than the retention, in batches that two replicas may
// run at once; the loads themselves, the recent addresses and the overview's counts stay. The overview's
// hourly counters older than a month go. Real Postgres, the development processor, loads made through
// the load path with a clock set back.
import { createLogger } from '@gatehouse/logger';
import { loadPaymentConfig } from '../src/config';
import { forgetClientAddresses, pruneOverviewHours } from '../src/ledger/housekeeping';
import type { VelocityHooks } from '../src/loads/velocity';
import { testPayments } from './helpers';
import { useProcessorLedger } from './processor-ledger';

const DAY = 86_400_000;
const log = createLogger({ name: 'payment-test', level: 'silent' });
const env = useProcessorLedger(6);
// Every load is flagged for review, so its review row holds the address too.
const hooks: VelocityHooks = {
  rules: () => [
    {
      name: 'look',
      subject: 'owner',
      counts: 'loads',
      threshold: 0,
      windowSeconds: 600,
      action: 'review',
      mode: 'enforce',
      source: 'admin',
    },
  ],
  fired: async () => {},
};

async function loadAt(daysAgo: number, ownerId: string, cardId: number, address: string) {
  const at = new Date(Date.now() - daysAgo * DAY);
  const payments = testPayments(env.pool, env.fake, log, { clock: () => at, velocity: hooks });
  const answer = await payments.loadCard({
    ownerId,
    cardId,
    amountCents: 100,
    nonce: 'fake-valid-nonce',
    clientAddress: address,
  });
  expect(answer.status).toBe('succeeded');
  return answer.loadId;
}

const overviewCounts = async () =>
  (await env.pool.query('SELECT outcome, sum(count)::int AS n FROM overview_loads_hourly GROUP BY outcome ORDER BY 1'))
    .rows;

test('old addresses go from loads and reviews, in batches, two replicas at once; recent ones and the loads stay', async () => {
  const ownerId = `dev_retention_${Date.now()}`;
  const payments = testPayments(env.pool, env.fake, log);
  const card = await payments.createCard(ownerId, 'c');
  const old: number[] = [];
  for (let i = 0; i < 7; i++) old.push(await loadAt(120 - i, ownerId, card.id, `198.51.100.${i + 1}`));
  const recent = [await loadAt(10, ownerId, card.id, '203.0.113.9'), await loadAt(0, ownerId, card.id, '2001:db8::9')];
  const counted = await overviewCounts();

  // Two "replicas" sweep together, in batches of 2: every old address is forgotten once, none twice.
  const before = new Date(Date.now() - 90 * DAY);
  const [a, b] = await Promise.all([
    forgetClientAddresses(env.pool, before, 2),
    forgetClientAddresses(env.pool, before, 2),
  ]);
  expect(a + b).toBe(7);

  const { rows } = await env.pool.query(
    `SELECT l.id::int AS id, l.client_address AS load_address, r.client_address AS review_address, l.status
       FROM loads l JOIN velocity_reviews r ON r.load_id = l.id WHERE l.owner_id = $1 ORDER BY l.id`,
    [ownerId],
  );
  expect(rows).toEqual([
    ...old.map((id) => ({ id, load_address: null, review_address: null, status: 'succeeded' })),
    { id: recent[0], load_address: '203.0.113.9', review_address: '203.0.113.9', status: 'succeeded' },
    { id: recent[1], load_address: '2001:db8::9', review_address: '2001:db8::9', status: 'succeeded' },
  ]);
  // Forgetting an address is no new outcome: the overview's counts are as they were.
  expect(await overviewCounts()).toEqual(counted);
  // Nothing left: the next round forgets nothing.
  expect(await forgetClientAddresses(env.pool, before)).toBe(0);
});

test('the retention is a setting of at least 30 days (velocity rules count up to 30 days back)', () => {
  const base = { DATABASE_URL: env.db.url, PAYMENT_DEV_PROCESSOR: 'true' };
  expect(loadPaymentConfig(base).clientAddressRetentionMs).toBe(90 * DAY);
  expect(loadPaymentConfig({ ...base, PAYMENT_CLIENT_ADDRESS_RETENTION: '30d' }).clientAddressRetentionMs).toBe(
    30 * DAY,
  );
  expect(() => loadPaymentConfig({ ...base, PAYMENT_CLIENT_ADDRESS_RETENTION: '7d' })).toThrow(
    /PAYMENT_CLIENT_ADDRESS_RETENTION must be at least 30d/,
  );
});

test("the overview's hourly counters older than a month go; the month's stay", async () => {
  await env.pool.query(
    `INSERT INTO overview_loads_hourly (hour, outcome, count, amount_cents) VALUES
       (date_trunc('hour', now() - interval '40 days'), 'succeeded', 3, 300),
       (date_trunc('hour', now() - interval '30 days'), 'succeeded', 2, 200)`,
  );
  // (The loads of the test above, made 114 to 120 days ago, were counted in their hours too.)
  expect(await pruneOverviewHours(env.pool, new Date(Date.now() - 35 * DAY))).toBeGreaterThanOrEqual(1);
  const { rows } = await env.pool.query(
    "SELECT count::int AS n FROM overview_loads_hourly WHERE hour < now() - interval '20 days'",
  );
  expect(rows).toEqual([{ n: 2 }]);
  expect(await pruneOverviewHours(env.pool, new Date(Date.now() - 35 * DAY))).toBe(0);
});
