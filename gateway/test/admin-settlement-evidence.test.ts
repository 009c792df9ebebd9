import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { userId } from '@gatehouse/token';
import { useAdminOperator } from './admin-operator';
import { useMoneyBackStack } from './money-back-stack';

const _ROOT = path.resolve(__dirname, '../..');
const env = useMoneyBackStack({
  env: { AUTH_ADMIN_USERS: userId('dev', 'issue49-root') },
  serviceEnv: { auth: { AUTH_TOTP_KEY: randomBytes(32).toString('hex') } },
  authDatabase: true,
});
const { admin } = useAdminOperator(() => env.stack);

/** The smallest PNG: a 1×1 transparent pixel. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

test("an operator runs today's reconciliation: the injected sale is the one difference, then read back", async () => {
  const owner = await env.user('issue49-recon-owner');
  await owner.cardWith('11.00', '12.00', '13.00');
  const injected = await fetch(`${env.fake.url}/dev/settlement/discrepancies`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind: 'missing' }),
  });
  const { transaction_id: missing } = (await injected.json()) as { transaction_id: string };
  const date = new Date().toISOString().slice(0, 10);

  const run = await admin('POST', '/admin/v1/reconciliation/run', { date });
  expect(run.status).toBe(200);
  expect(run.json()).toMatchObject({
    date,
    status: 'differs',
    ran: true,
    discrepancies: [{ kind: 'missing', transaction_id: missing, load_id: null, processor_cents: 1000 }],
  });
  const read = await admin('GET', `/admin/v1/reconciliation?date=${date}`);
  expect([read.status, read.json()]).toMatchObject([200, { status: 'differs', ran: false }]);
  expect((read.json() as { discrepancies: unknown[] }).discrepancies).toHaveLength(1);

  expect((await admin('GET', '/admin/v1/reconciliation?date=2001-01-01')).status).toBe(404);
  expect((await admin('GET', '/admin/v1/reconciliation?date=yesterday')).status).toBe(400);
  expect((await admin('POST', '/admin/v1/reconciliation/run', { date: '2999-01-01' })).status).toBe(400);
  expect((await admin('GET', `/admin/v1/reconciliation?date=${date}`, undefined, '')).status).toBe(401);
  const log = await env.stack.waitForOutput('gateway', (o) => o.includes('"action":"run settlement reconciliation"'));
  expect(log).toContain('"actor":"operator"');
});

test('an operator answers an open dispute with text and a file and finalizes it; the processor got both', async () => {
  const owner = await env.user('issue49-dispute-owner');
  const { loads } = await owner.cardWith('25.00');
  const sale = loads[0]!.sale;
  expect((await env.notify('dispute_opened', sale)).status).toBe(200);
  const dispute = [...env.fake.disputes.values()].find((d) => d.transactionId === sale)!;
  const base = `/admin/v1/disputes/${dispute.id}`;

  const text = await admin('POST', `${base}/evidence`, {
    text: 'Loaded by the cardholder from their device.',
    category: 'GENERAL',
  });
  expect([text.status, text.json()]).toMatchObject([
    201,
    { dispute_id: dispute.id, action: 'text', evidence_id: expect.any(String) },
  ]);
  const file = await admin('POST', `${base}/evidence`, { file: { name: 'receipt.png', content_base64: PNG } });
  expect([file.status, file.json()]).toMatchObject([201, { action: 'file' }]);
  const kept = env.fake.evidence.filter((e) => e.disputeId === dispute.id);
  expect(kept.map((e) => e.comments)).toEqual(['Loaded by the cardholder from their device.', null]);
  expect(env.fake.documents.get(kept[1]!.documentId!)?.bytes.equals(Buffer.from(PNG, 'base64'))).toBe(true);

  const finalized = await admin('POST', `${base}/finalize`);
  expect([finalized.status, finalized.json()]).toMatchObject([200, { action: 'finalize', status: 'disputed' }]);
  expect(dispute.status).toBe('disputed');
  // No longer open: the processor's refusal, with its code.
  const late = await admin('POST', `${base}/accept`);
  expect([late.status, late.json()]).toMatchObject([409, { error: expect.stringContaining('95704') }]);

  expect(
    (await admin('POST', `${base}/evidence`, { file: { name: 'notes.txt', content_base64: 'aGk=' } })).status,
  ).toBe(400);
  expect((await admin('POST', `${base}/evidence`, {})).status).toBe(400);
  expect((await admin('POST', '/admin/v1/disputes/nosuchdispute/finalize')).status).toBe(404);

  // Each action is recorded by payment with the admin, and audited by the gateway.
  const { rows } = await env.ledger.query(
    'SELECT action, outcome, code, admin, file_name, file_bytes FROM dispute_evidence_actions WHERE processor_dispute_id = $1 ORDER BY id',
    [dispute.id],
  );
  expect(rows).toEqual([
    { action: 'text', outcome: 'done', code: null, admin: 'operator', file_name: null, file_bytes: null },
    { action: 'file', outcome: 'done', code: null, admin: 'operator', file_name: 'receipt.png', file_bytes: 70 },
    { action: 'finalize', outcome: 'done', code: null, admin: 'operator', file_name: null, file_bytes: null },
    { action: 'accept', outcome: 'refused', code: '95704', admin: 'operator', file_name: null, file_bytes: null },
  ]);
  const log = await env.stack.waitForOutput('gateway', (o) => o.includes('"action":"finalize dispute"'));
  expect(log).toContain(`"target":"${dispute.id}"`);
});
