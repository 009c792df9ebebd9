// Limits as policy on the admin listener (issue 49 §1) through the real stack (auth, payment and gateway
// processes, the development processor): an operator lists, sets and removes policies and sets a user's
// tier; each change reaches the running payment service by its NOTIFY (no restart) and applies to the
// next load, shows in the cardholder's headroom, is audited by the gateway and recorded as an event; a
// policy whose reversals free their share gives a void's and a refund's share back, exact to the cent.
// Answers are checked against the admin OpenAPI document.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { userId } from '@gatehouse/token';
import { settle } from '../../services/payment/test/money-back';
import { useAdminOperator } from './admin-operator';
import { useMoneyBackStack } from './money-back-stack';

const ROOT = path.resolve(__dirname, '../..');
const env = useMoneyBackStack({ authDatabase: true });
const { admin } = useAdminOperator(() => env.stack);

afterEach(async () => {
  await env.ledger.query('DELETE FROM limit_policies');
  await env.ledger.query('DELETE FROM owner_limit_tiers');
});

interface LimitJson {
  code: string;
  limit: number;
  usage: number;
  headroom: number;
}

/** The cardholder's limits once `ready` holds of them: a change reaches payment by NOTIFY, not at once. */
async function limitsWhen(
  holder: Awaited<ReturnType<typeof env.user>>,
  cardId: number,
  ready: (limits: LimitJson[]) => boolean,
): Promise<LimitJson[]> {
  let limits: LimitJson[] = [];
  for (let i = 0; i < 100; i++) {
    limits = ((await holder.send('GET', `/cards/${cardId}/limits`)).body as { limits: LimitJson[] }).limits;
    if (ready(limits)) return limits;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the change never reached payment: ${JSON.stringify(limits)}`);
}

const codes = (limits: LimitJson[]) => limits.map((l) => [l.code, l.limit, l.usage, l.headroom]);

test('an operator sets the programme default, a tier and a user override; the next load applies each', async () => {
  const holder = await env.user('issue49-limits-holder');
  const id = userId('dev', 'issue49-limits-holder');
  const { cardId } = await holder.cardWith('40.00');

  // The programme's 1-day row replaces the environment's 500.00.
  const set = await admin('PUT', '/admin/v1/limit-policies/programme/1%20day', { max_cents: 10_000, max_count: 5 });
  expect([set.status, set.json()]).toMatchObject([
    200,
    {
      scope: 'programme',
      subject: '',
      window: '1 day',
      max_cents: 10_000,
      max_count: 5,
      reversals_free: false,
      updated_by: 'operator',
    },
  ]);
  expect(codes(await limitsWhen(holder, cardId, (l) => l[0]?.limit === 10_000))).toEqual([
    ['compliance-1-day', 10_000, 4_000, 6_000],
    ['compliance-1-day-count', 5, 1, 4],
  ]);
  const refused = await holder.send(
    'POST',
    `/cards/${cardId}/load/`,
    JSON.stringify({ nonce: 'fake-valid-nonce', amount: '60.01' }),
  );
  expect(JSON.stringify(refused.body)).toContain('40.00 + 60.01 > 100.00 (1 day)');

  // A tier: its policy in place of the programme's for that window.
  expect(
    (await admin('PUT', '/admin/v1/limit-policies/tier/1%20day', { subject: 'verified', max_cents: 30_000 })).status,
  ).toBe(200);
  const tier = await admin('PUT', `/admin/v1/users/${id}/limit-tier`, { tier: 'verified' });
  expect([tier.status, tier.json()]).toMatchObject([200, { user_id: id, tier: 'verified' }]);
  expect((await admin('GET', `/admin/v1/users/${id}/limit-tier`)).json()).toMatchObject({ tier: 'verified' });
  expect(codes(await limitsWhen(holder, cardId, (l) => l[0]?.limit === 30_000))).toEqual([
    ['compliance-1-day', 30_000, 4_000, 26_000],
  ]);
  // The user's own override in place of the tier's.
  const own = await admin('PUT', '/admin/v1/limit-policies/user/1%20day', { subject: id, max_count: 2 });
  expect(own.status).toBe(200);
  expect(codes(await limitsWhen(holder, cardId, (l) => l[0]?.code === 'compliance-1-day-count'))).toEqual([
    ['compliance-1-day-count', 2, 1, 1],
  ]);

  const listed = await admin('GET', '/admin/v1/limit-policies');
  expect((listed.json() as { policies: { scope: string }[] }).policies.map((p) => p.scope)).toEqual([
    'programme',
    'tier',
    'user',
  ]);
  const mine = await admin('GET', `/admin/v1/limit-policies?scope=user&subject=${id}`);
  expect((mine.json() as { policies: unknown[] }).policies).toHaveLength(1);

  // Removed: the tier's limit again, then (no tier) the programme's.
  expect((await admin('DELETE', `/admin/v1/limit-policies/user/1%20day?subject=${id}`)).status).toBe(204);
  expect((await admin('DELETE', `/admin/v1/limit-policies/user/1%20day?subject=${id}`)).status).toBe(404);
  expect((await admin('DELETE', `/admin/v1/users/${id}/limit-tier`)).status).toBe(204);
  expect((await admin('GET', `/admin/v1/users/${id}/limit-tier`)).json()).toEqual({
    user_id: id,
    tier: null,
    updated_at: null,
  });
  expect(codes(await limitsWhen(holder, cardId, (l) => l[0]?.limit === 10_000))).toEqual([
    ['compliance-1-day', 10_000, 4_000, 6_000],
    ['compliance-1-day-count', 5, 1, 4],
  ]);

  // Each change: an event naming the admin, and the gateway's audit line.
  const { rows } = await env.ledger.query(
    `SELECT type, actor_id, subject_user, data FROM events.events WHERE type LIKE 'limits.%' ORDER BY id`,
  );
  expect(rows.map((r) => [r.type, r.actor_id, r.data.change ?? r.data.tier])).toEqual([
    ['limits.policy_changed', 'operator', 'set'],
    ['limits.policy_changed', 'operator', 'set'],
    ['limits.tier_changed', 'operator', 'verified'],
    ['limits.policy_changed', 'operator', 'set'],
    ['limits.policy_changed', 'operator', 'deleted'],
    ['limits.tier_changed', 'operator', null],
  ]);
  expect(rows[2].subject_user).toBe(id);
  const log = await env.stack.waitForOutput('gateway', (o) => o.includes('"action":"set limit tier"'));
  expect(log).toContain('"actor":"operator"');
});

test('refusals: windows, scopes, subjects and maxima are checked; no token is 401', async () => {
  const route = '/admin/v1/limit-policies';
  const cases: [string, string, unknown, number][] = [
    ['PUT', `${route}/programme/2%20days`, { max_cents: 1 }, 404],
    ['PUT', `${route}/galaxy/1%20day`, { max_cents: 1 }, 404],
    ['PUT', `${route}/programme/1%20day`, {}, 400],
    ['PUT', `${route}/programme/1%20day`, { max_cents: 0 }, 400],
    ['PUT', `${route}/programme/1%20day`, { max_cents: 10.5 }, 400],
    ['PUT', `${route}/programme/1%20day`, { max_cents: -5 }, 400],
    ['PUT', `${route}/programme/1%20day`, { max_cents: 100, subject: 'x' }, 400],
    ['PUT', `${route}/programme/1%20day`, { max_cents: 100, surprise: 1 }, 400],
    ['PUT', `${route}/tier/1%20day`, { max_cents: 100, subject: 'Not A Tier' }, 400],
    ['PUT', `${route}/card/1%20day`, { max_cents: 100, subject: 'abc' }, 400],
    ['PUT', `${route}/card/1%20day`, { max_cents: 100, subject: '999999999' }, 404],
    ['PUT', '/admin/v1/users/someone/limit-tier', { tier: '' }, 400],
    ['GET', `${route}?scope=galaxy`, undefined, 400],
  ];
  for (const [method, path, body, status] of cases) {
    const res = await admin(method, path, body);
    expect([path, body, res.status]).toEqual([path, body, status]);
    expect(res.json()).toEqual({ error: expect.any(String) });
  }
  expect((await admin('GET', route, undefined, '')).status).toBe(401);
  expect((await admin('GET', route)).json()).toEqual({ policies: [] });
});

test.each([false, true])(
  'reversals_free %s on the 7-day policy: a void and a refund give back their share, exact to the cent',
  async (free) => {
    const name = `issue49-freeing-${free}`;
    const holder = await env.user(name);
    await admin('PUT', '/admin/v1/limit-policies/programme/7%20days', {
      max_cents: 50_000,
      max_count: 4,
      reversals_free: free,
    });
    const { cardId, loads } = await holder.cardWith('100.00', '50.00');
    const seven = (l: LimitJson[]) => codes(l.filter((x) => x.code.startsWith('compliance-7')));
    const before = await limitsWhen(holder, cardId, (l) => l.some((x) => x.code === 'compliance-7-days'));
    expect(seven(before)).toEqual([
      ['compliance-7-days', 50_000, 15_000, 35_000],
      ['compliance-7-days-count', 4, 2, 2],
    ]);
    // The first load settles and is refunded in full; the second is voided (not settled).
    await settle(env.fake, loads[0]!.sale);
    expect((await holder.reverse(cardId, loads[0]!.id)).body).toMatchObject({ status: 'ok' });
    expect((await holder.reverse(cardId, loads[1]!.id)).body).toMatchObject({ status: 'ok' });
    const after = await limitsWhen(holder, cardId, () => true);
    // Without the flag: the refund's 100.00 still counts (a void's amount never did) and both loads count.
    expect(seven(after)).toEqual(
      free
        ? [
            ['compliance-7-days', 50_000, 0, 50_000],
            ['compliance-7-days-count', 4, 0, 4],
          ]
        : [
            ['compliance-7-days', 50_000, 10_000, 40_000],
            ['compliance-7-days-count', 4, 2, 2],
          ],
    );
  },
);

/**
 * The CLI as a shell runs it. Asynchronously: the development processor answers from this process, so
 * a synchronous spawn would keep it from answering the payment service.
 */
function cli(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const options = {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      INTERNAL_KEYS_DIR: path.join(env.stack.dataDir, 'internal-keys'),
      ADMIN_ADDR: `127.0.0.1:${env.stack.ports.admin}`,
    },
    encoding: 'utf8' as const,
  };
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], options, (err, stdout, stderr) =>
      resolve({ status: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

test('pnpm admin limits, reconciliation and disputes: the same API from a shell', async () => {
  const set = await cli(
    'limits',
    'set',
    'tier',
    '30 days',
    '--subject',
    'gold',
    '--max-cents',
    '250000',
    '--reversals-free',
  );
  expect([set.status, JSON.parse(set.stdout)]).toMatchObject([
    0,
    { scope: 'tier', subject: 'gold', window: '30 days', max_cents: 250_000, max_count: null, reversals_free: true },
  ]);
  expect((await cli('limits', 'set', 'programme', 'lifetime', '--max-count', '100')).status).toBe(0);
  const listed = await cli('limits', 'list');
  expect(
    listed.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).scope),
  ).toEqual(['programme', 'tier']);
  expect((await cli('limits', 'list', '--scope', 'tier')).stdout.trim().split('\n')).toHaveLength(1);
  const json = async (...args: string[]) => JSON.parse((await cli(...args)).stdout);
  expect(await json('limits', 'tier', 'dev_cli-user', 'gold')).toMatchObject({ tier: 'gold' });
  expect(await json('limits', 'tier', 'dev_cli-user')).toMatchObject({ tier: 'gold' });
  expect((await cli('limits', 'tier', 'dev_cli-user', '--remove')).status).toBe(0);
  expect(await json('limits', 'tier', 'dev_cli-user')).toMatchObject({ tier: null });
  expect((await cli('limits', 'delete', 'tier', '30 days', '--subject', 'gold')).status).toBe(0);
  const gone = await cli('limits', 'delete', 'tier', '30 days', '--subject', 'gold');
  expect([gone.status, gone.stderr]).toEqual([1, expect.stringContaining('404: limit policy not found')]);
  const usage = await cli('limits', 'set', 'programme', '1 day');
  expect([usage.status, usage.stderr]).toEqual([2, expect.stringContaining('set needs --max-cents or --max-count')]);

  const date = new Date().toISOString().slice(0, 10);
  const run = await cli('reconciliation', 'run', '--date', date);
  expect([run.status, JSON.parse(run.stdout)]).toMatchObject([0, { date, ran: true }]);
  expect(await json('reconciliation', 'show', '--date', date)).toMatchObject({ date, ran: false });
  expect((await cli('reconciliation', 'show', '--date', '2001-01-01')).status).toBe(1);

  const owner = await env.user('issue49-cli-dispute');
  const { loads } = await owner.cardWith('30.00');
  expect((await env.notify('dispute_opened', loads[0]!.sale)).status).toBe(200);
  const dispute = [...env.fake.disputes.values()].find((d) => d.transactionId === loads[0]!.sale)!;
  const text = await cli('disputes', 'evidence', dispute.id, '--text', 'Loaded by the cardholder.');
  expect([text.status, text.stderr]).toEqual([0, '']);
  expect(JSON.parse(text.stdout)).toMatchObject({ action: 'text', evidence_id: expect.any(String) });
  expect(await json('disputes', 'accept', dispute.id)).toMatchObject({ action: 'accept', status: 'accepted' });
  expect((await cli('disputes', 'finalize', dispute.id)).status).toBe(1); // no longer open: the processor's 409
  expect((await cli('disputes', 'evidence', dispute.id)).status).toBe(2);
}, 90_000);
