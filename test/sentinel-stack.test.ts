import { Browser } from '@gatehouse/test-kit/browser';
import { redisMissing, type SentinelSet, startSentinelSet } from '@gatehouse/test-kit/servers/redis';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';

// The auth service and two gateways on Redis Sentinel (REDIS_SENTINELS, REDIS_SENTINEL_NAME) through a
// SENTINEL FAILOVER: no live session is logged out, logins work again within 10 s, a logout made
// before the failover still holds after it, and one made after it reaches the other gateway.
const missing = redisMissing({ sentinel: true });
if (missing) console.warn(`sentinel-stack.test.ts skipped: ${missing}`);
const suite = missing ? describe.skip : describe;

const NAME = 'gatehouse-stack';
const PASSWORD = 'stack-data-pw';

suite('the stack through a Redis Sentinel failover', () => {
  let set: SentinelSet;
  let stack: Stack;

  beforeAll(async () => {
    set = await startSentinelSet(NAME, PASSWORD);
    stack = await startStack({
      services: ['auth', 'avatar', 'gateway'],
      env: {
        REDIS_URL: `redis://:${PASSWORD}@sentinel-found/0`,
        REDIS_SENTINELS: set.addresses,
        REDIS_SENTINEL_NAME: NAME,
      },
    });
  }, 90_000);

  afterAll(async () => {
    await stack?.stop();
    await set?.stop();
  });

  const user = (url: string, token: string) => new Browser(url).get('/auth/user', { 'x-jwt': token });
  const untilRefused = (url: string, token: string) =>
    until(
      async () => {
        const res = await user(url, token);
        return res.status === 401 && res;
      },
      { what: 'a 401', everyMs: 100 },
    );

  it('keeps sessions and logouts, and logs in again within 10 s', async () => {
    const other = await stack.addGateway();
    try {
      const live = new Browser(stack.url);
      await live.devLogin('live');
      const liveToken = (await live.cookie('JWT')) as string;
      const ended = new Browser(stack.url);
      await ended.devLogin('ended');
      const endedToken = (await ended.cookie('JWT')) as string;
      expect((await ended.getWithXsrf('/auth/logout')).status).toBe(200);
      expect((await untilRefused(other.url, endedToken)).status).toBe(401);

      const failoverAt = Date.now();
      await set.failover();
      for (let i = 0; ; i++) {
        const b = new Browser(stack.url);
        const ok = await b.devLogin(`after-${i}`).then(
          async () => (await b.cookie('JWT')) !== undefined,
          () => false,
        );
        if (ok) break;
        expect(Date.now() - failoverAt).toBeLessThan(10_000);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(Date.now() - failoverAt).toBeLessThan(10_000);

      for (const url of [stack.url, other.url]) {
        expect((await user(url, liveToken)).status).toBe(200); // not logged out by the failover
        expect((await user(url, endedToken)).status).toBe(401); // the earlier logout holds
      }
      // A logout after the failover reaches the other gateway.
      expect((await live.getWithXsrf('/auth/logout')).status).toBe(200);
      expect((await untilRefused(other.url, liveToken)).status).toBe(401);
    } finally {
      await other.stop();
    }
  }, 90_000);
});
