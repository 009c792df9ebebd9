// Password checks whose caller gave up (issue 46, a flood's backlog): the auth service as it runs, one
// hash at a time (AUTH_PASSWORD_HASH_CONCURRENCY=1), a burst of wrong-password logins over gRPC each
// given up after 30 ms. Those still waiting for their turn then are never hashed, so never counted as
// failures (gatehouse_auth_login_failures_total), and a login sent after the burst, answered once the
// queue before it drained, logs in. No timing is asserted: the one wrong login that waits is counted
// in any case, and the twenty cannot all be hashed one at a time within their 30 ms on any machine.
import path from 'node:path';
import { createClient, openInternalAuth } from '@gatehouse/grpc-kit';
import { loadProto } from '@gatehouse/proto';
import { Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';
import pg from 'pg';

let stack: Stack;
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('gh_pw_abandoned');
  stack = await startStack({
    services: ['avatar', 'auth', 'gateway'],
    authDatabaseUrl: db.url,
    metrics: true,
    env: {
      AUTH_PASSWORD_HASH_CONCURRENCY: '1',
      AUTH_PASSWORD_REQUIRE_VERIFIED: 'false',
      // No limit answers first: every attempt of the burst reaches the hash queue.
      AUTH_LIMIT_DIRECT_IP: '100000/15m',
      AUTH_LIMIT_DIRECT_USER: '100000/15m',
      AUTH_LIMIT_DIRECT_USER_ALL: '100000/1m',
      AUTH_LIMIT_PASSWORD_USER_DAY: '100000/24h',
    },
  });
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await db?.drop();
});

const EMAIL = 'flo@example.com';

async function failedInTrail(): Promise<{ subject_user: string; data: { reason: string } }[]> {
  const pool = new pg.Pool({ connectionString: db.url, max: 1 });
  try {
    const { rows } = await pool.query(
      "SELECT subject_user, data FROM events.events WHERE type = 'login.failed' AND data ->> 'provider' = 'password' ORDER BY id",
    );
    return rows;
  } finally {
    await pool.end();
  }
}
const PASSWORD = 'flo has a long password';

async function failureCount(reason: 'refused' | 'abandoned'): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${stack.metricsPorts?.auth}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith('gatehouse_auth_login_failures_total{') && l.includes(`reason="${reason}"`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

test('logins given up while waiting for their hash are not hashed, nor counted as failures', async () => {
  const signup = await new Browser(stack.url).request('POST', '/auth/password/signup', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  expect(signup.status).toBe(202);
  const internal = await openInternalAuth(path.join(stack.dataDir, 'internal-keys', 'gateway'), 'gateway', ['auth']);
  if (!internal) throw new Error('no internal keys');
  const passwords = createClient(
    loadProto('passwords').grpcObject.auth.v1.PasswordService,
    `127.0.0.1:${stack.ports.auth}`,
    { credential: { auth: internal, audience: 'auth' } },
  );
  try {
    const login = (password: string, deadlineMs: number) =>
      passwords.call.login(
        { email: EMAIL, password, client: { ip: '192.0.2.7', userAgent: 'test' }, site: '', sessionOnly: false },
        { deadlineMs },
      );
    // The account is made just after sign-up answers.
    await until(() => login(PASSWORD, 10_000).catch(() => undefined), 10_000);
    const before = await failureCount('refused');
    const abandonedBefore = await failureCount('abandoned');
    const trailBefore = await failedInTrail();

    // One wrong password whose caller waits: hashed and counted, whatever else happens.
    const waited = login('a wrong password', 20_000).then(
      () => 'answered',
      (err: { details?: string }) => err.details,
    );
    const burst = await Promise.allSettled(Array.from({ length: 20 }, () => login('a wrong password', 30)));
    expect(burst.every((r) => r.status === 'rejected')).toBe(true);
    // Sent after the burst: answered once every check queued before it has run or been dropped.
    const after = await login(PASSWORD, 20_000);
    expect(after.retryAfterSeconds).toBe(0);
    expect(after.session?.token).toBeTruthy();
    expect(await waited).toBe('incorrect email or password');

    // Every check hashed is a failure counted: 21 if the given-up ones had been hashed too.
    const refused = (await failureCount('refused')) - before;
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(refused).toBeLessThan(21);
    // A check given up is never judged, but it is an attempt all the same: counted once as `abandoned`
    // (the failures of all 21 are counted once each, whichever way they ended).
    const abandoned = (await failureCount('abandoned')) - abandonedBefore;
    expect(abandoned).toBeGreaterThanOrEqual(1);
    expect(refused + abandoned).toBeLessThanOrEqual(21);
    // In the trail, under its budget (5 failures per address tried in 15 minutes, this stack's own, some
    // maybe spent before the burst): one login.failed per attempt up to it, each with its reason, the subject the id the address stands for, no password.
    const trail = await until(
      async () => {
        const rows = await failedInTrail();
        return rows.length - trailBefore.length === Math.min(5 - trailBefore.length, refused + abandoned) && rows;
      },
      { ms: 10_000, what: 'the failures in the trail' },
    );
    for (const row of trail.slice(trailBefore.length)) {
      expect(['refused', 'abandoned']).toContain(row.data.reason);
      expect(row.subject_user).toMatch(/^password_[0-9a-f]{40}$/);
      expect(JSON.stringify(row)).not.toContain('wrong password');
    }
  } finally {
    passwords.close();
  }
}, 60_000);
