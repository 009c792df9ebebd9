// Refresh of expired cookie tokens through the real processes, with short durations so the test
// sees a token expire and a session reach its absolute end.

import { Browser } from '@gatehouse/test-kit/browser';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { decodeJwt } from 'jose';

let stack: Stack;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: { AUTH_TOKEN_DURATION: '1s', AUTH_COOKIE_DURATION: '4s' },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

it('refreshes an expired cookie token on /auth/user: new exp, same jti, new cookie', async () => {
  const browser = new Browser(stack.url);
  await browser.devLogin('ivy');
  const firstToken = (await browser.cookie('JWT')) as string;
  const first = decodeJwt(firstToken);
  await sleep(2100);

  const res = await browser.getWithXsrf('/auth/user');
  expect(res.status).toBe(200);
  expect(res.json()).toMatchObject({ name: 'ivy' });
  expect(res.cookies).toHaveLength(2);
  const second = decodeJwt((await browser.cookie('JWT')) as string);
  expect(second.jti).toBe(first.jti);
  expect(await browser.xsrf()).toBe(first.jti);
  expect(second.exp).toBeGreaterThan(first.exp as number);
  expect(second.auth_time).toBe(first.auth_time);
  // Never past the cookie duration from the first login.
  expect(second.exp).toBeLessThanOrEqual((first.auth_time as number) + 4);

  // A header-borne expired token is refused, not refreshed.
  const stale = await new Browser(stack.url).get('/auth/user', { 'x-jwt': firstToken });
  expect(stale.status).toBe(401);
  expect(stale.json()).toEqual({ error: 'token expired' });
});

it('ends the session once the cookie duration has passed since the first login', async () => {
  const browser = new Browser(stack.url);
  await browser.devLogin('jack');
  const token = (await browser.cookie('JWT')) as string;
  const jti = await browser.xsrf();
  await sleep(4300);
  // The browser has dropped the cookie by itself (its Max-Age ran out with the session)...
  expect((await browser.getWithXsrf('/auth/user')).json()).toEqual({ error: 'token cookie was not presented' });
  // ...and a kept copy of it cannot be refreshed any more.
  const res = await new Browser(stack.url).get('/auth/user', {
    cookie: `JWT=${token}; XSRF-TOKEN=${jti}`,
    'x-xsrf-token': jti,
  });
  expect(res.status).toBe(401);
  expect(res.json()).toEqual({ error: 'session expired, log in again' });
  expect(res.cookies.some((c) => c.startsWith('JWT=;'))).toBe(true);
  const viaHeader = await new Browser(stack.url).get('/auth/user', { 'x-jwt': token });
  expect(viaHeader.status).toBe(401);
  expect(viaHeader.json()).toEqual({ error: 'token expired' });
});

it('never refreshes a session after its logout, even from a kept copy of the cookie', async () => {
  const browser = new Browser(stack.url);
  await browser.devLogin('kim');
  const token = (await browser.cookie('JWT')) as string;
  const jti = await browser.xsrf();
  expect((await browser.getWithXsrf('/auth/logout')).status).toBe(200);
  await sleep(1300);
  const replay = await new Browser(stack.url).get('/auth/user', {
    cookie: `JWT=${token}; XSRF-TOKEN=${jti}`,
    'x-xsrf-token': jti,
  });
  expect(replay.status).toBe(401);
  expect(replay.json()).toEqual({ error: 'session ended, log in again' });
  expect(replay.cookies.some((c) => c.startsWith('JWT=;'))).toBe(true);
});
