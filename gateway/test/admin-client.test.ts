// The typed admin client (@gatehouse/client's createGatehouseAdminClient, generated from the admin
// listener's OpenAPI document by `pnpm gen`) against the real stack: the document it was generated from
// is the one the listener serves, and an operator's calls through it (users, the trail, money back,
// reconciliation) answer what its types say. Refusals come back as the typed `error`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createGatehouseAdminClient } from '@gatehouse/client';
import { operatorToken } from './admin-operator';
import { useMoneyBackStack } from './money-back-stack';

const ROOT = path.resolve(__dirname, '../..');
const env = useMoneyBackStack({ authDatabase: true });
let operator: string;
const adminUrl = () => `http://127.0.0.1:${env.stack.ports.admin}`;

beforeAll(() => {
  operator = operatorToken(env.stack.dataDir);
});

test('the client was generated from the document the admin listener serves', async () => {
  const served = await (await fetch(`${adminUrl()}/admin/v1/openapi.json`)).json();
  const generated = JSON.parse(readFileSync(path.join(ROOT, 'packages/client/admin-openapi.json'), 'utf8'));
  expect(served).toEqual(generated);
});

test("an operator's calls through the typed client: users, the trail, a refund, the reconciliation report", async () => {
  const admin = createGatehouseAdminClient({ baseUrl: adminUrl(), token: () => operator });
  const owner = await env.user('admin-client-owner');
  const { cardId, loads } = await owner.cardWith('20.00');
  const load = loads[0] as { id: number };

  const found = await admin.GET('/admin/v1/users', { params: { query: { query: 'admin-client-owner' } } });
  expect(found.response.status).toBe(200);
  expect(found.data?.users.map((u) => u.name)).toEqual(['admin-client-owner']);

  const refunded = await admin.POST('/admin/v1/cards/{id}/loads/{load_id}/reverse', {
    params: { path: { id: String(cardId), load_id: String(load.id) } },
    body: {},
  });
  expect(refunded.response.status).toBe(200);
  expect(refunded.data).toMatchObject({ status: 'ok', balance: '0.00' });
  expect((await owner.card(cardId)).balance).toBe('0.00');

  const trail = await admin.GET('/admin/v1/events', { params: { query: { type: 'reversal.*' } } });
  expect(trail.response.status).toBe(200);
  expect(trail.data?.events.length).toBeGreaterThanOrEqual(1);

  // Today's day, run at once (the daily job reconciles yesterday), then read back.
  const date = new Date().toISOString().slice(0, 10);
  const run = await admin.POST('/admin/v1/reconciliation/run', { body: { date } });
  expect([run.response.status, run.data?.date]).toEqual([200, date]);
  const report = await admin.GET('/admin/v1/reconciliation', { params: { query: { date } } });
  expect([report.response.status, report.data?.status]).toEqual([200, run.data?.status]);

  const unmatched = await admin.GET('/admin/v1/disputes/unmatched');
  expect(unmatched.response.status).toBe(200);
});

test('refusals arrive as the typed error: no token, a malformed query', async () => {
  const anonymous = createGatehouseAdminClient({ baseUrl: adminUrl() });
  const refused = await anonymous.GET('/admin/v1/users');
  expect([refused.response.status, refused.error]).toEqual([401, { error: expect.any(String) }]);
  const admin = createGatehouseAdminClient({ baseUrl: adminUrl(), token: () => operator });
  const malformed = await admin.GET('/admin/v1/reconciliation', { params: { query: { date: '29-11-2026' } } });
  expect([malformed.response.status, malformed.error]).toEqual([400, { error: expect.stringContaining('yyyy-mm-dd') }]);
});
