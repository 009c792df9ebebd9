// The admin console's back end (issue 48) through the real stack: a few sign-ups, logins (one failing),
// loads (one declined) and a dispute, and GET /admin/v1/overview counts them; any card is found by owner
// and by id with its loads a page at a time; open disputes are listed. Every answer is checked against
// the admin OpenAPI document; callers that are not admins are refused.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Answer, Browser } from '@gatehouse/test-kit/browser';
import { until } from '@gatehouse/test-kit/until';
import { userId } from '@gatehouse/token';
import bcrypt from 'bcryptjs';
import { useMoneyBackStack } from './money-back-stack';
import { AnswerChecker, type Document } from './openapi-answers';

const ROOT = path.resolve(__dirname, '../..');
// A direct (password) provider: its wrong password is the failed login the overview counts.
const files = mkdtempSync(path.join(os.tmpdir(), 'gh-overview-'));
const htpasswd = path.join(files, 'users.htpasswd');
writeFileSync(htpasswd, `vera:${bcrypt.hashSync('vera-pw', 4)}\n`);
writeFileSync(path.join(files, 'auth.json'), JSON.stringify({ direct: [{ name: 'local', htpasswd }] }));

const env = useMoneyBackStack({ env: { AUTH_CONFIG: path.join(files, 'auth.json') }, authDatabase: true });
let operator: string;
let checker: AnswerChecker;
const adminUrl = () => `http://127.0.0.1:${env.stack.ports.admin}`;

beforeAll(async () => {
  operator = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/internal-token.ts', 'admin', 'operator'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', INTERNAL_KEYS_DIR: path.join(env.stack.dataDir, 'internal-keys') },
  })
    .toString()
    .trim();
  checker = new AnswerChecker((await (await fetch(`${adminUrl()}/admin/v1/openapi.json`)).json()) as Document);
}, 60_000);

afterAll(() => rmSync(files, { recursive: true, force: true }));

async function admin(route: string, token = operator): Promise<Answer> {
  const res = await new Browser(adminUrl()).request('GET', route, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(checker.problems('GET', route, res)).toEqual([]);
  return res;
}

interface Overview {
  users: Record<'total' | 'new_24h' | 'new_7d' | 'active_24h' | 'active_7d' | 'blocked', number>;
  sessions_live: number;
  logins: { hours: string[]; by_provider: Record<string, number[]>; failures: number[] };
  webhooks: { endpoints: number; disabled: number; deliveries_failing: number };
  loads: Record<'succeeded' | 'declined' | 'failed' | 'refused' | 'unknown' | 'amount_cents', number[]> & {
    hours: string[];
  };
  disputes: { open: number; open_amount_cents: number; held_cents: number; unmatched: number };
  reconciliation: { date: string | null; status: string | null; discrepancies: number };
  unavailable: string[];
}

const overview = async () => {
  const res = await admin('/admin/v1/overview');
  expect(res.status).toBe(200);
  return res.json() as Overview;
};
// Sums over the 7 days: an hour that ends between two reads moves nothing that this test made.
const sum = (values: number[] | undefined) => (values ?? []).reduce((a, b) => a + b, 0);

test('the overview counts sign-ups, logins (one failing), loads (one declined) and an open dispute', async () => {
  const before = await overview();
  expect(before.logins.hours).toHaveLength(168);
  expect(Date.parse(before.logins.hours[167] as string)).toBeLessThanOrEqual(Date.now());
  expect(Date.now() - Date.parse(before.logins.hours[167] as string)).toBeLessThan(3_600_000 + 60_000);
  expect(before.unavailable).toEqual([]);

  const ann = await env.user('overview-ann');
  await env.user('overview-bob');
  const local = (passwd: string) =>
    new Browser(env.stack.url).request('POST', '/auth/local/login', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'vera', passwd }),
    });
  expect((await local('wrong')).status).toBe(403);
  expect((await local('vera-pw')).status).toBe(200);

  const { cardId, loads } = await ann.cardWith('10.00');
  const declined = await ann.send(
    'POST',
    `/cards/${cardId}/load/`,
    JSON.stringify({ nonce: 'fake-processor-declined-visa-nonce', amount: '7.00' }),
  );
  expect(declined.status).toBe(400);
  const sale = (loads[0] as { sale: string }).sale;
  expect((await env.notify('dispute_opened', sale)).status).toBe(200);

  const after = await overview();
  expect({
    total: after.users.total - before.users.total,
    new_24h: after.users.new_24h - before.users.new_24h,
    new_7d: after.users.new_7d - before.users.new_7d,
    active_24h: after.users.active_24h - before.users.active_24h,
    active_7d: after.users.active_7d - before.users.active_7d,
    blocked: after.users.blocked - before.users.blocked,
    sessions: after.sessions_live - before.sessions_live,
    dev: sum(after.logins.by_provider.dev) - sum(before.logins.by_provider.dev),
    local: sum(after.logins.by_provider.local) - sum(before.logins.by_provider.local),
    failures: sum(after.logins.failures) - sum(before.logins.failures),
    succeeded: sum(after.loads.succeeded) - sum(before.loads.succeeded),
    declined: sum(after.loads.declined) - sum(before.loads.declined),
    failed: sum(after.loads.failed) - sum(before.loads.failed),
    cents: sum(after.loads.amount_cents) - sum(before.loads.amount_cents),
    open: after.disputes.open - before.disputes.open,
  }).toEqual({
    total: 3,
    new_24h: 3,
    new_7d: 3,
    active_24h: 3,
    active_7d: 3,
    blocked: 0,
    sessions: 3,
    dev: 2,
    local: 1,
    failures: 1,
    succeeded: 1,
    declined: 1,
    failed: 0,
    cents: 1000,
    open: 1,
  });
  // This hour's counts are in the last hour of the chart.
  expect(after.loads.declined[167]).toBeGreaterThanOrEqual(1);
  expect(after.disputes.open_amount_cents - before.disputes.open_amount_cents).toBe(1000);
  expect(after.reconciliation).toEqual({ date: null, status: null, discrepancies: 0 });
  expect(after.webhooks).toEqual({ endpoints: 0, disabled: 0, deliveries_failing: 0 });

  // Callers that are not admins, and the public port.
  expect((await admin('/admin/v1/overview', '')).status).toBe(401);
  expect((await ann.send('GET', '/admin/v1/overview')).status).toBe(404);
});

test("any user's card by owner and by id, its loads a page at a time, and the open disputes", async () => {
  const owner = await env.user('overview-cards');
  const ownerId = userId('dev', 'overview-cards');
  const { cardId, loads } = await owner.cardWith('3.00', '4.00', '5.00');
  expect((await owner.reverse(cardId, (loads[0] as { id: number }).id)).status).toBe(200);

  const cards = await admin(`/admin/v1/cards?owner=${encodeURIComponent(ownerId)}`);
  expect([cards.status, cards.json()]).toMatchObject([
    200,
    { cards: [{ id: cardId, owner_id: ownerId, balance: '9.00', balance_cents: 900 }], next: null },
  ]);

  const first = await admin(`/admin/v1/cards/${cardId}?loads_limit=2`);
  expect(first.status).toBe(200);
  const page1 = first.json() as { card: object; loads: { id: number; amount: string }[]; loads_next: string | null };
  expect(page1.card).toMatchObject({ id: cardId, owner_id: ownerId, balance: '9.00' });
  expect(page1.loads.map((l) => l.amount)).toEqual(['5.00', '4.00']);
  expect(page1.loads_next).not.toBeNull();
  const second = await admin(`/admin/v1/cards/${cardId}?loads_limit=2&loads_cursor=${page1.loads_next}`);
  expect(second.json()).toMatchObject({
    loads: [{ amount: '3.00', status: 'succeeded', reversals: [{ method: 'void', status: 'succeeded' }] }],
    loads_next: null,
  });

  const sale = (loads[1] as { sale: string }).sale;
  expect((await env.notify('dispute_opened', sale)).status).toBe(200);
  const open = await admin('/admin/v1/disputes?status=open&limit=200');
  expect(open.status).toBe(200);
  const listed = (open.json() as { disputes: { processor_transaction_id: string; card_id: number }[] }).disputes;
  expect(listed).toEqual(
    expect.arrayContaining([expect.objectContaining({ processor_transaction_id: sale, card_id: cardId })]),
  );

  expect((await admin('/admin/v1/cards')).status).toBe(400);
  expect((await admin('/admin/v1/cards/abc')).status).toBe(400);
  expect((await admin('/admin/v1/cards/999999')).status).toBe(404);
  expect((await admin('/admin/v1/disputes?status=closed')).status).toBe(400);
  expect((await admin(`/admin/v1/cards/${cardId}?loads_cursor=x`)).status).toBe(400);
  expect((await admin(`/admin/v1/cards/${cardId}`, '')).status).toBe(401);
});

/** The CLI's environment: the stack's operator key and admin listener. */
const cliEnv = () => ({
  PATH: process.env.PATH ?? '',
  INTERNAL_KEYS_DIR: path.join(env.stack.dataDir, 'internal-keys'),
  ADMIN_ADDR: `127.0.0.1:${env.stack.ports.admin}`,
});

test('pnpm admin overview and events follow: the same API from a shell', async () => {
  // Asynchronously: the development processor answers from this process.
  const shown = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin.ts', 'overview'],
      { cwd: ROOT, env: cliEnv(), encoding: 'utf8' },
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    ),
  );
  const printed = JSON.parse(shown) as Overview;
  expect(printed.logins.hours).toHaveLength(168);
  expect(printed.users.total).toBe((await overview()).users.total);

  const follower = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/admin.ts', 'events', 'follow', '--type', 'login.*'],
    { cwd: ROOT, env: cliEnv() },
  );
  let out = '';
  follower.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  try {
    // It starts from the newest event there is: nothing printed yet, then the logins that come after.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(out).toBe('');
    await env.user('overview-cy');
    const cyId = userId('dev', 'overview-cy');
    const lines = await until(
      () => {
        const events = out
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { type: string; subject_user: string });
        return events.some((e) => e.subject_user === cyId) && events;
      },
      { ms: 20_000, what: "cy's login in the follow" },
    );
    expect(lines.every((e) => e.type.startsWith('login.'))).toBe(true);
  } finally {
    follower.kill();
  }
});
