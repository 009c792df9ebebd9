// Several gateways in front of one auth service: a logout at any of them ends every copy of the
// session's tokens at all of them, through the auth service's WatchEndedSessions stream.
import { Browser } from '@gatehouse/test-kit/browser';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

/** Asks until the answer is a 401 (which it returns), for up to 5 s. */
const untilRefused = (url: string, token: string) =>
  until(
    async () => {
      const res = await new Browser(url).get('/auth/user', { 'x-jwt': token });
      return res.status === 401 && res;
    },
    { what: 'a 401', everyMs: 100 },
  );

describe('sessions ended at one gateway', () => {
  it('are refused at every other gateway, including one started after the logout', async () => {
    const other = await stack.addGateway();
    const browser = new Browser(stack.url);
    await browser.devLogin('nina');
    const token = (await browser.cookie('JWT')) as string;
    // The other gateway has verified and cached the token: its fast path would answer it.
    for (let i = 0; i < 2; i++) {
      const res = await new Browser(other.url).get('/auth/user', { 'x-jwt': token });
      expect([res.status, (res.json() as { name: string }).name]).toEqual([200, 'nina']);
    }
    const unrelated = new Browser(stack.url);
    await unrelated.devLogin('nina');

    expect((await browser.getWithXsrf('/auth/logout')).status).toBe(200);
    const refused = await untilRefused(other.url, token);
    expect([refused.status, refused.json()]).toEqual([401, { error: 'session ended, log in again' }]);

    // A gateway that was not running at the logout hears of it when it connects.
    const late = await stack.addGateway();
    const lateAnswer = await untilRefused(late.url, token);
    expect([lateAnswer.status, lateAnswer.json()]).toEqual([401, { error: 'session ended, log in again' }]);

    // Only that session: the same user's other session still works everywhere.
    const otherToken = (await unrelated.cookie('JWT')) as string;
    for (const url of [stack.url, other.url, late.url])
      expect((await new Browser(url).get('/auth/user', { 'x-jwt': otherToken })).status).toBe(200);
    await Promise.all([other.stop(), late.stop()]);
  }, 30_000);
});
