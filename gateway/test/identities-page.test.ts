// Linked accounts on the / page in headless Chromium (docs/accounts.md "Linking"): alice logs in with
// the dev provider, "Link another account" → dev → bob, back on the page both are listed; "Unlink"
// removes bob, and unlinking alice, the last way in, is refused with a message.

import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import type { Page } from 'playwright-core';
import { itWithChromium, launchChromium } from './chromium';

let stack: Stack;
let db: TestDatabase;
let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;

beforeAll(async () => {
  db = await createTestDatabase('gh_gw_idpage');
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    authDatabaseUrl: db.url,
    env: { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
  });
}, 60_000);

afterAll(async () => {
  await chromium?.close();
  await stack?.stop();
  await db?.drop();
});

const rows = (page: Page) => page.locator('#identity-list li');

async function devForm(page: Page, name: string): Promise<void> {
  await page.getByLabel('User name').fill(name);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${stack.url}/`);
}

describe('linked accounts on the / page', () => {
  itWithChromium(
    'links bob to alice, unlinks him, and refuses to unlink the last way in',
    async () => {
      const alice = `alice-${Date.now()}`;
      const bob = `bob-${Date.now()}`;
      chromium = await launchChromium();
      const page = await chromium.context.newPage();
      page.setDefaultTimeout(10_000);
      await page.goto(`${stack.url}/`);
      await page.getByRole('link', { name: 'dev', exact: true }).click();
      await devForm(page, alice);
      await page.locator('#identities').waitFor({ state: 'visible' });
      await rows(page).nth(0).waitFor();
      expect(await rows(page).count()).toBe(1);

      await page.getByRole('button', { name: 'Link another account' }).click();
      // A button: the link starts with a call carrying the XSRF header, then opens the provider's page.
      await page.locator('#identity-link-providers').getByRole('button', { name: 'dev', exact: true }).click();
      await devForm(page, bob);
      await rows(page).nth(1).waitFor();
      expect(await rows(page).allTextContents()).toEqual([
        expect.stringContaining(`dev: ${alice}`),
        expect.stringContaining(`dev: ${bob}`),
      ]);
      // Still alice's session.
      expect(await page.locator('#name').textContent()).toBe(alice);

      await rows(page).filter({ hasText: bob }).getByRole('button', { name: 'Unlink' }).click();
      await rows(page).nth(1).waitFor({ state: 'detached' });
      await page.getByText('Every other session of your account was ended (0).').waitFor();
      await rows(page).filter({ hasText: alice }).getByRole('button', { name: 'Unlink' }).click();
      await page.getByText('This is your last way to log in').waitFor();
      expect(await rows(page).count()).toBe(1);
    },
    60_000,
  );
});
