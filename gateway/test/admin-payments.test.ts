// Money that can go back, for administrators (issue 35), on the gateway's admin listener: an operator
// reverses another user's load (recorded as who asked, audited, replayed by its key) and lists the
// disputes that matched no load; the answers are checked against the admin OpenAPI document, and the
// routes refuse callers that are not admins and are not served on the public port.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type Answer, Browser } from '@gatehouse/test-kit/browser';
import { userId } from '@gatehouse/token';
import { totpLogin } from './directory-stack';
import { useMoneyBackStack } from './money-back-stack';
import { AnswerChecker, type Document } from './openapi-answers';

const ROOT = path.resolve(__dirname, '../..');
/** An admin user (AUTH_ADMIN_USERS), who logs in with TOTP as admin users must. */
const ADMIN_USER = userId('dev', 'admin-payments-root');
const env = useMoneyBackStack({
  env: { AUTH_ADMIN_USERS: ADMIN_USER },
  serviceEnv: { auth: { AUTH_TOTP_KEY: randomBytes(32).toString('hex') } },
  authDatabase: true,
});
let operator: string;
let checker: AnswerChecker;
const adminUrl = () => `http://127.0.0.1:${env.stack.ports.admin}`;

beforeAll(async () => {
  // As `pnpm -s internal-token admin` prints it, from the stack's key folders.
  operator = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/internal-token.ts', 'admin', 'operator'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', INTERNAL_KEYS_DIR: path.join(env.stack.dataDir, 'internal-keys') },
  })
    .toString()
    .trim();
  const doc = await fetch(`${adminUrl()}/admin/v1/openapi.json`);
  checker = new AnswerChecker((await doc.json()) as Document);
}, 60_000);

async function admin(
  method: string,
  route: string,
  init: { token?: string; body?: unknown; key?: string; undocumented?: boolean } = {},
) {
  const headers: Record<string, string> = {};
  if (init.token !== '') headers.authorization = `Bearer ${init.token ?? operator}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.key) headers['idempotency-key'] = init.key;
  const res: Answer = await new Browser(adminUrl()).request(method, route, {
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!init.undocumented) expect(checker.problems(method, route, res)).toEqual([]);
  return res;
}

test("an operator reverses a user's load: recorded as who asked, audited, replayed by its key", async () => {
  const owner = await env.user('admin-reverse-owner');
  const { cardId, loads } = await owner.cardWith('40.00');
  const load = loads[0] as { id: number; sale: string };
  const route = `/admin/v1/cards/${cardId}/loads/${load.id}/reverse`;

  const voided = await admin('POST', route, { body: {}, key: 'admin-void-1' });
  expect(voided.status).toBe(200);
  expect(voided.json()).toMatchObject({
    status: 'ok',
    balance: '0.00',
    reversal: { method: 'void', status: 'succeeded', amount: '40.00', requested_by: 'admin:operator' },
  });
  expect(env.fake.transactions.get(load.sale)?.status).toBe('voided');
  const replay = await admin('POST', route, { body: {}, key: 'admin-void-1' });
  expect([replay.status, replay.headers.get('idempotent-replayed'), replay.json()]).toEqual([
    200,
    'true',
    voided.json(),
  ]);
  // The owner sees the reversal and who asked for it.
  expect((await owner.listLoads(cardId))[0]?.reversals).toMatchObject([{ method: 'void', amount: '40.00' }]);
  // The card API's refusals keep its shape on the admin listener.
  const again = await admin('POST', route, { body: {} });
  expect([again.status, again.json()]).toMatchObject([422, { errors: [{ code: 'not-reversible' }] }]);
  const missing = await admin('POST', `/admin/v1/cards/${cardId}/loads/999999/reverse`, { body: {} });
  expect(missing.status).toBe(404);

  const log = await env.stack.waitForOutput('gateway', (o) => o.includes('"action":"reverse load"'));
  const line = log.split('\n').find((l) => l.includes('"action":"reverse load"'));
  expect(JSON.parse(line as string)).toMatchObject({
    audit: true,
    actor: 'operator',
    target: String(cardId),
    load: String(load.id),
    status: 200,
  });
});

test("an admin user's reversal works and is recorded with their id, in the ledger and the trail", async () => {
  // Issue 43 (S1): the gateway names an admin user `user:<id>`, which payment refused as an admin name.
  const owner = await env.user('admin-user-reverse-owner');
  const { cardId, loads } = await owner.cardWith('12.00');
  const load = loads[0] as { id: number; sale: string };
  const route = `/admin/v1/cards/${cardId}/loads/${load.id}/reverse`;
  const root = await totpLogin(env.stack.url, 'admin-payments-root');
  const res = await root.request('POST', `${adminUrl()}${route}`, {
    headers: { 'content-type': 'application/json', 'x-xsrf-token': await root.xsrf(), 'idempotency-key': 'root-1' },
    body: '{}',
  });
  expect(checker.problems('POST', route, res)).toEqual([]);
  expect([res.status, res.json()]).toMatchObject([
    200,
    {
      status: 'ok',
      balance: '0.00',
      reversal: { method: 'void', status: 'succeeded', requested_by: `admin:user:${ADMIN_USER}` },
    },
  ]);
  expect(env.fake.transactions.get(load.sale)?.status).toBe('voided');
  // The trail names the admin user as the actor of the reversal they asked for.
  const owned = await owner.send('GET', '/auth/user');
  const ownerId = (owned.body as { id: string }).id;
  const trail = await admin('GET', `/admin/v1/events?type=reversal.*&user=${ownerId}`);
  expect(trail.json()).toMatchObject({
    events: [{ type: 'reversal.succeeded', actor: { kind: 'admin', id: `user:${ADMIN_USER}` } }],
  });
  const log = await env.stack.waitForOutput('gateway', (o) => o.includes(`"actor":"user:${ADMIN_USER}"`));
  expect(log).toContain(`"actor":"user:${ADMIN_USER}","action":"reverse load"`);
});

test('disputes that match no load are listed for admins', async () => {
  // A sale of the processor's that no load of ours made (one taken in its control panel, say).
  const sold = env.fake.sell('fake-valid-nonce', '9.00', 'not-ours-admin');
  if (sold.kind !== 'kept') throw new Error('the dev processor refused the sale');
  const stranger = sold.transaction.id;
  expect((await env.notify('dispute_opened', stranger)).status).toBe(200);
  const listed = await admin('GET', '/admin/v1/disputes/unmatched?limit=10');
  expect(listed.status).toBe(200);
  const { disputes } = listed.json() as { disputes: { processor_transaction_id: string; load_id: number | null }[] };
  expect(disputes).toEqual(
    expect.arrayContaining([expect.objectContaining({ processor_transaction_id: stranger, load_id: null })]),
  );
  expect((await admin('GET', '/admin/v1/disputes/unmatched?limit=0')).status).toBe(400);
});

test('only admins, only on the admin listener, only the methods it serves', async () => {
  const owner = await env.user('admin-reverse-intruder');
  const { cardId, loads } = await owner.cardWith('5.00');
  const route = `/admin/v1/cards/${cardId}/loads/${loads[0]?.id}/reverse`;
  const anonymous = await admin('POST', route, { token: '', body: {} });
  expect([anonymous.status, anonymous.json()]).toMatchObject([401, { error: expect.any(String) }]);
  expect((await admin('POST', route, { token: 'e30.e30.forged', body: {} })).status).toBe(401);
  expect((await admin('GET', '/admin/v1/disputes/unmatched', { token: '' })).status).toBe(401);
  const wrongMethod = await admin('PUT', route, { body: {}, undocumented: true });
  expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'POST']);
  // The public port knows nothing of it, and the owner's own cookie is no admin's.
  expect((await owner.send('POST', route, '{}')).status).toBe(404);
  expect((await owner.send('GET', '/admin/v1/disputes/unmatched')).status).toBe(404);
  expect((await owner.listLoads(cardId))[0]?.reversals).toEqual([]);
});
