// Admin basic auth under guessing: a client that fails too often is refused with 429 and Retry-After,
// even with the right password, while the admin from another address still gets in; nothing of the
// guessed credentials reaches the log.
import { randomBytes } from 'node:crypto';
import { metricValue, scrapeMetrics } from '@gatehouse/test-kit/metric-value';
import { freePort, type Stack, startStack } from '@gatehouse/test-kit/stack';

let stack: Stack;
const PASSWORD = 'admin-password-for-tests';
const basic = (user: string, pass?: string) =>
  `Basic ${Buffer.from(pass === undefined ? user : `${user}:${pass}`).toString('base64')}`;

beforeAll(async () => {
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    // The gateways' /metrics say how many passwords were compared (gatehouse_basic_auth_checks_total).
    metrics: true,
    // One trusted proxy: the test speaks for several clients through X-Forwarded-For.
    // Redis: the gateways of one deployment count into the same windows.
    env: {
      AUTH_ADMIN_PASSWD: PASSWORD,
      GATEWAY_TRUSTED_PROXIES: '1',
      LOG_LEVEL: 'info',
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `gh-test:${randomBytes(6).toString('hex')}:`,
    },
  });
}, 60_000);

afterAll(() => stack?.stop());

const get = (authorization: string, client: string) =>
  fetch(`${stack.url}/auth/user`, { headers: { authorization, 'x-forwarded-for': client } });

it('limits failed admin basic auth per client with 429 and Retry-After', async () => {
  for (let i = 0; i < 10; i++) expect((await get(basic('admin', `wrong-${i}`), '198.51.100.7')).status).toBe(401);
  const limited = await get(basic('admin', 'wrong-again'), '198.51.100.7');
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await limited.json()).toEqual({ error: 'too many failed attempts, try again later' });
  // The right password from the guessing client is not even checked now...
  expect((await get(basic('admin', PASSWORD), '198.51.100.7')).status).toBe(429);
  // ...while the admin elsewhere is not locked out.
  const admin = await get(basic('admin', PASSWORD), '203.0.113.5');
  expect(admin.status).toBe(200);
  expect(await admin.json()).toMatchObject({ name: 'admin', attrs: { admin: true } });
});

it('never logs the decoded basic credentials, with or without a colon', async () => {
  await get(basic('adminsecret-without-colon'), '198.51.100.8');
  await get(basic('admin', 'guessed-password-xyz'), '198.51.100.8');
  const log = await stack.waitForOutput('gateway', (out) => out.split('admin basic auth failed').length > 2);
  expect(log).toContain('admin basic auth failed');
  expect(log).not.toContain('adminsecret-without-colon');
  expect(log).not.toContain('guessed-password-xyz');
});

it('counts failures of every gateway together (Redis): two replicas do not give twice the guesses', async () => {
  const second = await stack.addGateway();
  try {
    const at = (url: string, pass: string) =>
      fetch(`${url}/auth/user`, {
        headers: { authorization: basic('admin', pass), 'x-forwarded-for': '198.51.100.9' },
      });
    for (let i = 0; i < 5; i++) {
      expect((await at(stack.url, `wrong-a${i}`)).status).toBe(401);
      expect((await at(second.url, `wrong-b${i}`)).status).toBe(401);
    }
    expect((await at(stack.url, 'wrong-again')).status).toBe(429);
    expect((await at(second.url, PASSWORD)).status).toBe(429);
  } finally {
    await second.stop();
  }
});

it('takes a right password back off the count: the admin is never limited by their own requests', async () => {
  for (let i = 0; i < 30; i++) expect((await get(basic('admin', PASSWORD), '203.0.113.77')).status).toBe(200);
  const burst = await Promise.all(
    Array.from({ length: 8 }, () => get(basic('admin', PASSWORD), '203.0.113.77').then((r) => r.status)),
  );
  expect(burst).toEqual(Array(8).fill(200));
});

it('counts each attempt before its password is compared: 300 at once across two gateways compare at most 10', async () => {
  const metricsPort = await freePort();
  const second = await stack.addGateway({ metricsPort });
  const ports = [stack.metricsPorts?.gateway, metricsPort];
  const compared = async () => {
    const texts = await Promise.all(ports.map((port) => scrapeMetrics(port)));
    return texts.reduce((sum, text) => sum + metricValue(text, 'gatehouse_basic_auth_checks_total'), 0);
  };
  try {
    const before = await compared();
    const guesses = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        fetch(`${i % 2 === 0 ? stack.url : second.url}/auth/user`, {
          headers: { authorization: basic('admin', `concurrent-${i}`), 'x-forwarded-for': '198.51.100.66' },
        }).then((res) => res.status),
      ),
    );
    // A 401 is a password compared and found wrong; a 429 one never compared.
    const wrong = guesses.filter((s) => s === 401).length;
    expect(wrong).toBeLessThanOrEqual(10);
    expect(wrong + guesses.filter((s) => s === 429).length).toBe(300);
    expect((await compared()) - before).toBe(wrong);
  } finally {
    await second.stop();
  }
});
