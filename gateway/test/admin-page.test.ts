// The admin page on the admin listener in headless Chromium (docs/accounts.md "Administration"): an
// operator pastes a workload token, searches alice, opens her, blocks her (her session is refused),
// unblocks her, ends her sessions, unlinks a linked identity and exports her; the public port has no
// such page.

import { Browser } from '@gatehouse/test-kit/browser';
import { userId } from '@gatehouse/token';
import type { Page } from 'playwright-core';
import { itWithChromium, launchChromium } from './chromium';
import { type DirectoryStack, loggedIn, startDirectoryStack } from './directory-stack';

let dir: DirectoryStack;
let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;

beforeAll(async () => {
  dir = await startDirectoryStack();
}, 90_000);
afterAll(async () => {
  await chromium?.close();
  await dir?.stop();
});

const status = (page: Page) => page.locator('#message');

describe('the admin page', () => {
  itWithChromium(
    'searches, opens, blocks, unblocks, ends sessions, unlinks and exports',
    async () => {
      const alice = await loggedIn(dir.stack.url, 'page-alice');
      expect((await alice.devLink('page-bob')).status).toBe(200);
      const aliceId = await alice.userId();

      chromium = await launchChromium();
      const page = await chromium.context.newPage();
      page.setDefaultTimeout(10_000);
      await page.goto(`${dir.adminUrl}/`);
      await page.getByLabel(/Operator token/).fill(dir.workloadToken('admin'));
      await page.getByRole('button', { name: 'Use' }).click();
      await status(page).getByText('Using the operator token.').waitFor();
      await page.getByLabel(/Name or email prefix/).fill('page-ali');
      await page.getByRole('button', { name: 'Search' }).click();
      const row = page.locator('#user-rows tr').filter({ hasText: aliceId });
      await row.waitFor();
      expect(await page.locator('#user-rows tr').count()).toBe(1);
      await row.getByRole('button', { name: 'Open' }).click();
      await page.locator('#user-summary').getByText(`${aliceId}: active`).waitFor();
      expect(await page.locator('#identities li').count()).toBe(2);

      await page.getByLabel('Reason').fill('from the page');
      await page.getByRole('button', { name: 'Block' }).click();
      await status(page).getByText('Blocked. 1 session(s) ended.').waitFor();
      await page.locator('#user-summary').getByText('blocked (from the page)').waitFor();
      expect((await alice.send('GET', '/auth/user')).status).toBe(401);
      await page.getByRole('button', { name: 'Unblock' }).click();
      await status(page).getByText('Unblocked.').waitFor();
      const again = await loggedIn(dir.stack.url, 'page-alice');
      await page.getByRole('button', { name: 'End sessions' }).click();
      await status(page).getByText('Done. 1 session(s) ended.').waitFor();
      expect((await again.send('GET', '/auth/user')).status).toBe(401);

      await page
        .locator('#identities li')
        .filter({ hasText: userId('dev', 'page-bob') })
        .getByRole('button', { name: 'Unlink' })
        .click();
      await status(page).getByText('Unlinked.').waitFor();
      await page.locator('#identities li').nth(1).waitFor({ state: 'detached' });
      expect(await page.locator('#identities li').allTextContents()).toEqual([expect.stringContaining(aliceId)]);
      await page.getByRole('button', { name: 'Export' }).click();
      await page.locator('#exported').getByText(aliceId).first().waitFor();

      expect((await new Browser(dir.stack.url).get('/admin.js')).status).toBe(404);
    },
    60_000,
  );
});
