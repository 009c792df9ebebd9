// A refresh that cannot be decided must not log anyone out: with the auth service's Redis frozen, or the
// auth service itself down, an expired cookie token gets 503 with Retry-After, the cookies stay, and
// the answer carries no transport details; once the dependency is back the same cookies refresh.
import { type ChildProcess, spawn } from 'node:child_process';
import { Browser } from '@gatehouse/test-kit/browser';
import { freePort, type Stack, startStack } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';

let stack: Stack;
let redis: ChildProcess;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  // A Redis of this test's own, to freeze and thaw without touching the shared one.
  const port = await freePort();
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  await sleep(300);
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: { REDIS_URL: `redis://127.0.0.1:${port}`, AUTH_TOKEN_DURATION: '1s' },
  });
}, 60_000);

afterAll(async () => {
  redis?.kill('SIGCONT');
  await stack?.stop();
  redis?.kill('SIGKILL');
});

async function expiredSession(name: string): Promise<Browser> {
  const browser = new Browser(stack.url);
  expect((await browser.devLogin(name)).status).toBe(200);
  await sleep(1500); // the 1 s token has expired: the next request must refresh it
  return browser;
}

async function expectUndecided(browser: Browser) {
  const before = await browser.cookie('JWT');
  const res = await browser.getWithXsrf('/auth/user');
  expect(res.status).toBe(503);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(res.json()).toEqual({ error: 'the session cannot be refreshed right now, try again shortly' });
  expect(res.cookies).toEqual([]); // nothing cleared
  expect(await browser.cookie('JWT')).toBe(before);
}

const eventually200 = (browser: Browser) =>
  until(
    async () => {
      const res = await browser.getWithXsrf('/auth/user');
      return res.status === 200 && res;
    },
    { what: 'the session to come back', ms: 10_000, everyMs: 250 },
  );

it('keeps the session through a Redis outage and refreshes it afterwards', async () => {
  const browser = await expiredSession('olga');
  redis.kill('SIGSTOP');
  try {
    await expectUndecided(browser);
  } finally {
    redis.kill('SIGCONT');
  }
  const back = await eventually200(browser);
  expect(back.json()).toMatchObject({ name: 'olga' });
  expect(back.cookies.map((c) => c.split('=')[0])).toEqual(['JWT', 'XSRF-TOKEN']);
}, 30_000);

it('keeps the session while the auth service is down and refreshes it once it is back', async () => {
  const browser = await expiredSession('pavel');
  await stack.kill('auth');
  await expectUndecided(browser);
  await stack.restart('auth');
  expect((await eventually200(browser)).json()).toMatchObject({ name: 'pavel' });
}, 30_000);

it('still ends a session the auth service refuses to refresh', async () => {
  const browser = new Browser(stack.url);
  await browser.devLogin('quinn');
  const jar = await browser.jar.getCookieString(stack.url);
  expect((await browser.getWithXsrf('/auth/logout')).status).toBe(200);
  await sleep(1500);
  const copy = new Browser(stack.url);
  for (const c of jar.split('; ')) await copy.jar.setCookie(`${c}; Path=/`, stack.url);
  const res = await copy.getWithXsrf('/auth/user');
  expect(res.status).toBe(401);
  expect(res.cookies.map((c) => c.split('=')[0])).toEqual(['JWT', 'XSRF-TOKEN']); // cleared
});
