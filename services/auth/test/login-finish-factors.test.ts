// The logins that end without the OAuth2 callback or a login handler end once too (issue 44): a
// passkey login, and the TOTP step after a first factor, with a code or a recovery code, each add one to
// gatehouse_auth_sessions_issued_total (`via` passkey, totp, recovery_code) and write one
// login.succeeded, where before neither was counted. A login held for its second factor counts nothing
// and writes nothing until the code is given. Through real auth (its own database), avatar and gateway
// processes; the passkey is a software authenticator (test/fakes/passkey-authenticator.ts).
import { randomBytes } from 'node:crypto';
import { Browser } from '@gatehouse/test-kit/browser';
import { SoftPasskey } from '@gatehouse/test-kit/fakes/passkey-authenticator';
import { totpCode } from '@gatehouse/test-kit/totp-code';
import { userId } from '@gatehouse/token';
import { expectSession, type LoginFinishStack, send, startLoginFinishStack } from './login-finish-stack';

let s: LoginFinishStack;

beforeAll(async () => {
  s = await startLoginFinishStack({
    services: ['auth', 'avatar', 'gateway'],
    // WebAuthn's relying-party id is AUTH_URL's host: a domain, so localhost.
    env: (ports) => ({ AUTH_URL: `http://localhost:${ports.gateway}` }),
    serviceEnv: { auth: { AUTH_TOTP_KEY: randomBytes(32).toString('hex') } },
  });
}, 60_000);

afterAll(async () => {
  await s?.stop();
});

const codeOf = totpCode;

/** A dev login of `name` with TOTP turned on (by a code of the previous step, so the current one is unused). */
async function withTotp(name: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const b = new Browser(s.url);
  expectSession(await b.devLogin(name));
  const { secret } = (await send(b, 'POST', '/auth/totp/setup')).json() as { secret: string };
  const activated = await send(b, 'POST', '/auth/totp/activate', { code: await codeOf(secret, -1) });
  expect(activated.status).toBe(200);
  return { secret, recoveryCodes: (activated.json() as { recovery_codes: string[] }).recovery_codes };
}

/** A dev login of a user with TOTP on: held, the browser holds the pending cookie and no session. */
async function heldLogin(b: Browser, name: string): Promise<void> {
  const res = await b.devLogin(name);
  expect([res.status, res.json()]).toEqual([200, { second_factor: 'totp' }]);
  expect(await b.cookie('JWT')).toBeUndefined();
}

test('a passkey login counts once (via passkey) and writes one login.succeeded', async () => {
  const site = new Browser(s.url);
  expectSession(await site.devLogin('root'));
  const authenticator = new SoftPasskey(s.url);
  const options = await send(site, 'POST', '/auth/passkey/register/options');
  const registered = await send(site, 'POST', '/auth/passkey/register/verify', {
    response: authenticator.create(options.json() as Parameters<SoftPasskey['create']>[0]),
  });
  expect(registered.status).toBe(200);

  const left = await s.counted(userId('dev', 'root'), async () => {
    const b = new Browser(s.url);
    const request = await b.request('POST', '/auth/passkey/login/options');
    const login = await send(b, 'POST', '/auth/passkey/login/verify', {
      response: authenticator.get(request.json() as Parameters<SoftPasskey['get']>[0]),
    });
    expectSession(login);
  });
  expect(left).toEqual({ issued: { 'passkey/passkey': 1 }, succeeded: 1 });
});

test('a login held for its TOTP code counts nothing until the code, then once (via totp)', async () => {
  const { secret } = await withTotp('tess');
  const tess = userId('dev', 'tess');
  const b = new Browser(s.url);
  expect(await s.counted(tess, () => heldLogin(b, 'tess'))).toEqual({ issued: {}, succeeded: 0 });
  const left = await s.counted(tess, async () => {
    expectSession(await b.request('POST', '/auth/totp/verify', jsonBody({ code: await codeOf(secret) })));
  });
  expect(left).toEqual({ issued: { 'dev/totp': 1 }, succeeded: 1 });
});

test('a login completed with a recovery code counts once (via recovery_code)', async () => {
  const { recoveryCodes } = await withTotp('rita');
  const rita = userId('dev', 'rita');
  const b = new Browser(s.url);
  expect(await s.counted(rita, () => heldLogin(b, 'rita'))).toEqual({ issued: {}, succeeded: 0 });
  const left = await s.counted(rita, async () => {
    const body = jsonBody({ recovery_code: recoveryCodes[0] });
    expectSession(await b.request('POST', '/auth/totp/verify', body));
  });
  expect(left).toEqual({ issued: { 'dev/recovery_code': 1 }, succeeded: 1 });
});

/** The code page's POST: JSON, no XSRF header (the pending cookie is the login's only credential). */
function jsonBody(body: unknown) {
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}
