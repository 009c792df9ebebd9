// Issue 49 §2 through the real stack (auth, payment and gateway processes, the development processor):
// an operator manages velocity rules on the admin listener (a file's rule beside them, read-only), a
// card load through the gateway carries the client's address to payment, a block rule refuses with code
// velocity, a review rule flags a load the operator then resolves. Answers are checked against the admin
// OpenAPI document; each action is audited.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { until } from '@gatehouse/test-kit/until';
import { useAdminOperator } from './admin-operator';
import { itWithChromium, launchChromium } from './chromium';
import { useMoneyBackStack } from './money-back-stack';

const ROOT = path.resolve(__dirname, '../..');
const rulesFile = path.join(mkdtempSync(path.join(tmpdir(), 'velocity-')), 'rules.yaml');
writeFileSync(
  rulesFile,
  [
    'rules:',
    '  - name: file-watch',
    '    subject: owner',
    '    counts: loads',
    '    threshold: 1000',
    '    window: 1h',
    '    action: block',
    '    mode: dry_run',
    '',
  ].join('\n'),
);
const env = useMoneyBackStack({
  serviceEnv: { payment: { PAYMENT_VELOCITY_RULES_FILE: rulesFile } },
  metrics: true,
});
const { admin, operator, adminUrl } = useAdminOperator(() => env.stack);

/**
 * Until payment holds the rules the admin API lists (NOTIFY, within moments), read off its gauge of the
 * rules in force: the next load applies them.
 */
async function settle(): Promise<void> {
  const port = env.stack.metricsPorts?.payment;
  await until(
    async () => {
      const listed = (await admin('GET', '/admin/v1/velocity-rules')).json() as {
        rules: { name: string; threshold: number; mode: string; action: string }[];
      };
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const held = text.split('\n').filter((l) => l.startsWith('gatehouse_payment_velocity_rule_threshold{'));
      return (
        held.length === listed.rules.length &&
        listed.rules.every((r) =>
          held.some(
            (l) =>
              l.includes(`rule="${r.name}"`) &&
              l.includes(`mode="${r.mode}"`) &&
              l.includes(`action="${r.action}"`) &&
              l.endsWith(` ${r.threshold}`),
          ),
        )
      );
    },
    { ms: 20_000, what: 'payment to hold the rules the admin API lists' },
  );
}

test('an operator creates, reads, replaces and deletes rules; bad ones are 400, file ones read-only (409)', async () => {
  const listed = await admin('GET', '/admin/v1/velocity-rules');
  expect([listed.status, listed.json()]).toMatchObject([
    200,
    { rules: [{ name: 'file-watch', source: 'file', mode: 'dry_run', window: '1h', window_seconds: 3600 }] },
  ]);
  const rule = {
    name: 'owner-burst',
    subject: 'owner',
    counts: 'loads',
    threshold: 50,
    window: '10m',
    action: 'review',
  };
  const created = await admin('POST', '/admin/v1/velocity-rules', rule);
  expect([created.status, created.json()]).toMatchObject([
    201,
    { ...rule, mode: 'enforce', source: 'admin', updated_by: 'operator', window_seconds: 600 },
  ]);
  expect((await admin('POST', '/admin/v1/velocity-rules', rule)).status).toBe(409);
  for (const bad of [
    { ...rule, name: 'Owner Burst' },
    { ...rule, window: 'ten minutes' },
    { ...rule, window: '60d' },
    { ...rule, threshold: -1 },
    { ...rule, subject: 'card', counts: 'distinct_cards' },
    { ...rule, action: 'alert' },
    { ...rule, extra: true },
  ]) {
    const refused = await admin('POST', '/admin/v1/velocity-rules', {
      ...bad,
      name: bad.name === rule.name ? 'r2' : bad.name,
    });
    expect([refused.status, typeof (refused.json() as { error: unknown }).error]).toEqual([400, 'string']);
  }
  const { name: _, ...rest } = rule;
  const replaced = await admin('PUT', '/admin/v1/velocity-rules/owner-burst', {
    ...rest,
    threshold: 60,
    mode: 'dry_run',
  });
  expect([replaced.status, replaced.json()]).toMatchObject([200, { threshold: 60, mode: 'dry_run' }]);
  expect((await admin('PUT', '/admin/v1/velocity-rules/owner-burst', { ...rule, name: 'other' })).status).toBe(400);
  expect((await admin('GET', '/admin/v1/velocity-rules/owner-burst')).json()).toMatchObject({ threshold: 60 });
  const fileEdit = await admin('PUT', '/admin/v1/velocity-rules/file-watch', rest);
  expect([fileEdit.status, fileEdit.json()]).toMatchObject([
    409,
    { error: expect.stringContaining('PAYMENT_VELOCITY_RULES_FILE') },
  ]);
  expect((await admin('DELETE', '/admin/v1/velocity-rules/file-watch')).status).toBe(409);
  expect((await admin('DELETE', '/admin/v1/velocity-rules/owner-burst')).status).toBe(204);
  expect((await admin('GET', '/admin/v1/velocity-rules/owner-burst')).status).toBe(404);
  expect((await admin('GET', '/admin/v1/velocity-rules', undefined, '')).status).toBe(401);
  const log = await env.stack.waitForOutput('gateway', (o) => o.includes('"action":"delete velocity rule"'));
  expect(log).toContain('"target":"owner-burst"');
});

test('through the gateway: the address reaches payment, a review flags, a block refuses with code velocity', async () => {
  const owner = await env.user('velocity-owner');
  const { cardId } = await owner.cardWith('1.00');
  // The same through Koa's route (a JSON type the path before Koa leaves to it): ctx.ip.
  const viaKoa = await owner.send(
    'POST',
    `/cards/${cardId}/load/`,
    JSON.stringify({ nonce: 'fake-valid-nonce', amount: '0.50' }),
    {
      'content-type': 'application/vnd.gatehouse+json',
    },
  );
  expect(viaKoa.status).toBe(200);
  const { rows } = await env.ledger.query('SELECT client_address FROM loads WHERE card_id = $1', [cardId]);
  expect(rows).toEqual([{ client_address: '127.0.0.1' }, { client_address: '127.0.0.1' }]);

  expect(
    (
      await admin('POST', '/admin/v1/velocity-rules', {
        name: 'card-amount',
        subject: 'card',
        counts: 'amount_cents',
        threshold: 500,
        window: '1h',
        action: 'review',
      })
    ).status,
  ).toBe(201);
  await settle();
  const load = (amount: string) =>
    owner.send('POST', `/cards/${cardId}/load/`, JSON.stringify({ nonce: 'fake-valid-nonce', amount }));
  expect((await load('3.00')).status).toBe(200); // 1.50 + 3.00: under 5.00
  expect((await load('2.00')).status).toBe(200); // 4.50 + 2.00 > 5.00: taken, flagged
  const reviews = await admin('GET', '/admin/v1/velocity/reviews?limit=10');
  expect([reviews.status, reviews.json()]).toMatchObject([
    200,
    {
      reviews: [
        {
          rule: 'card-amount',
          card_id: cardId,
          amount_cents: 200,
          client_address: '127.0.0.1',
          load_status: 'succeeded',
          message: 'velocity rule "card-amount": 4.50 + 2.00 > 5.00 per card (1h)',
          outcome: null,
        },
      ],
      next: null,
    },
  ]);
  const id = (reviews.json() as { reviews: { id: number }[] }).reviews[0]!.id;
  const resolved = await admin('POST', `/admin/v1/velocity/reviews/${id}/resolve`, {
    outcome: 'confirmed',
    reason: 'card testing',
  });
  expect([resolved.status, resolved.json()]).toMatchObject([
    200,
    { id, outcome: 'confirmed', resolved_by: 'operator' },
  ]);
  expect((await admin('POST', `/admin/v1/velocity/reviews/${id}/resolve`, { outcome: 'cleared' })).status).toBe(409);
  expect((await admin('POST', `/admin/v1/velocity/reviews/${id}/resolve`, { outcome: 'maybe' })).status).toBe(400);
  expect((await admin('POST', '/admin/v1/velocity/reviews/999999/resolve', { outcome: 'cleared' })).status).toBe(404);
  expect((await admin('GET', '/admin/v1/velocity/reviews')).json()).toEqual({ reviews: [], next: null });

  expect(
    (
      await admin('PUT', '/admin/v1/velocity-rules/card-amount', {
        subject: 'address',
        counts: 'loads',
        threshold: 4,
        window: '1h',
        action: 'block',
      })
    ).status,
  ).toBe(200);
  await settle();
  // Four loads from 127.0.0.1 so far: the fifth is refused, a 400 whose words name the rule.
  const refused = await load('1.00');
  expect([refused.status, refused.body]).toEqual([
    400,
    {
      status: 'error',
      errors: [{ code: 'velocity', message: 'velocity rule "card-amount": 4 + 1 > 4 loads per address (1h)' }],
    },
  ]);
  expect((await admin('DELETE', '/admin/v1/velocity-rules/card-amount')).status).toBe(204);
  await settle();
  expect((await load('1.00')).status).toBe(200);
  const fired = await env.ledger.query(
    `SELECT data->>'rule' AS rule, data->>'action' AS action, data->>'mode' AS mode, client_address
       FROM events.events WHERE type = 'velocity.fired' AND data->>'rule' = 'card-amount' ORDER BY id`,
  );
  expect(fired.rows).toEqual([
    { rule: 'card-amount', action: 'review', mode: 'enforce', client_address: '127.0.0.1' },
    { rule: 'card-amount', action: 'block', mode: 'enforce', client_address: '127.0.0.1' },
  ]);
});

/** `pnpm admin ...` as an operator runs it, against this stack's admin listener. */
function adminCli(args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      INTERNAL_KEYS_DIR: path.join(env.stack.dataDir, 'internal-keys'),
      ADMIN_ADDR: `127.0.0.1:${env.stack.ports.admin}`,
    },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

test('pnpm admin velocity: creates, lists, shows, updates and deletes a rule; a bad one exits 1 with the error', () => {
  const rule = [
    '--subject',
    'card',
    '--counts',
    'declines',
    '--threshold',
    '5',
    '--window',
    '10m',
    '--action',
    'block',
  ];
  const created = adminCli(['velocity', 'create', 'cli-declines', ...rule]);
  expect([created.status, created.stderr]).toEqual([0, '']);
  expect(JSON.parse(created.stdout)).toMatchObject({ name: 'cli-declines', threshold: 5, source: 'admin' });
  const listed = adminCli(['velocity', 'list'])
    .stdout.trim()
    .split('\n')
    .map((l) => JSON.parse(l).name);
  expect(listed).toEqual(['cli-declines', 'file-watch']);
  const updated = adminCli([
    'velocity',
    'update',
    'cli-declines',
    ...rule.slice(0, 4),
    '--threshold',
    '7',
    ...rule.slice(6),
    '--mode',
    'dry_run',
  ]);
  expect(JSON.parse(updated.stdout)).toMatchObject({ threshold: 7, mode: 'dry_run' });
  expect(JSON.parse(adminCli(['velocity', 'show', 'cli-declines']).stdout)).toMatchObject({ threshold: 7 });
  const bad = adminCli(['velocity', 'create', 'cli-bad', ...rule.slice(0, 6), '--window', 'soon', '--action', 'block']);
  expect(bad.status).toBe(1);
  expect(bad.stderr).toContain('400');
  expect(bad.stderr).toContain('window');
  expect(adminCli(['velocity', 'delete', 'cli-declines']).status).toBe(0);
  expect(adminCli(['velocity', 'show', 'cli-declines']).status).toBe(1);
  expect(adminCli(['velocity', 'reviews', '--status', 'all', '--all']).status).toBe(0);
  expect(adminCli(['velocity', 'resolve', 'x']).status).toBe(2);
});

itWithChromium(
  'the admin page lists the rules, adds one, deletes it, and clears a flagged load with a reason',
  async () => {
    const owner = await env.user('velocity-page-owner');
    const { cardId } = await owner.cardWith('1.00');
    const made = await admin('POST', '/admin/v1/velocity-rules', {
      name: 'page-review',
      subject: 'card',
      counts: 'loads',
      threshold: 1,
      window: '1h',
      action: 'review',
    });
    expect(made.status).toBe(201);
    await settle();
    const body = JSON.stringify({ nonce: 'fake-valid-nonce', amount: '1.00' });
    expect((await owner.send('POST', `/cards/${cardId}/load/`, body)).status).toBe(200);
    expect((await admin('DELETE', '/admin/v1/velocity-rules/page-review')).status).toBe(204);

    const chromium = await launchChromium();
    try {
      const page = await chromium.context.newPage();
      page.setDefaultTimeout(10_000);
      page.on('dialog', (dialog) => void (dialog.type() === 'prompt' ? dialog.accept('seen it') : dialog.accept()));
      await page.goto(`${adminUrl()}/#/velocity`);
      await page.getByLabel(/Operator token/).fill(operator());
      await page.getByRole('button', { name: 'Use' }).click();
      await page.locator('#message').getByText('Using the operator token.').waitFor();
      const section = page.locator('#velocity');
      await section.getByRole('button', { name: 'Refresh' }).click();
      await section.locator('tr').filter({ hasText: 'file-watch' }).getByText('from the file').waitFor();

      await section.getByLabel('Name').fill('page-rule');
      await section.getByLabel('Subject').selectOption('owner');
      await section.getByLabel('Threshold').fill('9');
      await section.getByLabel(/Window/).fill('2h');
      await section.getByRole('button', { name: 'Add rule' }).click();
      await page.locator('#message').getByText('Added page-rule.').waitFor();
      expect((await admin('GET', '/admin/v1/velocity-rules/page-rule')).json()).toMatchObject({
        subject: 'owner',
        counts: 'declines',
        threshold: 9,
        window: '2h',
        action: 'block',
        mode: 'enforce',
        updated_by: 'operator',
      });
      const ruleRow = section.locator('tr').filter({ hasText: 'page-rule' });
      await ruleRow.getByRole('button', { name: 'Delete' }).click();
      await page.locator('#message').getByText('Deleted page-rule.').waitFor();
      expect((await admin('GET', '/admin/v1/velocity-rules/page-rule')).status).toBe(404);

      const flagged = section.locator('tr').filter({ hasText: 'page-review' });
      await flagged.getByRole('button', { name: 'Clear' }).click();
      await page
        .locator('#message')
        .getByText(/Review \d+ cleared\./)
        .waitFor();
      await flagged.waitFor({ state: 'detached' });
      const all = (await admin('GET', '/admin/v1/velocity/reviews?status=all')).json() as {
        reviews: { rule: string; outcome: string; reason: string }[];
      };
      expect(all.reviews.find((r) => r.rule === 'page-review')).toMatchObject({
        outcome: 'cleared',
        reason: 'seen it',
      });
    } finally {
      await chromium.close();
    }
  },
  60_000,
);
