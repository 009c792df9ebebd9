// Auth's events (issue 34) against real Postgres and Redis: a login, from the finisher every login ends
// in, and a logout and sessions a user ends, from the session list, are in the trail; TOTP and passkey
// changes are written in the transaction of their own change. No event holds the token, its jti or a code.
import { randomBytes } from 'node:crypto';
import { secretProblem } from '@gatehouse/events';
import { createLogger, runInTrace, traceFrom } from '@gatehouse/logger';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { configSecretReader, type Issued, TokenService, userId } from '@gatehouse/token';
import { Redis } from 'ioredis';
import { PgDirectoryAdminStore } from '../directory/admin-store';
import { openDirectoryAdmin } from '../directory/open';
import { PgDirectoryStore } from '../directory/store';
import { auditedLogins } from '../events/login-events';
import { DirectLogin } from '../login/direct-login';
import { MemoryRateLimiter } from '../stores/limits';
import { PgPasskeyStore } from '../stores/passkeys';
import { createPool, runMigrations } from '../stores/postgres';
import { RedisRevocations } from '../stores/revocations';
import { RedisSessionRegistry } from '../stores/session-registry';
import { PgTotpStore } from '../totp/store';
import type { ClientInfo } from './device-sessions';
import { LoginFinisher } from './finish-login';
import { AuditedDeviceSessions, AuthTrail } from './session-events';
import { Sessions } from './sessions';

const log = createLogger({ name: 'events-test', level: 'silent' });
const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = `gh-test:events:${randomBytes(4).toString('hex')}:`;
let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
const revocations = new RedisRevocations(redis, prefix);

beforeAll(async () => {
  db = await createTestDatabase('gh_auth');
  pool = createPool(db.url, undefined, { transactionPooling: db.transactionPooling });
  await runMigrations(pool);
});

afterAll(async () => {
  revocations.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await pool?.end();
  await db?.drop();
});

const trailOf = async (user: string) =>
  (
    await pool.query(
      'SELECT type, actor_kind, actor_id, client_address, user_agent, data FROM events.events WHERE subject_user = $1 ORDER BY id',
      [user],
    )
  ).rows;

/** Sessions per device over Redis, with their events, and the login finisher, as with a database. */
function auditedSessions() {
  const tokens = new TokenService({
    issuer: 'test',
    tokenDurationMs: 900_000,
    cookieDurationMs: 86_400_000,
    audiences: [],
    secrets: configSecretReader('s'.repeat(40), {}),
  });
  const trail = new AuthTrail(pool, log);
  const devices = new AuditedDeviceSessions(
    {
      registry: new RedisSessionRegistry(redis, prefix),
      revocations,
      sessions: { endJti: (jti, endMs) => sessions.endJti(jti, endMs) },
      tokens,
      log,
    },
    trail,
  );
  const sessions = new Sessions(tokens, revocations, Date.now, devices);
  const finisher = new LoginFinisher({ devices, trail });
  const finish = (session: Issued, client: ClientInfo) => finisher.finish({ session, client, how: 'oauth2' });
  return { tokens, devices, sessions, finish };
}

test('a login, the sessions a user ends and a logout are in the trail, without the token', async () => {
  const { tokens, devices, sessions, finish } = auditedSessions();
  const user = { id: `dev_${randomBytes(6).toString('hex')}`, name: 'nina', picture: '' };
  const browser = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 Chrome/130' };
  const first = await tokens.issueSession({ user, aud: 'x', provider: 'dev', sessionOnly: false });
  await finish(first, browser);
  const second = await tokens.issueSession({ user, aud: 'x', provider: 'github', sessionOnly: false });
  await finish(second, { ip: '198.51.100.2', userAgent: 'Safari/17' });
  expect(await devices.endOthers({ userId: user.id, jti: second.jti })).toHaveLength(1);
  await sessions.end(second.token);

  const trail = await trailOf(user.id);
  expect(trail.map((e) => [e.type, e.data])).toEqual([
    ['login.succeeded', { provider: 'dev' }],
    ['login.succeeded', { provider: 'github' }],
    ['session.ended', { reason: 'revoked_others' }],
    ['session.ended', { reason: 'logout' }],
  ]);
  expect(trail[0]).toMatchObject({
    actor_kind: 'user',
    actor_id: user.id,
    client_address: browser.ip,
    user_agent: browser.userAgent,
  });
  const text = JSON.stringify(trail);
  for (const secret of [first.token, first.jti, second.token, second.jti]) expect(text).not.toContain(secret);
  expect(trail.map((e) => secretProblem(e.data))).toEqual(trail.map(() => null));
});

test('a login says method totp only after a second factor (mfa), not for an email link (otp alone)', async () => {
  const { tokens, finish } = auditedSessions();
  const user = { id: `email_${randomBytes(6).toString('hex')}`, name: 'olive', picture: '' };
  for (const amr of [['otp'], ['otp', 'mfa']]) {
    const session = await tokens.issueSession({ user, aud: 'x', provider: 'email', sessionOnly: false, amr });
    await finish(session, { ip: '203.0.113.8', userAgent: 'Firefox/140' });
  }
  expect((await trailOf(user.id)).map((e) => e.data)).toEqual([
    { provider: 'email' },
    { provider: 'email', method: 'totp' },
  ]);
});

test('TOTP and passkey changes are written with their events, in the same transaction', async () => {
  const user = `dev_${randomBytes(6).toString('hex')}`;
  const totp = new PgTotpStore(pool);
  expect(await totp.putPending(user, { data: Buffer.from('x'), keyId: 'k' })).toBe(true);
  expect(await totp.activate(user, 100, [Buffer.from('a'), Buffer.from('b')])).toBe(true);
  expect(await totp.replaceRecoveryCodes(user, [Buffer.from('c')])).toBe(true);
  expect(await totp.remove(user)).toBe(true);
  // A removal that removed nothing is no event.
  expect(await totp.remove(user)).toBe(false);
  const passkeys = new PgPasskeyStore(pool);
  const credential = randomBytes(32).toString('base64url');
  const passkey = {
    id: credential,
    userId: user,
    userJson: '{}',
    publicKey: new Uint8Array([1]),
    counter: 0,
    transports: [],
  };
  expect(await passkeys.add(passkey)).toBe(true);
  expect(await passkeys.add(passkey)).toBe(false);
  // The user's last way in is not removed (issue 43): here an identity of theirs remains.
  await pool.query('INSERT INTO users (id) VALUES ($1)', [user]);
  await pool.query("INSERT INTO identities (id, user_id, provider) VALUES ($1, $1, 'dev')", [user]);
  expect(await passkeys.remove(user, credential, () => true)).toBe(true);

  const trail = await trailOf(user);
  expect(trail.map((e) => [e.type, e.data])).toEqual([
    ['totp.enabled', {}],
    ['totp.recovery_codes_renewed', { count: 1 }],
    ['totp.disabled', {}],
    ['passkey.added', { credential_id: expect.stringMatching(/^cred-[0-9a-f]{16}$/) }],
    ['passkey.removed', { credential_id: trail[3]?.data.credential_id }],
  ]);
  expect(JSON.stringify(trail)).not.toContain(credential);
});

test('a direct login refused is login.failed, rate-limited login.rate_limited, by anonymous, about the attempted user id, never the password', async () => {
  const limit = { limit: 2, windowMs: 60_000 };
  const direct = new DirectLogin({
    name: 'direct',
    checker: async (user, password) => user === 'nina' && password === 'right-password',
    limiter: new MemoryRateLimiter(),
    limits: {
      perUser: limit,
      perIp: { limit: 100, windowMs: 60_000 },
      perUserAllClients: { limit: 100, windowMs: 60_000 },
    },
    log,
  });
  const [login] = auditedLogins([direct], { trail: new AuthTrail(pool, log), limiter: new MemoryRateLimiter() });
  const attempt = (passwd: string) =>
    login!.login({
      method: 'GET',
      query: { user: 'nina', passwd },
      headers: { 'user-agent': 'curl/8' },
      body: Buffer.alloc(0),
      clientIp: '192.0.2.9',
    });
  expect((await attempt('wrong-password-1')).status).toBe(403);
  expect((await attempt('wrong-password-2')).status).toBe(403);
  expect((await attempt('right-password')).status).toBe(429);
  const subject = userId('direct', 'nina');
  const trail = await trailOf(subject);
  expect(trail.map((e) => [e.type, e.actor_kind, e.actor_id, e.data, e.client_address, e.user_agent])).toEqual([
    ['login.failed', 'anonymous', null, { provider: 'direct', reason: 'refused' }, '192.0.2.9', 'curl/8'],
    ['login.failed', 'anonymous', null, { provider: 'direct', reason: 'refused' }, '192.0.2.9', 'curl/8'],
    ['login.rate_limited', 'anonymous', null, { provider: 'direct', limit: 'user_ip' }, '192.0.2.9', 'curl/8'],
  ]);
  expect(JSON.stringify(trail)).not.toMatch(/password|nina/);
});

test("an admin's block and delete are in the trail with the change; a deleted user's addresses and browsers leave it", async () => {
  const user = `dev_${randomBytes(6).toString('hex')}`;
  await pool.query("INSERT INTO users (id, name) VALUES ($1, 'erin')", [user]);
  await new AuthTrail(pool, log).record({
    type: 'login.succeeded',
    actor: { kind: 'user', id: user },
    subjectUser: user,
    clientAddress: '203.0.113.50',
    userAgent: 'Firefox/140',
    data: { provider: 'dev' },
  });
  const admin = new PgDirectoryAdminStore(pool);
  expect(await admin.setStatus(user, 'blocked', 'fraud suspected', 'alice')).toBe(true);
  expect(await admin.setStatus('dev_nobody', 'blocked', null, 'alice')).toBe(false);
  expect(await admin.erase(user, 'alice')).toBe(true);
  const trail = await trailOf(user);
  expect(trail.map((e) => [e.type, e.actor_kind, e.actor_id, e.client_address, e.user_agent])).toEqual([
    ['login.succeeded', 'user', user, null, null],
    ['user.blocked', 'admin', 'alice', null, null],
    ['user.deleted', 'admin', 'alice', null, null],
  ]);
  expect(JSON.stringify(trail)).not.toContain('fraud');
});

test("a user's first login (or first refresh) adds them with user.created in the same statement, once", async () => {
  const directory = new PgDirectoryStore(pool);
  const id = `github_${randomBytes(20).toString('hex')}`;
  const login = {
    id,
    provider: 'github',
    name: 'gina',
    email: 'gina@example.com',
    emailVerified: true,
    linkByEmail: false,
    trustedProviders: [],
  };
  const request = traceFrom(undefined);
  await runInTrace(request, () => directory.login(login));
  await directory.login(login);
  const byId = `dev_${randomBytes(6).toString('hex')}`;
  await directory.ensure({ id: byId, name: 'dan' }, '');
  await directory.ensure({ id: byId, name: 'dan' }, '');
  expect((await trailOf(id)).map((e) => [e.type, e.actor_id, e.data])).toEqual([
    ['user.created', id, { provider: 'github' }],
  ]);
  const { rows } = await pool.query('SELECT request_id FROM events.events WHERE subject_user = $1', [id]);
  expect(rows).toEqual([{ request_id: request.traceId }]);
  expect((await trailOf(byId)).map((e) => [e.type, e.data])).toEqual([['user.created', {}]]);
  const outboxed = await pool.query(
    "SELECT count(*)::int AS n FROM events.outbox o JOIN events.events e ON e.id = o.event_id WHERE e.type = 'user.created' AND e.subject_user = ANY($1)",
    [[id, byId]],
  );
  expect(outboxed.rows[0].n).toBe(2);
});

test('every admin call is admin.action: who, what, to whom; a block is user.blocked too, with the change', async () => {
  const user = `dev_${randomBytes(6).toString('hex')}`;
  await pool.query("INSERT INTO users (id, name) VALUES ($1, 'bo')", [user]);
  const admin = openDirectoryAdmin(pool, auditedSessions().devices, {}, log);
  await admin.get({ actor: 'alice', userId: user });
  const { tokens, devices } = auditedSessions();
  const session = await tokens.issueSession({
    user: { id: user, name: 'bo', picture: '' },
    aud: 'x',
    provider: 'dev',
    sessionOnly: false,
  });
  await devices.issued(session, null);
  await admin.block({ actor: 'alice', userId: user }, 'looks like fraud');
  const deadline = Date.now() + 5_000;
  let trail = await trailOf(user);
  while (trail.length < 5 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    trail = await trailOf(user);
  }
  expect(trail.map((e) => [e.type, e.actor_kind, e.actor_id, e.data])).toEqual(
    expect.arrayContaining([
      ['admin.action', 'admin', 'alice', { method: 'show_user', target: user }],
      ['user.blocked', 'admin', 'alice', {}],
      ['session.ended', 'admin', null, { reason: 'admin' }],
      ['admin.action', 'admin', 'alice', { method: 'block_user', target: user }],
    ]),
  );
  expect(JSON.stringify(trail)).not.toContain('fraud');
});

test('an identity linked and unlinked by its user is in the trail with the change', async () => {
  const directory = new PgDirectoryStore(pool);
  const id = `dev_${randomBytes(6).toString('hex')}`;
  await directory.login({
    id,
    provider: 'dev',
    name: 'lin',
    email: undefined,
    emailVerified: false,
    linkByEmail: false,
    trustedProviders: [],
  });
  const other = `github_${randomBytes(20).toString('hex')}`;
  expect(
    await directory.link(id, { id: other, provider: 'github', name: 'lin', email: undefined, emailVerified: false }),
  ).toBe('linked');
  expect(await directory.unlink(id, other, () => true)).toBe('unlinked');
  expect((await trailOf(id)).map((e) => [e.type, e.data])).toEqual([
    ['user.created', { provider: 'dev' }],
    ['identity.linked', { provider: 'github' }],
    ['identity.unlinked', { provider: 'github' }],
  ]);
});
