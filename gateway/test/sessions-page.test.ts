// Sessions per device on the / page in headless Chromium (docs/accounts.md "Sessions per device"): the same dev
// user logged in in Chromium and on a "phone" (an HTTP client), the page's list with this device
// marked, "Log out this device" for the phone (whose session is refused from then on), then for this
// browser itself, which is then logged out.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { ROOT, type Stack, startStack } from '@gatehouse/test-kit/stack';
import type { Page } from 'playwright-core';
import { itWithChromium, launchChromium } from './chromium';

let stack: Stack;
let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;

beforeAll(async () => {
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
  });
}, 60_000);

afterAll(async () => {
  await chromium?.close();
  await stack?.stop();
});

const PHONE_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1';

const rows = (page: Page) => page.locator('#session-list li');
/** Waits until the list shows exactly `n` sessions (locators: the page's CSP forbids evaluating strings). */
async function rowCount(page: Page, n: number): Promise<void> {
  if (n > 0)
    await rows(page)
      .nth(n - 1)
      .waitFor();
  await rows(page).nth(n).waitFor({ state: 'detached' });
}

describe('sessions on the / page', () => {
  itWithChromium(
    'lists this browser and the phone, logs the phone out, then this device',
    async () => {
      const user = `page-${Date.now()}`;
      chromium = await launchChromium();
      const page = await chromium.context.newPage();
      page.setDefaultTimeout(10_000);
      await page.goto(`${stack.url}/`);
      await page.getByRole('link', { name: 'dev', exact: true }).click();
      await page.getByLabel('User name').fill(user);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(`${stack.url}/`);
      await page.locator('#sessions').waitFor({ state: 'visible' });
      await rowCount(page, 1);
      // Alone: nothing else to log out.
      expect(await page.getByRole('button', { name: 'Log out all other devices' }).isVisible()).toBe(false);

      const phone = new Browser(stack.url);
      expect(await loginAs(phone, user)).toBe(200);

      await page.reload();
      await rowCount(page, 2);
      const current = rows(page).filter({ hasText: '(this device)' });
      expect(await current.count()).toBe(1);
      expect(await current.locator('strong').textContent()).toBe('Chrome on Linux');
      const phoneRow = rows(page).filter({ hasNotText: '(this device)' });
      expect(await phoneRow.locator('strong').textContent()).toBe('Safari on iOS');
      expect(await phoneRow.textContent()).toContain('127.0.0.1, via dev; logged in');
      // Newest first: the phone logged in last.
      expect(await rows(page).first().textContent()).toContain('Safari on iOS');
      expect(await page.getByRole('button', { name: 'Log out all other devices' }).isVisible()).toBe(true);
      // For a person to look at after the run (.data/ is gitignored).
      mkdirSync(path.join(ROOT, '.data'), { recursive: true });
      await page.screenshot({ path: path.join(ROOT, '.data', 'sessions-page.png'), fullPage: true });

      await phoneRow.getByRole('button', { name: 'Log out this device' }).click();
      await page.locator('#sessions-message').filter({ hasText: 'Device logged out.' }).waitFor();
      await rowCount(page, 1);
      expect(await rows(page).first().textContent()).toContain('(this device)');
      expect((await phone.getWithXsrf('/auth/user')).status).toBe(401);
      expect(await page.locator('#name').textContent()).toBe(user);

      // This browser's own session: a logout, the page shows the providers again.
      await rows(page).first().getByRole('button', { name: 'Log out this device' }).click();
      await page.locator('#anonymous').waitFor({ state: 'visible' });
      expect(await page.locator('#sessions').isVisible()).toBe(false);
      const cookies = await chromium.context.cookies(stack.url);
      expect(cookies.filter((c) => c.name === 'JWT' && c.value !== '')).toEqual([]);
    },
    60_000,
  );
});

/** The dev login as Browser.devLogin does it, with the phone's User-Agent on every request. */
async function loginAs(phone: Browser, user: string): Promise<number> {
  const headers = { 'user-agent': PHONE_AGENT };
  const start = await phone.request('GET', '/auth/dev/login', { headers });
  const authorize = start.headers.get('location') as string;
  await phone.request('GET', authorize, { headers });
  const submitted = await phone.request('POST', authorize, {
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user }).toString(),
  });
  const done = await phone.request('GET', submitted.headers.get('location') as string, { headers });
  return done.status;
}
