// Organisations on the / page in headless Chromium (docs/organizations.md "The page"): alice creates an
// organisation and invites bob's address (no sender configured: the page shows the link); bob opens the
// link logged out, logs in, accepts, switches to it; alice sees him, makes him an admin too; the last
// owner's leaving is refused with the API's sentence; bob leaves and is logged out.

import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { userId } from '@gatehouse/token';
import { Pool } from 'pg';
import type { Page } from 'playwright-core';
import { itWithChromium, launchChromium } from './chromium';

let stack: Stack;
let db: TestDatabase;
let pool: Pool;
const browsers: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  db = await createTestDatabase('gh_gw_orgpage');
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    authDatabaseUrl: db.url,
    env: { AUTH_ORG_CREATE: 'anyone', REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
  });
  pool = new Pool({ connectionString: db.url, max: 1 });
}, 60_000);

afterAll(async () => {
  for (const b of browsers) await b.close();
  await pool?.end();
  await stack?.stop();
  await db?.drop();
});

async function newPage(): Promise<Page> {
  const chromium = await launchChromium();
  browsers.push(chromium);
  const page = await chromium.context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('dialog', (dialog) => void dialog.accept());
  return page;
}

async function devLogin(page: Page, name: string): Promise<void> {
  await page.getByRole('link', { name: 'dev', exact: true }).click();
  await page.getByLabel('User name').fill(name);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${stack.url}/`);
}

const message = (page: Page) => page.locator('#orgs-message');
const orgItem = (page: Page, slug: string) => page.locator('#org-list li').filter({ hasText: `(${slug})` });

describe('organisations on the / page', () => {
  itWithChromium(
    'creates, invites by link, accepts after a login, switches, changes roles, refuses the last owner, leaves',
    async () => {
      const aliceName = `org-alice-${Date.now()}`;
      const bobName = `org-bob-${Date.now()}`;
      const alice = await newPage();
      await alice.goto(`${stack.url}/`);
      await devLogin(alice, aliceName);
      await alice.locator('#orgs-empty').waitFor();

      await alice.getByLabel('Organisation name').fill('Acme Page');
      await alice.getByLabel('Slug').fill('acme-page');
      await alice.getByRole('button', { name: 'Create organisation' }).click();
      await message(alice).getByText('Acme Page created: you are its owner.').waitFor();
      await orgItem(alice, 'acme-page').getByText('owner').waitFor();

      await orgItem(alice, 'acme-page').getByRole('button', { name: 'Members' }).click();
      await alice.locator('#org-members-title').getByText('Members of Acme Page').waitFor();
      await alice.getByLabel('Invite an email address').fill('bob@page.test');
      await alice.getByLabel('Roles for them').fill('member');
      await alice.getByRole('button', { name: 'Invite', exact: true }).click();
      await message(alice).getByText('Invitation for bob@page.test made: pass the link on.').waitFor();
      const link = (await alice.locator('#org-invite-url').textContent()) as string;
      expect(link).toMatch(new RegExp(`^${stack.url}/#invitation=[A-Za-z0-9_-]{20,}$`));

      // Bob opens the link logged out: the page keeps it through his login, then he accepts.
      const bob = await newPage();
      await bob.goto(link);
      expect(new URL(bob.url()).hash).toBe('');
      await devLogin(bob, bobName);
      await pool.query("UPDATE auth.users SET email = 'bob@page.test', email_verified_by = 'test' WHERE id = $1", [
        userId('dev', bobName),
      ]);
      await bob.getByRole('button', { name: 'Accept the invitation' }).click();
      await message(bob).getByText('You joined Acme Page as member.').waitFor();
      await expect(bob.locator('#org-invitation').isHidden()).resolves.toBe(true);
      await orgItem(bob, 'acme-page').getByRole('button', { name: 'Switch to it' }).click();
      await message(bob).getByText('Now working in Acme Page.').waitFor();
      await orgItem(bob, 'acme-page').getByText('member · active').waitFor();
      const token = (await bob.context().cookies()).find((c) => c.name === 'JWT')?.value as string;
      const claims = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
      expect(claims.user.attrs).toMatchObject({ org_slug: 'acme-page', org_roles: ['member'] });

      // Alice sees bob and gives him admin too; she cannot leave, being the last owner.
      await orgItem(alice, 'acme-page').getByRole('button', { name: 'Members' }).click();
      const bobRow = alice.locator(`#org-member-list tr[data-user-id="${userId('dev', bobName)}"]`);
      await bobRow.waitFor();
      await bobRow.getByRole('textbox').fill('member, admin');
      await bobRow.getByRole('button', { name: 'Save roles' }).click();
      await message(alice).getByText(`Roles of ${bobName}: admin, member.`).waitFor();
      await orgItem(alice, 'acme-page').getByRole('button', { name: 'Leave' }).click();
      await message(alice).getByText('You did not leave: the last owner cannot leave or lose ownership').waitFor();

      // Bob leaves: his sessions end, and the page asks him to log in again.
      await orgItem(bob, 'acme-page').getByRole('button', { name: 'Leave' }).click();
      await message(bob).getByText('You left Acme Page: log in again.').waitFor();
      await bob.locator('#anonymous').waitFor();
      const left = await pool.query('SELECT 1 FROM auth.memberships WHERE user_id = $1', [userId('dev', bobName)]);
      expect(left.rowCount).toBe(0);
    },
    90_000,
  );
});
