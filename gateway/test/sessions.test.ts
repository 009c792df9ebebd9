// Sessions per device over HTTP (docs/accounts.md "Sessions per device"), through real auth, avatar and gateway
// processes and the real Redis: the same dev user on several "devices" (cookie jars with their own
// User-Agent and address, one trusted proxy), the list with its current flags, "log this device out"
// refused at once here and within a second at a second gateway, revoke-others, 404s and bad ids. The
// refusals (no session, no XSRF, methods, the gRPC service's callers) are sessions-refusals.test.ts's.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import bcrypt from 'bcryptjs';
import { Device, type Listed, list, loggedIn as loggedInAt, userOf } from './session-devices';

let stack: Stack;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-sessions-'));
  const htpasswd = path.join(dir, 'users.htpasswd');
  writeFileSync(htpasswd, `alice:${bcrypt.hashSync('alice-pw', 4)}\n`);
  writeFileSync(path.join(dir, 'auth.json'), JSON.stringify({ direct: [{ name: 'local', htpasswd }] }));
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: {
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      AUTH_CONFIG: path.join(dir, 'auth.json'),
      GATEWAY_TRUSTED_PROXIES: '1',
    },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const loggedIn = (user: string) => loggedInAt(stack.url, user);

/** Asks with `token` until refused (or the time is up); the milliseconds it took, or -1. */
async function refusedWithin(url: string, token: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started <= timeoutMs) {
    if ((await new Browser(url).get('/auth/user', { 'x-jwt': token })).status === 401) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 25));
  }
  return -1;
}

describe('GET /auth/sessions', () => {
  it('lists the user’s sessions on every device, newest first, each marking its own', async () => {
    const user = `list-${Date.now()}`;
    const laptop = await loggedIn(user);
    await new Promise((r) => setTimeout(r, 1100)); // created_at has whole seconds (auth_time)
    const phone = await loggedIn(user);
    await loggedIn(`${user}-other`);

    const seenByLaptop = await list(laptop);
    expect(seenByLaptop).toEqual([
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        last_seen_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        provider: 'dev',
        user_agent: phone.userAgent,
        ip: phone.ip,
        current: false,
      },
      expect.objectContaining({ provider: 'dev', user_agent: laptop.userAgent, ip: laptop.ip, current: true }),
    ]);
    const [newer, older] = seenByLaptop as [Listed, Listed];
    expect(Date.parse(newer.created_at)).toBeGreaterThan(Date.parse(older.created_at));
    expect(Math.abs(Date.parse(newer.created_at) - Date.now())).toBeLessThan(60_000);
    // The phone sees the same two, the other way round.
    expect((await list(phone)).map((s) => [s.id, s.current])).toEqual([
      [newer.id, true],
      [older.id, false],
    ]);
    // The id is never the XSRF value (the jti), so page script cannot turn it into one.
    const xsrfValues = [await laptop.xsrf(), await phone.xsrf()];
    for (const s of seenByLaptop) expect(xsrfValues).not.toContain(s.id);
    expect(JSON.stringify(seenByLaptop)).not.toContain(xsrfValues[0]);

    const res = await laptop.send('GET', '/auth/sessions');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);

    // A logout takes the session off the list.
    expect((await phone.send('GET', '/auth/logout')).status).toBe(200);
    expect((await list(laptop)).map((s) => [s.id, s.current])).toEqual([[older.id, true]]);
  });

  it('records a login handler’s sessions too (direct login), with the address the trusted proxy gives', async () => {
    const device = new Device(stack.url, 'DirectClient/1', '192.0.2.44');
    const login = await device.request('POST', '/auth/local/login', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'alice', passwd: 'alice-pw' }),
    });
    expect(login.status).toBe(200);
    expect(await list(device)).toContainEqual(
      expect.objectContaining({ provider: 'local', user_agent: 'DirectClient/1', ip: '192.0.2.44', current: true }),
    );
  });

  it('works with an X-JWT header token, as other routes do', async () => {
    const device = await loggedIn(`xjwt-${Date.now()}`);
    const token = (await device.cookie('JWT')) as string;
    const res = await new Browser(stack.url).get('/auth/sessions', { 'x-jwt': token });
    expect(res.status).toBe(200);
    expect((res.json() as { sessions: Listed[] }).sessions).toEqual([
      expect.objectContaining({ current: true, user_agent: device.userAgent }),
    ]);
  });
});

describe('DELETE /auth/sessions/{id}', () => {
  it('logs the other device out at once here and within a second at another gateway; this one keeps working', async () => {
    const other = await stack.addGateway();
    try {
      const user = `delete-${Date.now()}`;
      const laptop = await loggedIn(user);
      const phone = await loggedIn(user);
      const phoneToken = (await phone.cookie('JWT')) as string;
      // The other gateway has verified the phone's token: its fast path would answer it from cache.
      expect((await new Browser(other.url).get('/auth/user', { 'x-jwt': phoneToken })).status).toBe(200);
      const phoneId = (await list(laptop)).find((s) => !s.current)?.id as string;

      const res = await laptop.send('DELETE', `/auth/sessions/${phoneId}`);
      expect([res.status, res.text]).toEqual([204, '']);
      expect(res.cookies).toEqual([]);
      const [here, there] = await Promise.all([
        refusedWithin(stack.url, phoneToken, 1000),
        refusedWithin(other.url, phoneToken, 1000),
      ]);
      expect(here).toBeGreaterThanOrEqual(0);
      expect(there).toBeGreaterThanOrEqual(0);
      const refused = await phone.send('GET', '/auth/user');
      expect([refused.status, refused.json()]).toEqual([401, { error: 'session ended, log in again' }]);

      expect(await userOf(laptop)).toBe(200);
      const laptopToken = (await laptop.cookie('JWT')) as string;
      expect((await new Browser(other.url).get('/auth/user', { 'x-jwt': laptopToken })).status).toBe(200);
      expect((await list(laptop)).map((s) => s.current)).toEqual([true]);
      // Gone: a second delete finds nothing.
      expect((await laptop.send('DELETE', `/auth/sessions/${phoneId}`)).status).toBe(404);
    } finally {
      await other.stop();
    }
  }, 30_000);

  it('ending the current session is a logout: cookies cleared, its token refused', async () => {
    const device = await loggedIn(`self-${Date.now()}`);
    const token = (await device.cookie('JWT')) as string;
    const id = (await list(device))[0]?.id as string;
    const res = await device.send('DELETE', `/auth/sessions/${id}`);
    expect(res.status).toBe(204);
    expect(res.cookies.map((c) => c.split(';')[0])).toEqual(['JWT=', 'XSRF-TOKEN=']);
    expect((await new Browser(stack.url).get('/auth/user', { 'x-jwt': token })).status).toBe(401);
  });

  it('answers 404 for another user’s session and an unknown id, 400 for a malformed one', async () => {
    const mine = await loggedIn(`mine-${Date.now()}`);
    const theirs = await loggedIn(`theirs-${Date.now()}`);
    const theirId = (await list(theirs))[0]?.id as string;

    const foreign = await mine.send('DELETE', `/auth/sessions/${theirId}`);
    expect([foreign.status, foreign.json()]).toEqual([404, { error: 'session not found' }]);
    expect(await userOf(theirs)).toBe(200);
    const unknown = await mine.send('DELETE', `/auth/sessions/${'A'.repeat(22)}`);
    expect([unknown.status, unknown.json()]).toEqual([404, { error: 'session not found' }]);

    const jti = await mine.xsrf();
    for (const bad of ['x', jti, 'A'.repeat(23), `${'A'.repeat(21)}%21`, 'A'.repeat(5000)]) {
      const res = await mine.send('DELETE', `/auth/sessions/${bad}`);
      expect([bad.slice(0, 30), res.status, res.json()]).toEqual([
        bad.slice(0, 30),
        400,
        { error: 'session id is malformed' },
      ]);
    }
    // Path tricks are refused before routing, or land elsewhere, never on a session.
    const nul = await mine.send('DELETE', `/auth/sessions/${'%00'.repeat(22)}`);
    expect([nul.status, nul.json()]).toEqual([400, { error: 'invalid path' }]);
    expect((await mine.send('DELETE', `/auth/sessions/${theirId}/x`)).status).toBeLessThan(500);
    expect(await userOf(mine)).toBe(200);
    expect(await userOf(theirs)).toBe(200);
  });
});

describe('POST /auth/sessions/revoke-others', () => {
  it('ends every session of the user but the caller’s', async () => {
    const user = `others-${Date.now()}`;
    const keep = await loggedIn(user);
    const others = [await loggedIn(user), await loggedIn(user)];
    const stranger = await loggedIn(`${user}-stranger`);
    const res = await keep.send('POST', '/auth/sessions/revoke-others');
    expect([res.status, res.text, res.cookies]).toEqual([204, '', []]);
    for (const o of others) expect(await userOf(o)).toBe(401);
    expect(await userOf(keep)).toBe(200);
    expect(await userOf(stranger)).toBe(200);
    expect((await list(keep)).map((s) => s.current)).toEqual([true]);
    // Nothing left to end.
    expect((await keep.send('POST', '/auth/sessions/revoke-others')).status).toBe(204);
  });
});
