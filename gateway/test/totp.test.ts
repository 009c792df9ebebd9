// The TOTP second factor end to end over HTTP (docs/accounts.md "Second factor (TOTP)", issue 26 part 1): real
// auth (its own Postgres database, AUTH_TOTP_KEY), avatar and gateway processes and Redis. Codes are
// computed here with otpauth, as an authenticator app would. Logins are dev ones, and a direct
// (password) one, which passes the same hold in the auth service.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { totpCode } from '@gatehouse/test-kit/totp-code';
import { type Claims, configSecretReader, TokenService } from '@gatehouse/token';
import bcrypt from 'bcryptjs';
import { decodeJwt } from 'jose';

let stack: Stack;
let db: TestDatabase;
let dir: string;

beforeAll(async () => {
  db = await createTestDatabase('gh_auth');
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-totp-'));
  const htpasswd = path.join(dir, 'users.htpasswd');
  writeFileSync(htpasswd, `pat:${bcrypt.hashSync('pat-pw', 4)}\n`);
  const config = path.join(dir, 'auth.json');
  writeFileSync(config, JSON.stringify({ direct: [{ name: 'local', htpasswd }] }));
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    authDatabaseUrl: db.url,
    env: { AUTH_CONFIG: config },
    serviceEnv: { auth: { AUTH_TOTP_KEY: randomBytes(32).toString('hex') } },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const codeOf = totpCode;

async function send(b: Browser, method: string, path: string, body?: unknown, xsrf = true) {
  const headers: Record<string, string> = {};
  if (xsrf) headers['x-xsrf-token'] = await b.xsrf();
  if (body !== undefined) headers['content-type'] = 'application/json';
  return b.request(method, path, { headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** Logs in with dev, sets TOTP up and activates it; the code used is of the previous step, so the test can log in with the current one. */
async function withTotp(name: string) {
  const b = new Browser(stack.url);
  expect((await b.devLogin(name)).status).toBe(200);
  const setup = await send(b, 'POST', '/auth/totp/setup');
  expect(setup.status).toBe(200);
  const { secret, uri, qr_svg } = setup.json() as { secret: string; uri: string; qr_svg: string };
  expect(uri).toBe(
    `otpauth://totp/gatehouse:${name}?issuer=gatehouse&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
  );
  expect(qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  const activated = await send(b, 'POST', '/auth/totp/activate', { code: await codeOf(secret, -1) });
  expect(activated.status).toBe(200);
  const { recovery_codes } = activated.json() as { recovery_codes: string[] };
  return { b, secret, recoveryCodes: recovery_codes };
}

async function pendingLogin(name: string, query = '') {
  const b = new Browser(stack.url);
  const res = await b.devLogin(name, query);
  return { b, res };
}

describe('TOTP second factor over HTTP', () => {
  it('sets up, activates, and from then on a login needs a code; the session says so in amr', async () => {
    const { b, secret, recoveryCodes } = await withTotp('tess');
    expect(recoveryCodes).toHaveLength(10);
    expect((await b.getWithXsrf('/auth/totp')).json()).toEqual({
      enabled: true,
      recovery_codes_left: 10,
      available: true,
    });
    expect((await b.getWithXsrf('/auth/logout')).status).toBe(200);

    const { b: next, res } = await pendingLogin('tess');
    expect([res.status, res.json()]).toEqual([200, { second_factor: 'totp' }]);
    expect(res.cookies.some((c) => /^JWT=[^;]+/.test(c))).toBe(false);
    const pending = res.cookies.find((c) => c.startsWith('TOTP-PENDING='));
    expect(pending).toMatch(/HttpOnly/);
    expect(pending).toMatch(/Path=\/auth\/totp/);
    expect(pending).toMatch(/Max-Age=300/);
    // The pending cookie alone is no session, anywhere.
    expect((await next.get('/auth/user')).status).toBe(401);
    const id = (await next.cookie('TOTP-PENDING')) as string;
    const headerSets: Record<string, string>[] = [{ cookie: `JWT=${id}` }, { 'x-jwt': id }];
    for (const headers of headerSets) {
      expect((await new Browser(stack.url).get('/auth/user', headers)).status).toBe(401);
    }

    const code = await codeOf(secret);
    const verified = await send(next, 'POST', '/auth/totp/verify', { code }, false);
    expect(verified.status).toBe(200);
    expect(verified.json()).toMatchObject({
      name: 'tess',
      id: `dev_${createHash('sha1').update('tess').digest('hex')}`,
    });
    expect(verified.cookies.some((c) => /^TOTP-PENDING=;/.test(c))).toBe(true);
    expect((await next.getWithXsrf('/auth/user')).status).toBe(200);
    const claims = decodeJwt((await next.cookie('JWT')) as string) as Claims;
    expect(claims.amr).toEqual(['fed', 'otp', 'mfa']);
    // Sessions per device: the session the code completed is listed; the login held back never was.
    const listed = (await next.getWithXsrf('/auth/sessions')).json() as { sessions: { current: boolean }[] };
    expect(listed.sessions).toEqual([expect.objectContaining({ current: true, provider: 'dev' })]);

    // Replay: the same code completes no other login (same window or the next).
    const { b: replay } = await pendingLogin('tess');
    const again = await send(replay, 'POST', '/auth/totp/verify', { code }, false);
    expect([again.status, again.json()]).toEqual([400, { error: 'the code is wrong or was already used' }]);
    // The pending login was used up by the first right answer.
    const used = await send(next, 'POST', '/auth/totp/verify', { code: await codeOf(secret, 1) }, false);
    expect(used.status).toBe(401);
  });

  it('takes a recovery code once', async () => {
    const { recoveryCodes } = await withTotp('rita');
    const { b } = await pendingLogin('rita');
    const ok = await send(b, 'POST', '/auth/totp/verify', { recovery_code: recoveryCodes[0] }, false);
    expect(ok.status).toBe(200);
    expect((decodeJwt((await b.cookie('JWT')) as string) as Claims).amr).toEqual(['fed', 'otp', 'mfa']);
    const { b: second } = await pendingLogin('rita');
    const reused = await send(second, 'POST', '/auth/totp/verify', { recovery_code: recoveryCodes[0] }, false);
    expect(reused.status).toBe(400);
    expect((await send(second, 'POST', '/auth/totp/verify', { recovery_code: recoveryCodes[1] }, false)).status).toBe(
      200,
    );
    expect((await second.getWithXsrf('/auth/totp')).json()).toMatchObject({ recovery_codes_left: 8 });
  });

  it('answers 429 with Retry-After after 5 wrong codes, even with the right one', async () => {
    const { secret } = await withTotp('walt');
    const { b } = await pendingLogin('walt');
    for (let i = 0; i < 5; i++) {
      expect((await send(b, 'POST', '/auth/totp/verify', { code: '000000' }, false)).status).toBe(400);
    }
    const limited = await send(b, 'POST', '/auth/totp/verify', { code: await codeOf(secret) }, false);
    expect([limited.status, limited.json()]).toEqual([429, { error: 'too many wrong codes: try again later' }]);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
    // Per user as well: a new pending login of the same user waits too.
    const { b: other } = await pendingLogin('walt');
    expect((await send(other, 'POST', '/auth/totp/verify', { code: await codeOf(secret) }, false)).status).toBe(429);
  });

  it('redirects to the page prompt when the login was given from, and to from after the code', async () => {
    const { secret } = await withTotp('fred');
    const from = `${stack.url}/after-login`;
    const { b, res } = await pendingLogin('fred', `?from=${encodeURIComponent(from)}`);
    expect([res.status, res.headers.get('location')]).toEqual([303, '/?second_factor=totp']);
    const verified = await send(b, 'POST', '/auth/totp/verify', { code: await codeOf(secret) }, false);
    expect([verified.status, verified.headers.get('location')]).toEqual([303, from]);
    expect(verified.cookies.some((c) => /^JWT=[^;]+/.test(c))).toBe(true);
  });

  it('gives new recovery codes for a current or a recovery code; every earlier one stops working', async () => {
    const { b, secret, recoveryCodes } = await withTotp('reggie');
    expect((await send(b, 'POST', '/auth/totp/recovery-codes', { code: '123456' })).status).toBe(400);
    const current = await codeOf(secret);
    const first = await send(b, 'POST', '/auth/totp/recovery-codes', { code: current });
    expect([first.status, first.headers.get('cache-control')]).toEqual([200, 'no-store']);
    const codesA = (first.json() as { recovery_codes: string[] }).recovery_codes;
    expect(new Set(codesA).size).toBe(10);
    expect(codesA.filter((c) => recoveryCodes.includes(c))).toEqual([]);
    // The code was used by it: not again.
    expect((await send(b, 'POST', '/auth/totp/recovery-codes', { code: current })).status).toBe(400);
    const second = await send(b, 'POST', '/auth/totp/recovery-codes', { recovery_code: codesA[0] });
    expect(second.status).toBe(200);
    const codesB = (second.json() as { recovery_codes: string[] }).recovery_codes;
    expect((await b.getWithXsrf('/auth/totp')).json()).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    const { b: login } = await pendingLogin('reggie');
    for (const old of [recoveryCodes[0], codesA[1]]) {
      expect((await send(login, 'POST', '/auth/totp/verify', { recovery_code: old }, false)).status).toBe(400);
    }
    expect((await send(login, 'POST', '/auth/totp/verify', { recovery_code: codesB[0] }, false)).status).toBe(200);
  });

  it('holds a direct (password) login back for its code too, and says pwd, otp and mfa in amr', async () => {
    const password = () => ({
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'pat', passwd: 'pat-pw' }),
    });
    const b = new Browser(stack.url);
    expect((await b.request('POST', '/auth/local/login', password())).status).toBe(200);
    const { secret } = (await send(b, 'POST', '/auth/totp/setup')).json() as { secret: string };
    expect((await send(b, 'POST', '/auth/totp/activate', { code: await codeOf(secret, -1) })).status).toBe(200);

    const next = new Browser(stack.url);
    const held = await next.request('POST', '/auth/local/login', password());
    expect([held.status, held.json()]).toEqual([200, { second_factor: 'totp' }]);
    expect(held.cookies.some((c) => /^JWT=[^;]+/.test(c))).toBe(false);
    expect((await next.getWithXsrf('/auth/user')).status).toBe(401);
    const done = await send(next, 'POST', '/auth/totp/verify', { code: await codeOf(secret) }, false);
    expect(done.status).toBe(200);
    expect(done.json()).toMatchObject({ name: 'pat' });
    expect((decodeJwt((await next.cookie('JWT')) as string) as Claims).amr).toEqual(['pwd', 'otp', 'mfa']);
  });

  it('turns off with a current code from a fresh login; logins need no code after', async () => {
    const { b, secret } = await withTotp('otto');
    const wrong = await send(b, 'DELETE', '/auth/totp', { code: '123456' });
    expect(wrong.status).toBe(400);
    const off = await send(b, 'DELETE', '/auth/totp', { code: await codeOf(secret) });
    expect(off.status).toBe(204);
    expect((await b.getWithXsrf('/auth/totp')).json()).toMatchObject({ enabled: false });
    const { res } = await pendingLogin('otto');
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ name: 'otto' });
    expect(
      (decodeJwt(res.cookies.find((c) => c.startsWith('JWT='))?.split(/[=;]/)[1] as string) as Claims).amr,
    ).toEqual(['fed']);
  });
});

describe('TOTP routes refuse what they must', () => {
  const FRESH = { error: 'this needs a recent login: log in again, then retry within 5 minutes' };

  it('needs a session, the XSRF header and a fresh login for setup and removal', async () => {
    const anonymous = new Browser(stack.url);
    expect((await send(anonymous, 'POST', '/auth/totp/setup')).status).toBe(401);
    expect((await anonymous.get('/auth/totp')).status).toBe(401);
    const b = new Browser(stack.url);
    await b.devLogin('xena');
    expect((await send(b, 'POST', '/auth/totp/setup', undefined, false)).status).toBe(401); // no XSRF header
    // A login older than 5 minutes: the same session signed with an earlier auth_time.
    const tokens = new TokenService({
      issuer: 'gatehouse',
      tokenDurationMs: 15 * 60_000,
      cookieDurationMs: 86_400_000,
      audiences: [],
      secrets: configSecretReader(stack.env.AUTH_SECRET as string, {}),
    });
    const claims = decodeJwt((await b.cookie('JWT')) as string) as Claims;
    const old = await tokens.signToken({ ...claims, auth_time: (claims.iat as number) - 6 * 60 });
    const stale = { cookie: `JWT=${old}; XSRF-TOKEN=${claims.jti}`, 'x-xsrf-token': claims.jti as string };
    const setup = await new Browser(stack.url).request('POST', '/auth/totp/setup', { headers: stale });
    expect([setup.status, setup.json()]).toEqual([403, FRESH]);
    const del = await new Browser(stack.url).request('DELETE', '/auth/totp', {
      headers: { ...stale, ...{ 'content-type': 'application/json' } },
      body: '{"code":"123456"}',
    });
    expect([del.status, del.json()]).toEqual([403, FRESH]);
    const regenerate = await new Browser(stack.url).request('POST', '/auth/totp/recovery-codes', {
      headers: { ...stale, ...{ 'content-type': 'application/json' } },
      body: '{"code":"123456"}',
    });
    expect([regenerate.status, regenerate.json()]).toEqual([403, FRESH]);
    // A borrowed token (X-JWT) is no fresh cookie session either.
    const borrowed = await new Browser(stack.url).request('POST', '/auth/totp/setup', {
      headers: { 'x-jwt': (await b.cookie('JWT')) as string },
    });
    expect([borrowed.status, borrowed.json()]).toEqual([403, FRESH]);
  });

  it('refuses wrong methods, bad JSON, long codes, wrong first codes and verify without a pending login', async () => {
    const b = new Browser(stack.url);
    await b.devLogin('yuri');
    expect((await send(b, 'PUT', '/auth/totp/setup')).status).toBe(405);
    expect((await send(b, 'GET', '/auth/totp/verify')).status).toBe(405);
    expect((await send(b, 'GET', '/auth/totp/recovery-codes')).status).toBe(405);
    // Without TOTP on there are no recovery codes to replace.
    const notOn = await send(b, 'POST', '/auth/totp/recovery-codes', { code: '123456' });
    expect([notOn.status, notOn.json()]).toEqual([400, { error: 'TOTP is not on for this user' }]);
    expect((await send(b, 'PATCH', '/auth/totp')).status).toBe(405);
    expect((await send(b, 'GET', '/auth/totp/nothing')).status).toBe(404);
    expect((await send(b, 'POST', '/auth/totp/activate', { code: '123456' })).json()).toEqual({
      error: 'TOTP is not set up: call setup first',
    });
    const { secret } = (await send(b, 'POST', '/auth/totp/setup')).json() as { secret: string };
    const broken = await b.request('POST', '/auth/totp/activate', {
      headers: { 'x-xsrf-token': await b.xsrf(), 'content-type': 'application/json' },
      body: '{"code": ',
    });
    expect([broken.status, broken.json()]).toEqual([400, { error: 'malformed request body' }]);
    const long = await send(b, 'POST', '/auth/totp/activate', { code: '1'.repeat(100) });
    expect([long.status, long.json()]).toEqual([400, { error: 'code: the code is too long (at most 64 characters)' }]);
    expect((await send(b, 'POST', '/auth/totp/activate', { code: 123456 })).status).toBe(400);
    expect((await send(b, 'POST', '/auth/totp/activate', { code: '1', extra: 1 })).status).toBe(400);
    const huge = await b.request('POST', '/auth/totp/activate', {
      headers: { 'x-xsrf-token': await b.xsrf(), 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'x'.repeat(10_000) }),
    });
    expect(huge.status).toBe(413);
    const wrong = await send(b, 'POST', '/auth/totp/activate', { code: await codeOf(secret, 5) });
    expect([wrong.status, wrong.json()]).toEqual([400, { error: 'the code is wrong or was already used' }]);
    expect((await b.getWithXsrf('/auth/totp')).json()).toMatchObject({ enabled: false });
    // Verify: no pending cookie, a forged one, both fields, neither.
    const none = await send(new Browser(stack.url), 'POST', '/auth/totp/verify', { code: '123456' }, false);
    expect(none.status).toBe(401);
    const forged = await new Browser(stack.url).request('POST', '/auth/totp/verify', {
      headers: { cookie: 'TOTP-PENDING=forged', 'content-type': 'application/json' },
      body: JSON.stringify({ code: '123456' }),
    });
    expect(forged.status).toBe(401);
    expect(forged.cookies.some((c) => c.startsWith('TOTP-PENDING=;'))).toBe(true);
    const both = await new Browser(stack.url).request('POST', '/auth/totp/verify', {
      headers: { cookie: 'TOTP-PENDING=forged', 'content-type': 'application/json' },
      body: JSON.stringify({ code: '123456', recovery_code: 'x' }),
    });
    expect([both.status, both.json()]).toEqual([400, { error: 'give either code or recovery_code' }]);
  });
});
