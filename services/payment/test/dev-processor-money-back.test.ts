// The development processor's money going back, driven by the real braintree SDK as Braintree's own
// sandbox would be: voids, refunds (whole and partial), the errors Braintree gives (91504, 91506, 91574,
// 91521), find, the sandbox's settlement calls, PAYMENT_DEV_SETTLE_AFTER, searches of credits and
// disputes, and POST /dev/notifications, whose signature the SDK's webhookNotification.parse verifies.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import braintree from 'braintree';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { advance, newState } from '../src/processor/dev/transactions';

let dev: DevProcessor;
let gateway: braintree.BraintreeGateway;
/** What a stand-in for the gateway's webhook route received (form fields), and the status it answers. */
const received: Record<string, string>[] = [];
let receiver: http.Server;

// biome-ignore lint/suspicious/noExplicitAny: the SDK's types leave out refund options, dispute search and verify
const sdk = () => gateway as any;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({
        contentType: String(req.headers['content-type']),
        ...Object.fromEntries(new URLSearchParams(body)),
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  dev = await startDevProcessor({
    recordRequests: true,
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/payment/webhooks/braintree`,
  });
  const port = String(dev.port);
  gateway = new braintree.BraintreeGateway({
    environment: new braintree.Environment('127.0.0.1', port, dev.url, false, '127.0.0.1', port),
    merchantId: dev.merchantId,
    publicKey: dev.publicKey,
    privateKey: dev.privateKey,
  });
});

afterAll(async () => {
  await dev?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

afterEach(() => expect(dev.violations).toEqual([]));

async function sale(amount = '10.00', orderId = 'load-x') {
  const r = await gateway.transaction.sale({
    amount,
    paymentMethodNonce: 'fake-valid-nonce',
    orderId,
    options: { submitForSettlement: true },
  });
  expect(r.success).toBe(true);
  return r.transaction.id;
}

const code = (r: braintree.ValidatedResponse<braintree.Transaction>) => r.errors?.deepErrors()[0]?.code;

test('a sale not yet settled is voided; a voided sale cannot be voided or refunded', async () => {
  const id = await sale();
  const voided = await gateway.transaction.void(id);
  expect([voided.success, voided.transaction.status]).toEqual([true, 'voided']);
  expect(code(await gateway.transaction.void(id))).toBe('91504');
  expect(code(await sdk().transaction.refund(id, { amount: '1.00', orderId: 'r' }))).toBe('91506');
  expect((await gateway.transaction.find(id)).status).toBe('voided');
});

test('a settled sale is refunded in parts with credits of its own, never past its amount; it can no longer be voided', async () => {
  const id = await sale('10.00');
  expect(code(await sdk().transaction.refund(id, { amount: '4.00', orderId: 'r1' }))).toBe('91506');
  await gateway.testing.settle(id);
  expect((await gateway.transaction.find(id)).status).toBe('settled');
  expect(code(await gateway.transaction.void(id))).toBe('91504');
  const first = await sdk().transaction.refund(id, { amount: '4.00', orderId: 'reversal-1' });
  expect(first.success).toBe(true);
  expect(first.transaction).toMatchObject({
    type: 'credit',
    amount: '4.00',
    orderId: 'reversal-1',
    refundedTransactionId: id,
    status: 'submitted_for_settlement',
  });
  expect(code(await sdk().transaction.refund(id, { amount: '6.01', orderId: 'r' }))).toBe('91521');
  const rest = await sdk().transaction.refund(id, { amount: '6.00', orderId: 'reversal-2' });
  expect(rest.success).toBe(true);
  expect(code(await sdk().transaction.refund(id, { amount: '0.01', orderId: 'r' }))).toBe('91512');
  expect((await gateway.transaction.find(id)).refundIds).toEqual([first.transaction.id, rest.transaction.id]);
  // A refund is found again by its order id, as an unknown outcome is reconciled.
  const found: braintree.Transaction[] = [];
  for await (const t of gateway.transaction.search((s) => s.orderId().is('reversal-1')))
    found.push(t as braintree.Transaction);
  expect(found.map((t) => [t.id, t.type])).toEqual([[first.transaction.id, 'credit']]);
});

test('a refund while the sale settles is 91574; settlementPending, settlementConfirm and settle are the sandbox’s', async () => {
  const id = await sale();
  dev.transactions.get(id)!.status = 'settling';
  expect(code(await sdk().transaction.refund(id, { amount: '1.00', orderId: 'r' }))).toBe('91574');
  expect(code(await gateway.transaction.void(id))).toBe('91504');
  await gateway.testing.settle(id);
  expect((await sdk().transaction.refund(id, { amount: '1.00', orderId: 'r' })).success).toBe(true);

  const pending = await sale();
  await gateway.testing.settlementPending(pending);
  expect((await gateway.transaction.find(pending)).status).toBe('settlement_pending');
  await gateway.testing.settlementConfirm(pending);
  expect((await gateway.transaction.find(pending)).status).toBe('settlement_confirmed');
  expect((await sdk().transaction.refund(pending, { amount: '1.00', orderId: 'r' })).success).toBe(true);
  await expect(gateway.testing.settle('nosuchsale')).rejects.toMatchObject({ type: 'notFoundError' });
  await expect(gateway.transaction.find('nosuchsale')).rejects.toMatchObject({ type: 'notFoundError' });
});

test('PAYMENT_DEV_SETTLE_AFTER: submitted, settling from half of it, settled after it (never when unset)', () => {
  const t = { status: 'submitted_for_settlement', createdMs: 1_000 } as Parameters<typeof advance>[1];
  const never = newState({ merchantId: 'm', publicKey: 'p', privateKey: 'k' });
  expect(advance(never, { ...t }, 1_000_000).status).toBe('submitted_for_settlement');
  const state = newState({ merchantId: 'm', publicKey: 'p', privateKey: 'k' }, 3_000);
  expect(advance(state, { ...t }, 2_499).status).toBe('submitted_for_settlement');
  expect(advance(state, { ...t }, 2_500).status).toBe('settling');
  expect(advance(state, { ...t }, 3_999).status).toBe('settling');
  expect(advance(state, { ...t }, 4_000).status).toBe('settled');
  expect(advance(state, { ...t, status: 'voided' }, 9_000).status).toBe('voided');
});

test('recent credits are found by type and time, as reconciliation searches for refunds made in the control panel', async () => {
  const since = new Date(Date.now() - 1000);
  const id = await sale('3.00');
  await gateway.testing.settle(id);
  const refund = await sdk().transaction.refund(id, { amount: '3.00' });
  const found: braintree.Transaction[] = [];
  const stream = sdk().transaction.search(
    (s: { type(): { is(v: string): void }; createdAt(): { min(d: Date): void } }) => {
      s.type().is('credit');
      s.createdAt().min(since);
    },
  );
  for await (const t of stream) found.push(t);
  expect(found.map((t) => t.id)).toContain(refund.transaction.id);
  expect(found.every((t) => t.type === 'credit')).toBe(true);
});

async function devNotify(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${dev.url}/dev/notifications`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

test('POST /dev/notifications signs a dispute notification as Braintree does and posts it to the webhook URL', async () => {
  const id = await sale('25.00');
  const before = received.length;
  const opened = await devNotify({ kind: 'dispute_opened', transaction_id: id });
  expect(opened).toMatchObject({ status: 200, body: { status: 200 } });
  // Posted as Braintree posts: a form with the two fields, exactly those answered.
  expect(received.slice(before)).toEqual([
    {
      contentType: 'application/x-www-form-urlencoded',
      bt_signature: opened.body.bt_signature,
      bt_payload: opened.body.bt_payload,
    },
  ]);
  const n = await gateway.webhookNotification.parse(
    opened.body.bt_signature as string,
    opened.body.bt_payload as string,
  );
  expect(n.kind).toBe('dispute_opened');
  // biome-ignore lint/suspicious/noExplicitAny: the SDK's dispute type leaves out its transaction
  const dispute = (n as any).dispute;
  expect(dispute).toMatchObject({ status: 'open', amountDisputed: '25.00', transaction: { id } });

  // The same dispute moves on; signed, not delivered, it can be sent later (or again) as it is.
  const lost = await devNotify({ kind: 'dispute_lost', transaction_id: id, deliver: false });
  expect(lost.body.status).toBeNull();
  expect(received.length).toBe(before + 1);
  const later = (await gateway.webhookNotification.parse(
    lost.body.bt_signature as string,
    lost.body.bt_payload as string,
  )) as unknown as { dispute: unknown };
  expect(later.dispute).toMatchObject({ id: dispute.id, status: 'lost' });

  // Another processor's keys do not verify it.
  const stranger = new braintree.BraintreeGateway({
    environment: braintree.Environment.Sandbox,
    merchantId: dev.merchantId,
    publicKey: dev.publicKey,
    privateKey: 'not-the-key',
  });
  await expect(
    stranger.webhookNotification.parse(opened.body.bt_signature as string, opened.body.bt_payload as string),
  ).rejects.toMatchObject({ type: 'invalidSignatureError' });

  // The dispute search finds it, as reconciliation's catch-up does.
  const disputes: { id: string; status: string }[] = [];
  const today = new Date().toISOString().slice(0, 10);
  for await (const d of sdk().dispute.search((s: { effectiveDate(): { min(v: string): void } }) =>
    s.effectiveDate().min(today),
  )) {
    disputes.push(d);
  }
  expect(disputes.find((d) => d.id === dispute.id)).toMatchObject({ status: 'lost' });
});

test('POST /dev/notifications takes JSON from loopback only, capped, for one of its sales', async () => {
  expect((await devNotify({ kind: 'dispute_opened', transaction_id: 'nosuchsale' })).status).toBe(404);
  expect((await devNotify({ kind: 'refund', transaction_id: 'x' })).status).toBe(400);
  expect((await devNotify('{not json')).status).toBe(400);
  expect((await devNotify({ kind: 'check' }, { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(
    415,
  );
  expect((await devNotify({ kind: 'check', pad: 'x'.repeat(5000) })).status).toBe(413);
  const rebound = await new Promise<number>((resolve, reject) => {
    const req = http.request(`${dev.url}/dev/notifications`, {
      method: 'POST',
      headers: { Host: 'evil.example:8086', 'Content-Type': 'application/json' },
    });
    req.on('response', (res) => resolve(res.statusCode ?? 0)).on('error', reject);
    req.end('{"kind":"check"}');
  });
  expect(rebound).toBe(403);
  expect((await fetch(`${dev.url}/dev/notifications`)).status).toBe(405);
  const check = await devNotify({ kind: 'check', deliver: false });
  expect(
    (await gateway.webhookNotification.parse(check.body.bt_signature as string, check.body.bt_payload as string)).kind,
  ).toBe('check');
});
