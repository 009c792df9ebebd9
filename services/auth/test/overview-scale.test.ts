// The admin overview's directory figures at scale (issue 48): 100,000 users and 1,000,000 trail events
// seeded with bulk SQL, and every number DirectoryOverview answers equals the same number counted the
// slow way from the raw rows. The events go in through the trail's own INSERT, so the hourly counters
// are the statement trigger's (011_overview_summaries.sql), not the test's. No timing here: the latency
// is bench/overview.ts's.
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { Client } from 'pg';
import { DirectoryOverview, HOUR_MS, hoursStart, OVERVIEW_HOURS } from '../src/directory/overview';
import { createPool, runMigrations } from '../src/stores/postgres';

let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
const NOW = Date.now();

/** 100,000 users over 30 days, a third of them never logged in, 1 in 97 blocked. */
const SEED_USERS = `
INSERT INTO users (id, name, email, status, created_at, last_login_at)
SELECT 'seed_' || g, 'User ' || g, 'u' || g || '@example.com',
       CASE WHEN g % 97 = 0 THEN 'blocked' ELSE 'active' END,
       $1::timestamptz - (g % 43200) * interval '1 minute',
       CASE WHEN g % 3 = 0 THEN NULL ELSE $1::timestamptz - (g % 20160) * interval '37 seconds' END
  FROM generate_series(1, 100000) g`;

/**
 * 1,000,000 events over 10 days in 10 statements of 100,000: logins by three providers, failed logins,
 * and other types the overview does not count.
 */
const SEED_EVENTS = `
INSERT INTO events.events (id, time, type, actor_kind, actor_id, subject_user, data)
SELECT lpad(($2::bigint + g)::text, 26, '0'),
       $1::timestamptz - ((g * 7919) % 864000) * interval '1 second',
       (ARRAY['login.succeeded', 'login.succeeded', 'login.failed', 'session.ended', 'user.updated'])[1 + g % 5],
       'user', 'seed_' || (g % 100000), 'seed_' || (g % 100000),
       jsonb_build_object('provider', (ARRAY['dev', 'github', 'local'])[1 + (g / 5) % 3])
  FROM generate_series(1, 100000) g`;

beforeAll(async () => {
  db = await createTestDatabase('gh_auth_overview');
  pool = createPool(db.url, undefined, { transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  // A client of its own: the service's pool has statement and read timeouts that bulk seeding passes.
  const seeder = new Client({ connectionString: db.url });
  await seeder.connect();
  await seeder.query('SET search_path TO auth, public');
  try {
    await seeder.query(SEED_USERS, [new Date(NOW)]);
    for (let batch = 0; batch < 10; batch++) await seeder.query(SEED_EVENTS, [new Date(NOW), batch * 100_000]);
    await seeder.query('ANALYZE users; ANALYZE events.events');
  } finally {
    await seeder.end();
  }
}, 600_000);

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const count = async (sql: string, params: unknown[] = []) => Number((await pool.query(sql, params)).rows[0].n);

test('the overview of 100,000 users and 1,000,000 events equals the rows counted one by one', async () => {
  expect(await count('SELECT count(*) AS n FROM events.events')).toBe(1_000_000);
  const overview = new DirectoryOverview({ pool, liveSessions: async () => 42, now: () => NOW });
  const start = hoursStart(NOW);
  const o = await overview.read(start);

  const day = new Date(NOW - 24 * HOUR_MS);
  const week = new Date(NOW - 7 * 24 * HOUR_MS);
  expect(o.users).toEqual({
    total: 100_000,
    new24h: await count('SELECT count(*) AS n FROM users WHERE created_at >= $1', [day]),
    new7d: await count('SELECT count(*) AS n FROM users WHERE created_at >= $1', [week]),
    active24h: await count('SELECT count(*) AS n FROM users WHERE last_login_at >= $1', [day]),
    active7d: await count('SELECT count(*) AS n FROM users WHERE last_login_at >= $1', [week]),
    blocked: await count("SELECT count(*) AS n FROM users WHERE status = 'blocked'"),
  });
  expect(o.users.active24h).toBeGreaterThan(0);
  expect(o.users.new7d).toBeLessThan(o.users.total);
  expect(o.sessionsLive).toBe(42);

  // Per hour, per provider, from the raw trail.
  const { rows } = await pool.query(
    `SELECT floor((extract(epoch FROM time) * 1000 - $1) / $2)::int AS i, type, data ->> 'provider' AS provider,
            count(*)::int AS n
       FROM events.events
      WHERE type IN ('login.succeeded', 'login.failed') AND time >= $3 AND time < $4
      GROUP BY 1, 2, 3`,
    [start, HOUR_MS, new Date(start), new Date(start + OVERVIEW_HOURS * HOUR_MS)],
  );
  const expected: Record<string, number[]> = {};
  const failures = new Array<number>(OVERVIEW_HOURS).fill(0);
  for (const r of rows) {
    if (r.type === 'login.failed') failures[r.i] += r.n;
    else {
      expected[r.provider] ??= new Array<number>(OVERVIEW_HOURS).fill(0);
      (expected[r.provider] as number[])[r.i] += r.n;
    }
  }
  expect(Object.keys(o.loginsByProvider).sort()).toEqual(['dev', 'github', 'local']);
  expect(o.loginsByProvider).toEqual(expected);
  expect(o.failures).toEqual(failures);
  expect(failures.reduce((a, b) => a + b, 0)).toBeGreaterThan(100_000);
  expect(o.webhooks).toEqual({ endpoints: 0, disabled: 0, deliveriesFailing: 0 });
});

test('one login written later is counted in its hour at once', async () => {
  const overview = new DirectoryOverview({ pool, now: () => NOW });
  const before = await overview.read(hoursStart(NOW));
  await pool.query(
    `INSERT INTO events.events (id, time, type, actor_kind, actor_id, subject_user, data)
     VALUES ('zzzz-one-more', $1, 'login.succeeded', 'user', 'seed_1', 'seed_1', '{"provider":"github"}')`,
    [new Date(NOW)],
  );
  const after = await overview.read(hoursStart(NOW));
  expect(
    (after.loginsByProvider.github?.[OVERVIEW_HOURS - 1] ?? 0) -
      (before.loginsByProvider.github?.[OVERVIEW_HOURS - 1] ?? 0),
  ).toBe(1);
});
