// A refresh on GET /auth/user (an expired cookie token) is answered before Koa
// (gateway/src/lanes/user-refresh.ts), every other request through Koa's route. Both must give
// the same answer: each case runs on a real stack against a gateway with the fast path and one at
// LOG_LEVEL=debug (every request through Koa), and the answers are compared whole.

import { Browser } from '@gatehouse/test-kit/browser';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { decodeJwt } from 'jose';

let stack: Stack;
let koa: { url: string; stop(): Promise<void> };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: { AUTH_TOKEN_DURATION: '1s', AUTH_COOKIE_DURATION: '7s', LOG_LEVEL: 'info' },
  });
  koa = await stack.addGateway({ env: { LOG_LEVEL: 'debug' } });
}, 60_000);

afterAll(async () => {
  await koa?.stop();
  await stack?.stop();
});

/** Headers that differ between any two answers: dates, connection handling, the trace of each request. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'content-length', 'set-cookie']);

/** An answer with what differs between two sessions of one user taken out (token values, Max-Age). */
function comparable(res: Awaited<ReturnType<Browser['get']>>) {
  return {
    status: res.status,
    body: res.text,
    headers: [...res.headers].filter(([name]) => !PER_ANSWER.has(name)).sort(),
    cookies: res.cookies.map((c) => c.replace(/^(JWT|XSRF-TOKEN)=[^;]+/, '$1=…').replace(/Max-Age=\d+/, 'Max-Age=…')),
  };
}

/**
 * A session at gateway `url` whose token has expired; `seen`: that gateway verified it before (one
 * /auth/user), else it never saw it (a session coming back after its token's exp, or a new gateway).
 */
async function expiredSession(url: string, user: string, seen = true) {
  const browser = new Browser(url);
  await browser.devLogin(user);
  if (seen) expect((await browser.getWithXsrf('/auth/user')).status).toBe(200);
  const token = (await browser.cookie('JWT')) as string;
  const xsrf = await browser.xsrf();
  await sleep(((decodeJwt(token).exp as number) + 1) * 1000 - Date.now() + 50);
  return { browser, token, xsrf, send: () => sendToken(url, token, xsrf) };
}

test('a refresh, its copies, the end of the session and an auth outage get the same answers both ways', async () => {
  const fast = await expiredSession(stack.url, 'refresh-both-ways');
  const slow = await expiredSession(koa.url, 'refresh-both-ways');

  // The refresh: the user and the new cookies; the token's copies sent at once share one refresh.
  const [one, two, three] = await Promise.all([fast.send(), fast.send(), fast.send()]);
  const [koaOne, koaTwo] = await Promise.all([slow.send(), slow.send()]);
  expect(comparable(one as Awaited<ReturnType<Browser['get']>>)).toEqual(
    comparable(koaOne as Awaited<ReturnType<Browser['get']>>),
  );
  expect(one?.status).toBe(200);
  expect(one?.json()).toMatchObject({ name: 'refresh-both-ways' });
  expect(one?.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  const jwt = (r: typeof one) => r?.cookies.find((c) => c.startsWith('JWT='))?.split(';')[0];
  expect(new Set([jwt(one), jwt(two), jwt(three)]).size).toBe(1);
  expect(jwt(koaOne)).toBe(jwt(koaTwo));
  const refreshed = (jwt(one) as string).slice('JWT='.length);
  expect(decodeJwt(refreshed).jti).toBe(fast.xsrf);
  expect(refreshed).not.toBe(fast.token);

  // The new token is verified and cached: the next request is answered from the cache, no cookies.
  const next = await sendToken(stack.url, refreshed, fast.xsrf);
  expect([next.status, next.cookies]).toEqual([200, []]);

  // Past the session's absolute end (AUTH_COOKIE_DURATION from the login) the auth service refuses:
  // 401 and the cookies cleared, both ways. Each gateway verified its refreshed token (and never
  // refreshed it), which has expired since.
  const refreshedSlow = (jwt(koaOne) as string).slice('JWT='.length);
  const sessionEnd = (t: string) => (decodeJwt(t).auth_time as number) * 1000 + 7000;
  await sleep(Math.max(sessionEnd(refreshed), sessionEnd(refreshedSlow)) - Date.now() + 100);
  const ended = await sendToken(stack.url, refreshed, fast.xsrf);
  expect(comparable(ended)).toEqual(comparable(await sendToken(koa.url, refreshedSlow, slow.xsrf)));
  expect([ended.status, ended.json()]).toEqual([401, { error: 'session expired, log in again' }]);
  expect(ended.cookies.some((c) => c.startsWith('JWT=;'))).toBe(true);

  // A token the gateway never saw, a forged one and one without its XSRF header, both ways.
  const unseen = await expiredSession(stack.url, 'refresh-unseen', false);
  const unseenSlow = await expiredSession(koa.url, 'refresh-unseen', false);
  const refreshedUnseen = await unseen.send();
  expect(comparable(refreshedUnseen)).toEqual(comparable(await unseenSlow.send()));
  expect([refreshedUnseen.status, refreshedUnseen.cookies.length]).toEqual([200, 2]);
  const [h, p] = unseen.token.split('.');
  for (const url of [stack.url, koa.url]) {
    const forged = await sendToken(url, `${h}.${p}.${'A'.repeat(43)}`, unseen.xsrf);
    expect([forged.status, forged.json()]).toEqual([401, { error: 'token is invalid' }]);
    expect(forged.cookies.some((c) => c.startsWith('JWT=;'))).toBe(true);
  }
  const noXsrf = (url: string, s: typeof unseen) => new Browser(url).get('/auth/user', { cookie: `JWT=${s.token}` });
  const refusedFast = await noXsrf(stack.url, unseen);
  expect(comparable(refusedFast)).toEqual(comparable(await noXsrf(koa.url, unseenSlow)));
  expect(refusedFast.status).toBe(401);

  // With the auth service down the refresh is undecided: 503 with Retry-After, the cookies kept.
  const late = await expiredSession(stack.url, 'refresh-outage');
  const lateSlow = await expiredSession(koa.url, 'refresh-outage');
  await stack.kill('auth');
  try {
    const down = await late.send();
    expect(comparable(down)).toEqual(comparable(await lateSlow.send()));
    expect([down.status, down.headers.get('retry-after'), down.cookies]).toEqual([503, '5', []]);
  } finally {
    await stack.restart('auth');
  }
}, 60_000);

/** GET /auth/user with `token` in the cookie and its XSRF header, from a browser with nothing else. */
function sendToken(url: string, token: string, xsrf: string) {
  return new Browser(url).get('/auth/user', { cookie: `JWT=${token}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf });
}
