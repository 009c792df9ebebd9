// The second factor against an attacker who reaches more than the browser (issue 31): a pending
// record written straight into Redis, many codes at once, sessions stolen before TOTP was turned on.
// Real auth (its own Postgres database, AUTH_TOTP_KEY), avatar and gateway processes and Redis.
import { createHash, randomBytes } from 'node:crypto';
import { Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { totpCode } from '@gatehouse/test-kit/totp-code';
import { Redis } from 'ioredis';
import { Secret, TOTP } from 'otpauth';

let stack: Stack;
let db: TestDatabase;
let redis: Redis;

beforeAll(async () => {
  db = await createTestDatabase('gh_auth');
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    authDatabaseUrl: db.url,
    metrics: true,
    serviceEnv: { auth: { AUTH_TOTP_KEY: randomBytes(32).toString('hex') } },
  });
  redis = new Redis(stack.env.REDIS_URL as string);
}, 60_000);

afterAll(async () => {
  redis?.disconnect();
  await stack?.stop();
  await db?.drop();
});

const codeOf = totpCode;

async function send(b: Browser, method: string, path: string, body?: unknown, xsrf = true) {
  const headers: Record<string, string> = {};
  if (xsrf) headers['x-xsrf-token'] = await b.xsrf();
  if (body !== undefined) headers['content-type'] = 'application/json';
  return b.request(method, path, { headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** A dev login with TOTP set up and on (activated with the previous step's code). */
async function withTotp(name: string) {
  const b = new Browser(stack.url);
  expect((await b.devLogin(name)).status).toBe(200);
  const { secret } = (await send(b, 'POST', '/auth/totp/setup')).json() as { secret: string };
  const activated = await send(b, 'POST', '/auth/totp/activate', { code: await codeOf(secret, -1) });
  expect(activated.status).toBe(200);
  return { b, secret, activated };
}

describe('the pending second-factor record is sealed', () => {
  it('refuses a record written straight into Redis, even for a user whose code is right', async () => {
    const { secret } = await withTotp('mallory');
    const id = randomBytes(20).toString('hex');
    // What a foothold with only Redis could write: the user's own login, made an admin.
    const forged = {
      user: {
        name: 'mallory',
        id: `dev_${createHash('sha1').update('mallory').digest('hex')}`,
        picture: '',
        attrs: { admin: true },
      },
      aud: 'gatehouse',
      provider: 'dev',
      sessionOnly: false,
      noAvatar: false,
      amr: ['fed'],
      redirectUrl: '',
    };
    const key = `${stack.env.REDIS_KEY_PREFIX}totp-pending:${createHash('sha256').update(id).digest('hex')}`;
    await redis.set(key, JSON.stringify(forged), 'PX', 60_000);
    const b = new Browser(stack.url);
    const res = await b.request('POST', '/auth/totp/verify', {
      headers: { cookie: `TOTP-PENDING=${id}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code: await codeOf(secret) }),
    });
    expect([res.status, (res.json() as { error: string }).error]).toEqual([401, expect.stringMatching(/log in again/)]);
    expect(res.cookies.some((c) => /^JWT=[^;]+/.test(c))).toBe(false);
  });
});

describe('attempt limits are counted before codes are checked', () => {
  const checks = async () => {
    const { metricValue, scrapeMetrics } = await import('@gatehouse/test-kit/metric-value');
    return metricValue(await scrapeMetrics(stack.metricsPorts?.auth), 'gatehouse_totp_checks_total');
  };
  /** Sends `n` requests at once; answers their statuses (any other than 400 and 429 fails, with its body). */
  const burst = async (n: number, send: (i: number) => Promise<{ status: number; text: string }>) => {
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
    expect(answers.filter((a) => a.status !== 400 && a.status !== 429).map((a) => `${a.status} ${a.text}`)).toEqual([]);
    return answers.map((a) => a.status);
  };
  const wrongCode = (secret: string, i: number) => {
    // Six digits that are none of the codes accepted around now (one step of drift either way).
    const right = new Set(
      [-1, 0, 1].map((d) =>
        new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + d * 30_000 }),
      ),
    );
    let code = String((i * 7919) % 1_000_000).padStart(6, '0');
    while (right.has(code)) code = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    return code;
  };

  it('200 wrong codes at once for a pending login check at most 5 against the secret', async () => {
    const { b: first, secret } = await withTotp('gus');
    expect((await first.getWithXsrf('/auth/logout')).status).toBe(200);
    const b = new Browser(stack.url);
    expect((await b.devLogin('gus')).json()).toEqual({ second_factor: 'totp' });
    const before = await checks();
    const statuses = await burst(200, (i) =>
      send(b, 'POST', '/auth/totp/verify', { code: wrongCode(secret, i) }, false),
    );
    // 400: a code checked and found wrong; 429: refused before any check.
    const checked = statuses.filter((s) => s === 400).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked + statuses.filter((s) => s === 429).length).toBe(200);
    expect((await checks()) - before).toBe(checked);
  });

  it('holds for activation and for new recovery codes too', async () => {
    const b = new Browser(stack.url);
    expect((await b.devLogin('hank')).status).toBe(200);
    const { secret } = (await send(b, 'POST', '/auth/totp/setup')).json() as { secret: string };
    let before = await checks();
    const activations = await burst(200, (i) => send(b, 'POST', '/auth/totp/activate', { code: wrongCode(secret, i) }));
    const wrongActivations = activations.filter((s) => s === 400).length;
    expect(wrongActivations).toBeLessThanOrEqual(5);
    expect(wrongActivations + activations.filter((s) => s === 429).length).toBe(200);
    expect((await checks()) - before).toBe(wrongActivations);

    const { b: fresh } = await withTotp('ivy');
    before = await checks();
    const regenerations = await burst(200, (i) =>
      send(fresh, 'POST', '/auth/totp/recovery-codes', { recovery_code: `zzzz-zzzz-${String(i).padStart(4, '0')}` }),
    );
    const wrongRecovery = regenerations.filter((s) => s === 400).length;
    expect(wrongRecovery).toBeLessThanOrEqual(5);
    expect(wrongRecovery + regenerations.filter((s) => s === 429).length).toBe(200);
    expect((await checks()) - before).toBe(wrongRecovery);
  });
});

describe('turning TOTP on, or new recovery codes, ends the other sessions', () => {
  /** Polls until `done` holds (every 50 ms, at most `limitMs`); answers how long it took. */
  async function within(limitMs: number, done: () => Promise<boolean>): Promise<number> {
    const start = Date.now();
    while (!(await done())) {
      if (Date.now() - start > limitMs) throw new Error(`not within ${limitMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return Date.now() - start;
  }

  it('ends every session of the user but the current one, on every gateway within a second', async () => {
    const second = await stack.addGateway();
    try {
      // Three devices: this one, one behind another gateway, one more here (a stolen copy, say).
      const here = new Browser(stack.url);
      const there = new Browser(second.url);
      const other = new Browser(stack.url);
      for (const b of [here, there, other]) expect((await b.devLogin('june')).status).toBe(200);
      for (const b of [there, other]) expect((await b.getWithXsrf('/auth/user')).status).toBe(200);

      const { secret } = (await send(here, 'POST', '/auth/totp/setup')).json() as { secret: string };
      const on = await send(here, 'POST', '/auth/totp/activate', { code: await codeOf(secret, -1) });
      expect(on.status).toBe(200);
      expect(on.json()).toMatchObject({ other_sessions_ended: 2 });
      // The gateway that served it at once; the other one through WatchEndedSessions.
      expect((await other.getWithXsrf('/auth/user')).status).toBe(401);
      await within(1000, async () => (await there.getWithXsrf('/auth/user')).status === 401);
      expect((await here.getWithXsrf('/auth/user')).status).toBe(200);

      // A later login (with its code) on the other gateway, then new recovery codes here.
      const later = new Browser(second.url);
      expect((await later.devLogin('june')).json()).toEqual({ second_factor: 'totp' });
      expect((await send(later, 'POST', '/auth/totp/verify', { code: await codeOf(secret) }, false)).status).toBe(200);
      expect((await later.getWithXsrf('/auth/user')).status).toBe(200);
      const codes = (on.json() as { recovery_codes: string[] }).recovery_codes;
      const fresh = await send(here, 'POST', '/auth/totp/recovery-codes', { recovery_code: codes[0] });
      expect([fresh.status, (fresh.json() as { other_sessions_ended: number }).other_sessions_ended]).toEqual([200, 1]);
      await within(1000, async () => (await later.getWithXsrf('/auth/user')).status === 401);
      expect((await here.getWithXsrf('/auth/user')).status).toBe(200);
      // Ended means ended: no refresh brings it back.
      const listed = (await here.getWithXsrf('/auth/sessions')).json() as { sessions: { current: boolean }[] };
      expect(listed.sessions).toEqual([expect.objectContaining({ current: true })]);
    } finally {
      await second.stop();
    }
  });
});
