// Failed logins in the trail (issue 43, L3) against real Postgres: anyone can send attempts, so what
// they write is bounded by time, never by how many are sent: a few `login.failed` per user tried and
// window, one `login.rate_limited` per limit and window, every attempt counted; the actor is anonymous.
// And the migration that lets the trail hold that actor, on a trail made before it existed.
import { recordEvent } from '@gatehouse/events';
import { createLogger } from '@gatehouse/logger';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { oldTrailDdl } from '@gatehouse/test-kit/old-trail';
import { userId } from '@gatehouse/token';
import { Client } from 'pg';
import { DirectLogin } from '../login/direct-login';
import { AuthTrail } from '../sessions/session-events';
import { MemoryRateLimiter } from '../stores/limits';
import { createPool, runMigrations } from '../stores/postgres';
import { auditedLogins, FAILED_IN_TRAIL } from './login-events';
import { PgTrail } from './trail';

const log = createLogger({ name: 'login-events-test', level: 'silent' });
let db: TestDatabase;
let pool: ReturnType<typeof createPool>;

beforeAll(async () => {
  db = await createTestDatabase('gh_auth');
  pool = createPool(db.url, undefined, { transactionPooling: db.transactionPooling });
  await runMigrations(pool);
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

/** The login limits' defaults (AUTH_LIMIT_DIRECT_*): 10 per user and address, 100 per address, 60/min per user. */
function flooded() {
  const counted: string[] = [];
  const direct = new DirectLogin({
    name: 'direct',
    checker: async () => false,
    limiter: new MemoryRateLimiter(),
    limits: {
      perUser: { limit: 10, windowMs: 15 * 60_000 },
      perIp: { limit: 100, windowMs: 15 * 60_000 },
      perUserAllClients: { limit: 60, windowMs: 60_000 },
    },
    log,
  });
  const [login] = auditedLogins([direct], {
    trail: new AuthTrail(pool, log),
    limiter: new MemoryRateLimiter(),
    failed: (provider, reason) => counted.push(`${provider}:${reason}`),
  });
  const attempt = (user: string, ip: string) =>
    login!.login({
      method: 'POST',
      query: {},
      headers: { 'content-type': 'application/json', 'user-agent': '<script>alert(1)</script>' },
      body: Buffer.from(JSON.stringify({ user, passwd: 'guess' })),
      clientIp: ip,
    });
  return { counted, attempt };
}

const loginEvents = async (subject: string | null, ip: string) =>
  (
    await pool.query(
      `SELECT type, actor_kind, actor_id, subject_user, data FROM events.events
        WHERE type LIKE 'login.%' AND client_address = $1 AND subject_user IS NOT DISTINCT FROM $2 ORDER BY id`,
      [ip, subject],
    )
  ).rows;

test('300 wrong passwords for one user in a burst: every one counted, at most 10 login events for the user', async () => {
  const { counted, attempt } = flooded();
  const statuses = [];
  for (let i = 0; i < 300; i += 50)
    statuses.push(...(await Promise.all(Array.from({ length: 50 }, () => attempt('victor', '203.0.113.66')))));
  expect(statuses.filter((a) => a.status === 403)).toHaveLength(10);
  expect(statuses.filter((a) => a.status === 429)).toHaveLength(290);
  expect(counted.filter((c) => c === 'direct:refused')).toHaveLength(10);
  expect(counted.filter((c) => c === 'direct:rate_limited')).toHaveLength(290);

  const victor = userId('direct', 'victor');
  const events = await loginEvents(victor, '203.0.113.66');
  expect(events.length).toBeLessThanOrEqual(10);
  const anonymous = { actor_kind: 'anonymous', actor_id: null, subject_user: victor };
  // In a burst the limited answers come back before the checked ones: by type, not in order.
  expect(events.filter((e) => e.type === 'login.failed')).toEqual(
    Array.from({ length: FAILED_IN_TRAIL.limit }, () => ({
      ...anonymous,
      type: 'login.failed',
      data: { provider: 'direct', reason: 'refused' },
    })),
  );
  expect(events.filter((e) => e.type === 'login.rate_limited')).toEqual([
    { ...anonymous, type: 'login.rate_limited', data: { provider: 'direct', limit: 'user_ip' } },
  ]);
  // The address's own limit (100) is the address's event, about nobody in particular.
  expect(await loginEvents(null, '203.0.113.66')).toEqual([
    {
      actor_kind: 'anonymous',
      actor_id: null,
      subject_user: null,
      type: 'login.rate_limited',
      data: { provider: 'direct', limit: 'ip' },
    },
  ]);
});

test('guesses from many addresses write no more for the user than from one', async () => {
  const { attempt } = flooded();
  for (let n = 0; n < 40; n++) await Promise.all(Array.from({ length: 12 }, () => attempt('wanda', `198.51.100.${n}`)));
  const wanda = userId('direct', 'wanda');
  const { rows } = await pool.query(
    "SELECT type, data FROM events.events WHERE subject_user = $1 AND type LIKE 'login.%' ORDER BY id",
    [wanda],
  );
  expect(rows.filter((r) => r.type === 'login.failed')).toHaveLength(FAILED_IN_TRAIL.limit);
  // One per limit a window: the user from one address (15 minutes), the user from every address (a minute).
  expect(rows.filter((r) => r.type === 'login.rate_limited').map((r) => r.data.limit)).toEqual(['user_ip', 'user']);
});

test("the user's own activity shows no browser of an attempt by somebody else; admins see it", async () => {
  const { attempt } = flooded();
  await attempt('xena', '192.0.2.44');
  const xena = userId('direct', 'xena');
  const trail = new PgTrail(pool);
  const own = await trail.query({}, { user: xena, prefixes: ['login.'] });
  expect(own.events.map((e) => [e.type, e.clientAddress, e.userAgent])).toEqual([['login.failed', '192.0.2.44', null]]);
  const admin = await trail.query({ user: xena });
  expect(admin.events.map((e) => e.userAgent)).toEqual(['<script>alert(1)</script>']);
});

test('a trail made before the anonymous actor takes it after the migration', async () => {
  const old = await createTestDatabase('gh_auth_old');
  const oldPool = createPool(old.url, undefined, { transactionPooling: old.transactionPooling });
  try {
    // The trail as the earlier version made it: the four kinds, under Postgres's own name for the CHECK.
    const client = new Client({ connectionString: old.url });
    await client.connect();
    await client.query(oldTrailDdl(34));
    await client.end();
    const before = {
      type: 'login.failed' as const,
      actor: { kind: 'anonymous' as const },
      data: { reason: 'refused' },
    };
    await expect(recordEvent(oldPool, before)).rejects.toThrow(/events_actor_kind_check/);
    expect(await runMigrations(oldPool)).toContain('006_trail_anonymous.sql');
    await expect(recordEvent(oldPool, before)).resolves.toEqual(expect.any(String));
    await expect(recordEvent(oldPool, { ...before, actor: { kind: 'nobody' as 'anonymous' } })).rejects.toThrow(
      /events_actor_kind_check/,
    );
  } finally {
    await oldPool.end();
    await old.drop();
  }
});
