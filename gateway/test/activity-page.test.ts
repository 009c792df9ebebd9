// A user's own recent activity (issue 34, docs/events.md): GET /auth/events over HTTP, answered as the
// public OpenAPI document says, with the logins (device and address) and the sessions ended of this
// user only; and the / page in headless Chromium showing it as "Recent activity". A flood of wrong
// passwords (issue 43) leaves a few events, counted in full in auth's metrics, shown without the
// sender's browser.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { metricValue, scrapeMetrics } from '@gatehouse/test-kit/metric-value';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';
import { userId } from '@gatehouse/token';
import bcrypt from 'bcryptjs';
import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { itWithChromium, launchChromium } from './chromium';
import { loggedIn } from './directory-stack';
import { AnswerChecker, type Document } from './openapi-answers';

let stack: Stack;
let db: TestDatabase;
let checker: AnswerChecker;
let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;
let files: string;

beforeAll(async () => {
  db = await createTestDatabase('gh_gw_activity');
  // A direct (password) provider, the easiest to flood; one trusted proxy gives each request its address.
  files = mkdtempSync(path.join(os.tmpdir(), 'gh-activity-'));
  const htpasswd = path.join(files, 'users.htpasswd');
  writeFileSync(htpasswd, `victor:${bcrypt.hashSync('victor-pw', 4)}\n`);
  writeFileSync(path.join(files, 'auth.json'), JSON.stringify({ direct: [{ name: 'local', htpasswd }] }));
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    authDatabaseUrl: db.url,
    metrics: true,
    env: {
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      AUTH_CONFIG: path.join(files, 'auth.json'),
      GATEWAY_TRUSTED_PROXIES: '1',
    },
  });
  checker = new AnswerChecker((await (await fetch(`${stack.url}/openapi.json`)).json()) as Document);
}, 60_000);

afterAll(async () => {
  await chromium?.close();
  await stack?.stop();
  await db?.drop();
  if (files) rmSync(files, { recursive: true, force: true });
});

interface Activity {
  type: string;
  user_agent: string | null;
  client_address: string | null;
  data: Record<string, unknown>;
}

describe('GET /auth/events', () => {
  it("answers the user's own logins and ended sessions, newest first, and nobody else's", async () => {
    const olga = await loggedIn(stack.url, 'olga');
    expect((await olga.send('GET', '/auth/logout')).status).toBe(200);
    const back = await loggedIn(stack.url, 'olga');
    await loggedIn(stack.url, 'someone-else');

    const res = await until(async () => {
      const answer = await back.send('GET', '/auth/events');
      const events = (answer.json() as { events?: Activity[] }).events ?? [];
      return events.some((e) => e.type === 'session.ended') && events.length >= 3 && answer;
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(checker.problems('GET', '/auth/events', res)).toEqual([]);
    const { events } = res.json() as { events: Activity[] };
    expect(events.map((e) => e.type)).toEqual(['login.succeeded', 'session.ended', 'login.succeeded']);
    expect(events[0]).toMatchObject({ client_address: '127.0.0.1', data: { provider: 'dev' } });
    expect(events[1]?.data).toEqual({ reason: 'logout' });

    const limited = await back.send('GET', '/auth/events?limit=1');
    const page = limited.json() as { events: Activity[]; next: string | null };
    expect(page.events).toHaveLength(1);
    expect(page.next).toEqual(expect.any(String));
    const rest = await back.send('GET', `/auth/events?limit=5&cursor=${encodeURIComponent(page.next as string)}`);
    expect((rest.json() as { events: Activity[] }).events.map((e) => e.type)).toEqual([
      'session.ended',
      'login.succeeded',
    ]);

    // The session's token in a header, as an API client sends it, answers the same.
    const token = (await back.cookie('JWT')) as string;
    const byToken = await new Browser(stack.url).get('/auth/events', { 'x-jwt': token });
    expect([byToken.status, (byToken.json() as { events: Activity[] }).events]).toEqual([200, events]);
    expect((await back.send('GET', '/auth/events?limit=0')).status).toBe(400);
    expect((await new Browser(stack.url).get('/auth/events')).status).toBe(401);
    expect((await back.send('POST', '/auth/events')).status).toBe(405);
  });
});

describe('a flood of wrong passwords (issue 43)', () => {
  it('leaves at most 10 login events for the user, every attempt counted, none showing the sender’s browser', async () => {
    const attempt = (ip: string, passwd: string) =>
      new Browser(stack.url).request('POST', '/auth/local/login', {
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'user-agent': 'Mallory <b>was here</b>' },
        body: JSON.stringify({ user: 'victor', passwd }),
      });
    const statuses: number[] = [];
    for (let sent = 0; sent < 300; sent += 50) {
      const burst = await Promise.all(Array.from({ length: 50 }, () => attempt('203.0.113.9', 'guess')));
      statuses.push(...burst.map((a) => a.status));
    }
    expect([statuses.filter((s) => s === 403).length, statuses.filter((s) => s === 429).length]).toEqual([10, 290]);

    const victorId = userId('local', 'victor');
    const client = new Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query(
      "SELECT type, actor_kind FROM events.events WHERE subject_user = $1 AND type LIKE 'login.%'",
      [victorId],
    );
    await client.end();
    expect(rows.length).toBeLessThanOrEqual(10);
    expect(rows.every((r) => r.actor_kind === 'anonymous')).toBe(true);
    const metrics = await scrapeMetrics(stack.metricsPorts?.auth);
    const failures = (reason: string) =>
      metricValue(metrics, 'gatehouse_auth_login_failures_total', { provider: 'local', reason });
    expect([failures('refused'), failures('rate_limited')]).toEqual([10, 290]);

    // Victor logs in from his own address and reads his activity: the attempts, without the sender's text.
    const victor = new Browser(stack.url);
    const login = await victor.request('POST', '/auth/local/login', {
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.20' },
      body: JSON.stringify({ user: 'victor', passwd: 'victor-pw' }),
    });
    expect(login.status).toBe(200);
    const res = await until(async () => {
      const answer = await victor.getWithXsrf('/auth/events?limit=50');
      const events = (answer.json() as { events?: Activity[] }).events ?? [];
      return events.some((e) => e.type === 'login.succeeded') && events;
    });
    const attempts = res.filter((e) => e.type === 'login.failed' || e.type === 'login.rate_limited');
    expect(attempts.length).toBeGreaterThan(0);
    expect(attempts.every((e) => e.user_agent === null && e.client_address === '203.0.113.9')).toBe(true);
    expect(JSON.stringify(res)).not.toContain('Mallory');
  });
});

describe('Recent activity on the / page', () => {
  itWithChromium(
    'shows the login of this browser',
    async () => {
      chromium = await launchChromium();
      const page: Page = await chromium.context.newPage();
      page.setDefaultTimeout(10_000);
      await page.goto(`${stack.url}/`);
      await page.getByRole('link', { name: 'dev', exact: true }).click();
      await page.getByLabel('User name').fill(`activity-${Date.now()}`);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(`${stack.url}/`);
      await page.locator('#activity').waitFor({ state: 'visible' });
      await expect(page.getByRole('heading', { name: 'Recent activity' }).isVisible()).resolves.toBe(true);
      const first = page.locator('#activity-list li').first();
      await first.waitFor();
      expect(await first.locator('strong').textContent()).toBe('Logged in (dev)');
      expect(await first.locator('.hint').textContent()).toContain('Chrome on Linux, 127.0.0.1');
    },
    60_000,
  );
});
