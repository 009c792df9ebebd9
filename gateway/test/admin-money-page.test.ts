// The admin page's Limits and Reconciliation sections in headless Chromium, against the real stack with
// the development processor: an operator sets a tier's policy and a user's tier, edits and removes a
// policy, runs today's reconciliation and reads it back, and answers an open dispute with text evidence
// and accepts it. What the page did is checked in the ledger, not only on the screen.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { itWithChromium, launchChromium } from './chromium';
import { useMoneyBackStack } from './money-back-stack';

const ROOT = path.resolve(__dirname, '../..');
const env = useMoneyBackStack({ authDatabase: true });
let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;

afterAll(async () => {
  await chromium?.close();
});

const status = (page: Page) => page.locator('#message');

async function openPage(): Promise<Page> {
  const token = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/internal-token.ts', 'admin', 'operator'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', INTERNAL_KEYS_DIR: path.join(env.stack.dataDir, 'internal-keys') },
  })
    .toString()
    .trim();
  chromium ??= await launchChromium();
  const page = await chromium.context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`http://127.0.0.1:${env.stack.ports.admin}/`);
  await page.getByLabel(/Operator token/).fill(token);
  await page.getByRole('button', { name: 'Use' }).click();
  await status(page).getByText('Using the operator token.').waitFor();
  return page;
}

itWithChromium(
  'limits: a tier policy set, listed, edited and removed; a user given a tier',
  async () => {
    const page = await openPage();
    const limits = page.locator('#limits');
    await limits.getByLabel('Scope').selectOption('tier');
    await limits.getByLabel(/Subject/).fill('verified');
    await limits.getByLabel('Window').selectOption('7 days');
    await limits.getByLabel('Amount').fill('300.00');
    await limits.getByLabel('Count').fill('20');
    await limits.getByLabel(/Reversals free/).check();
    await limits.getByRole('button', { name: 'Set policy' }).click();
    await status(page).getByText('Policy set: the next load applies it.').waitFor();
    const row = page.locator('#limit-rows tr', { hasText: 'verified' });
    await row.getByText('300.00').waitFor();
    const { rows } = await env.ledger.query(
      'SELECT scope, subject, time_window, max_cents, max_count, reversals_free, updated_by FROM limit_policies',
    );
    expect(rows).toEqual([
      {
        scope: 'tier',
        subject: 'verified',
        time_window: '7 days',
        max_cents: '30000',
        max_count: 20,
        reversals_free: true,
        updated_by: 'operator',
      },
    ]);

    // Edit fills the form from the row; a new amount replaces the old.
    await row.getByRole('button', { name: 'Edit' }).click();
    expect(await limits.getByLabel('Amount').inputValue()).toBe('300.00');
    await limits.getByLabel('Amount').fill('250.50');
    await limits.getByRole('button', { name: 'Set policy' }).click();
    await row.getByText('250.50').waitFor();

    // A refusal is the API's words, on the page.
    await limits.getByLabel('Amount').fill('');
    await limits.getByLabel('Count').fill('');
    await limits.getByRole('button', { name: 'Set policy' }).click();
    await status(page).getByText('max_cents or max_count is required').waitFor();

    await limits.getByLabel('User id', { exact: true }).fill('dev_page-holder');
    await limits.getByLabel('Tier', { exact: true }).fill('verified');
    await limits.getByRole('button', { name: 'Set tier' }).click();
    await page.locator('#tier-shown').getByText('Tier: verified').waitFor();
    const tiers = await env.ledger.query('SELECT owner_id, tier FROM owner_limit_tiers');
    expect(tiers.rows).toEqual([{ owner_id: 'dev_page-holder', tier: 'verified' }]);
    await limits.getByRole('button', { name: 'Remove tier' }).click();
    await page.locator('#tier-shown').getByText('No tier').waitFor();

    await row.getByRole('button', { name: 'Delete' }).click();
    await status(page).getByText('Policy removed.').waitFor();
    expect(await page.locator('#limit-rows tr').count()).toBe(0);
    expect((await env.ledger.query('SELECT count(*)::int AS n FROM limit_policies')).rows[0].n).toBe(0);
  },
  120_000,
);

itWithChromium(
  "reconciliation: today's day run and read back; a dispute answered with text and accepted",
  async () => {
    const owner = await env.user('issue49-page-owner');
    const { loads } = await owner.cardWith('21.00');
    const page = await openPage();
    const section = page.locator('#reconciliation');
    await section.getByRole('button', { name: 'Run now' }).click();
    await status(page).getByText('Reconciled.').waitFor();
    const today = new Date().toISOString().slice(0, 10);
    await page.locator('#recon-summary').getByText(`${today}: matched`).waitFor();
    await section.getByRole('button', { name: 'Show report' }).click();
    await page.locator('#recon-totals tr', { hasText: 'sales' }).getByText('1 / 21.00').first().waitFor();

    expect((await env.notify('dispute_opened', loads[0]!.sale)).status).toBe(200);
    const dispute = [...env.fake.disputes.values()].find((d) => d.transactionId === loads[0]!.sale)!;
    await section.getByLabel(/Dispute id/).fill(dispute.id);
    await section.getByLabel('Text evidence').fill('Loaded by the cardholder from their own device.');
    await section.getByRole('button', { name: 'Add evidence' }).click();
    await status(page).getByText('Evidence added.').waitFor();
    await section.getByRole('button', { name: 'Accept' }).click();
    await status(page).getByText('Dispute accepted.').waitFor();
    expect(dispute.status).toBe('accepted');
    const { rows } = await env.ledger.query(
      'SELECT action, outcome, admin FROM dispute_evidence_actions WHERE processor_dispute_id = $1 ORDER BY id',
      [dispute.id],
    );
    expect(rows).toEqual([
      { action: 'text', outcome: 'done', admin: 'operator' },
      { action: 'accept', outcome: 'done', admin: 'operator' },
    ]);
  },
  120_000,
);
