// Password accounts on the demo page in headless Chromium (docs/password-accounts.md): sign up with the
// form, follow the mailed link (its token in the fragment), log in with the form, change the password,
// log out, "forgot password", set a new one from the link, log in with it. Mail goes through a real
// SMTP server on loopback (smtp-server).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';
import type { Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { itWithChromium, launchChromium } from './chromium';

let stack: Stack;
let db: TestDatabase;
let smtp: SMTPServer;
let files: string;
const mails: { to: string; text: string }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString();
        const text = raw
          .slice(raw.indexOf('\r\n\r\n') + 4)
          .replace(/=\r\n/g, '')
          .replace(/=3D/g, '=');
        for (const r of session.envelope.rcptTo) mails.push({ to: r.address.toLowerCase(), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  files = mkdtempSync(path.join(os.tmpdir(), 'gh-password-page-'));
  const config = path.join(files, 'auth.json');
  const smtpSection = { host: '127.0.0.1', port, tls: 'none', from: 'accounts@gatehouse.test' };
  writeFileSync(config, JSON.stringify({ password: { sender: 'smtp', smtp: smtpSection } }));
  db = await createTestDatabase('gh_pw_page');
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    authDatabaseUrl: db.url,
    env: { AUTH_CONFIG: config },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await db?.drop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  if (files) rmSync(files, { recursive: true, force: true });
});

/** The path of the newest link mailed to `address` matching `kind`, once it has arrived. */
const linkTo = (address: string, kind: 'verify' | 'reset') =>
  until(() => {
    const mail = [...mails].reverse().find((m) => m.to === address && m.text.includes(`#password-${kind}=`));
    return mail && `/${/#password-[a-z]+=[A-Za-z0-9_-]+/.exec(mail.text)?.[0]}`;
  });

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${stack.url}/`);
  const form = page.locator('#password-login');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.locator('#user').waitFor({ state: 'visible' });
}

describe('password accounts on the page', () => {
  itWithChromium(
    'signs up, verifies, logs in, changes the password, resets it',
    async () => {
      const browser = await launchChromium();
      try {
        const page = await browser.context.newPage();
        await page.goto(`${stack.url}/`);
        await page.locator('#password-forms').waitFor({ state: 'visible' });
        // The provider list has no "password" link: the forms are its way in.
        expect(await page.locator('#providers a', { hasText: 'password' }).count()).toBe(0);
        await page.locator('#password-forms summary', { hasText: 'Sign up' }).click();
        const signup = page.locator('#password-signup');
        await signup.getByLabel('Name').fill('Paula');
        await signup.getByLabel('Email').fill('paula@example.com');
        await signup.getByLabel('Password').fill('paula picks a passphrase');
        await signup.getByRole('button', { name: 'Sign up' }).click();
        await page.locator('#password-message').filter({ hasText: 'check your inbox' }).waitFor();

        await page.goto('about:blank');
        await page.goto(`${stack.url}${await linkTo('paula@example.com', 'verify')}`);
        await page.locator('#password-message').filter({ hasText: 'Your address is confirmed' }).waitFor();
        // The token left the address bar.
        expect(new URL(page.url()).hash).toBe('');

        await logIn(page, 'paula@example.com', 'paula picks a passphrase');
        expect(await page.locator('#name').textContent()).toBe('Paula');
        await page.locator('#password-account').waitFor({ state: 'visible' });
        const change = page.locator('#password-change');
        await change.getByLabel('Current password').fill('paula picks a passphrase');
        await change.getByLabel('New password').fill('paula picks another one');
        await change.getByRole('button', { name: 'Change password' }).click();
        await page.locator('#password-message').filter({ hasText: 'Password changed' }).waitFor();

        await page.locator('#logout').click();
        await page.locator('#password-forms').waitFor({ state: 'visible' });
        await page.locator('#password-forms summary', { hasText: 'Forgot your password?' }).click();
        await page.locator('#password-forgot').getByLabel('Email').fill('paula@example.com');
        await page.getByRole('button', { name: 'Send a reset link' }).click();
        await page.locator('#password-message').filter({ hasText: 'check your inbox' }).waitFor();
        await page.goto('about:blank');
        await page.goto(`${stack.url}${await linkTo('paula@example.com', 'reset')}`);
        await page.locator('#password-reset').waitFor({ state: 'visible' });
        await page.locator('#password-reset-form').getByLabel('New password').fill('paula resets it here');
        await page.getByRole('button', { name: 'Set it' }).click();
        await page.locator('#password-message').filter({ hasText: 'Your password is set' }).waitFor();
        await logIn(page, 'paula@example.com', 'paula resets it here');
      } finally {
        await browser.close();
      }
    },
    90_000,
  );
});
