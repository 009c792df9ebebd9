// The TOTP second factor on the demo page in headless Chromium (docs/accounts.md "Second factor (TOTP)"): log in
// with dev, set up an authenticator (the QR code is an SVG, the key is shown), turn it on and see the
// recovery codes once, log out, log in again and give the code at the page's prompt, then turn it off
// with a recovery code. Codes are computed here with otpauth, as the app on a phone would.
import { randomBytes } from 'node:crypto';
import { Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { totpCode } from '@gatehouse/test-kit/totp-code';
import type { Page } from 'playwright-core';
import { itWithChromium, launchChromium } from './chromium';

let stack: Stack;
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('gh_auth');
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    authDatabaseUrl: db.url,
    serviceEnv: { auth: { AUTH_TOTP_KEY: randomBytes(32).toString('hex') } },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await db?.drop();
});

const codeOf = totpCode;

async function devLogin(page: Page, name: string) {
  await page.goto(`${stack.url}/`);
  await page.getByRole('link', { name: 'dev' }).click();
  await page.getByLabel('User name').fill(name);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('TOTP on the page', () => {
  itWithChromium(
    'sets up with a QR code, shows the recovery codes once, asks for the code at login, turns off',
    async () => {
      const browser = await launchChromium();
      try {
        const page = await browser.context.newPage();
        await devLogin(page, 'quinn');
        await page.locator('#user').waitFor({ state: 'visible' });
        await page.locator('#totp').waitFor({ state: 'visible' });
        expect(await page.locator('#totp-status').textContent()).toBe('Two-factor authentication is off.');
        // Another device of quinn's, logged in before the second factor: turning it on logs it out.
        const elsewhere = new Browser(stack.url);
        expect((await elsewhere.devLogin('quinn')).status).toBe(200);

        await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
        await page.locator('#totp-enrol').waitFor({ state: 'visible' });
        expect(await page.locator('#totp-qr svg').count()).toBe(1);
        expect(await page.locator('#totp-qr svg path').count()).toBeGreaterThan(0);
        const secret = ((await page.locator('#totp-secret').textContent()) ?? '').trim();
        expect(secret).toMatch(/^[A-Z2-7]{32}$/);
        await page.locator('#totp-activate-code').fill(await codeOf(secret));
        await page.getByRole('button', { name: 'Turn on' }).click();
        await page.locator('#totp-recovery').waitFor({ state: 'visible' });
        const recoveryCodes = await page.locator('#totp-recovery-codes li').allTextContents();
        expect(recoveryCodes).toHaveLength(10);
        await page.locator('#totp-status').filter({ hasText: 'is on (10 recovery codes left)' }).waitFor();
        await page
          .locator('#totp-message')
          .filter({ hasText: 'Your other session was logged out: each device logs in again.' })
          .waitFor();
        expect((await elsewhere.getWithXsrf('/auth/user')).status).toBe(401);
        await page.locator('#session-list li').first().waitFor();
        expect(await page.locator('#session-list li').count()).toBe(1);

        // Shown once: a reload lists no codes.
        await page.reload();
        await page.locator('#totp-disable').waitFor({ state: 'visible' });
        expect(await page.locator('#totp-recovery').isVisible()).toBe(false);

        await page.locator('#logout').click();
        await page.locator('#anonymous').waitFor({ state: 'visible' });
        await devLogin(page, 'quinn');
        await page.waitForURL(`${stack.url}/?second_factor=totp`);
        await page.locator('#totp-prompt').waitFor({ state: 'visible' });
        expect(await page.locator('#user').isVisible()).toBe(false);
        // A wrong code is refused where the person can read it.
        await page.getByLabel('Code from your authenticator app').fill('000000');
        await page.getByRole('button', { name: 'Verify' }).click();
        await page.locator('#totp-prompt-message').filter({ hasText: 'Not accepted' }).waitFor();
        // The next step's code: the activation used this one, and a code is accepted once.
        await page.getByLabel('Code from your authenticator app').fill(await codeOf(secret, 1));
        await page.getByRole('button', { name: 'Verify' }).click();
        await page.waitForURL(`${stack.url}/`);
        await page.locator('#user').waitFor({ state: 'visible' });
        expect(await page.locator('#name').textContent()).toBe('quinn');

        // New recovery codes for one of the first ones, from this fresh login: shown once, ten left.
        await page.locator('#totp-renew-code').fill(recoveryCodes[0] as string);
        await page.getByRole('button', { name: 'New recovery codes' }).click();
        await page.locator('#totp-message').filter({ hasText: 'earlier ones no longer work' }).waitFor();
        await page.locator('#totp-status').filter({ hasText: '(10 recovery codes left)' }).waitFor();
        const renewed = await page.locator('#totp-recovery-codes li').allTextContents();
        expect(renewed).toHaveLength(10);
        expect(renewed.filter((c) => recoveryCodes.includes(c))).toEqual([]);

        // An earlier code no longer turns it off; a new one does.
        await page.locator('#totp-disable-code').fill(recoveryCodes[1] as string);
        await page.getByRole('button', { name: 'Turn off' }).click();
        await page.locator('#totp-message').filter({ hasText: 'Not turned off' }).waitFor();
        await page.locator('#totp-disable-code').fill(renewed[0] as string);
        await page.getByRole('button', { name: 'Turn off' }).click();
        await page.locator('#totp-status').filter({ hasText: 'is off' }).waitFor();
        await page.locator('#logout').click();
        await page.locator('#anonymous').waitFor({ state: 'visible' });
        await devLogin(page, 'quinn');
        await page.waitForURL(`${stack.url}/`);
        await page.locator('#user').waitFor({ state: 'visible' });
      } finally {
        await browser.close();
      }
    },
    60_000,
  );

  itWithChromium(
    'takes a recovery code at the login prompt',
    async () => {
      const browser = await launchChromium();
      try {
        const page = await browser.context.newPage();
        await devLogin(page, 'rory');
        await page.locator('#totp-setup').click();
        await page.locator('#totp-enrol').waitFor({ state: 'visible' });
        const secret = ((await page.locator('#totp-secret').textContent()) ?? '').trim();
        await page.locator('#totp-activate-code').fill(await codeOf(secret));
        await page.getByRole('button', { name: 'Turn on' }).click();
        const first = (await page.locator('#totp-recovery-codes li').first().textContent()) as string;
        await page.locator('#logout').click();
        await page.locator('#anonymous').waitFor({ state: 'visible' });
        await devLogin(page, 'rory');
        await page.locator('#totp-prompt').waitFor({ state: 'visible' });
        await page.getByRole('button', { name: 'Use a recovery code' }).click();
        await page.getByLabel('Recovery code', { exact: true }).fill(first);
        await page.getByRole('button', { name: 'Verify' }).click();
        await page.waitForURL(`${stack.url}/`);
        await page.locator('#user').waitFor({ state: 'visible' });
        await page.locator('#totp-status').filter({ hasText: '9 recovery codes left' }).waitFor();
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
