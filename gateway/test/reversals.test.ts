// Money that can go back (issue 35) through the gateway: real auth, avatar, payment and gateway
// processes; the development processor in this process, spoken to by the real braintree SDK inside
// the payment service; its POST /dev/notifications signing disputes and posting them to the gateway's
// public webhook route, as Braintree would.
import { createLogger } from '@gatehouse/logger';
import type { Pool } from 'pg';
import { createPool } from '../../services/payment/src/db';
import {
  type DevProcessor,
  type DevProcessorOptions,
  startDevProcessor,
} from '../../services/payment/src/processor/dev';
import { createTestDatabase, type TestDatabase } from '../../services/payment/test/db';
import { processorEnv, testPayments } from '../../services/payment/test/helpers';
import { settle } from '../../services/payment/test/money-back';
import { Browser } from '../../test/browser';
import { type Stack, startStack } from '../../test/stack';
import { WEBHOOK_LIMIT } from '../src/routes/payment-webhooks.routes';

const WEBHOOK = '/payment/webhooks/braintree';

let stack: Stack;
let db: TestDatabase;
let fake: DevProcessor;
let ledger: Pool;
// The dev processor reads its webhook URL per request: set once the stack has its gateway port.
const devOptions: DevProcessorOptions = { recordRequests: false };

beforeAll(async () => {
  db = await createTestDatabase();
  fake = await startDevProcessor(devOptions);
  stack = await startStack({
    services: ['auth', 'avatar', 'payment', 'gateway'],
    env: (ports) => {
      devOptions.webhookUrl = `http://127.0.0.1:${ports.gateway}${WEBHOOK}`;
      return { DATABASE_URL: db.url, ...processorEnv(fake, '2s') };
    },
  });
  ledger = createPool(db.url, { max: 2 });
}, 60_000);

afterAll(async () => {
  await ledger?.end();
  await stack?.stop();
  await fake?.close();
  await db?.drop();
});

afterEach(() => expect(fake.violations).toEqual([]));

/** A logged-in browser sending JSON with the XSRF header, as the page's script does. */
async function user(name: string) {
  const browser = new Browser(stack.url);
  await browser.devLogin(name);
  const send = async (method: string, path: string, body?: string, headers: Record<string, string> = {}) => {
    const res = await browser.request(method, path, {
      headers: { 'content-type': 'application/json', 'x-xsrf-token': await browser.xsrf(), ...headers },
      body,
    });
    return {
      status: res.status,
      body: res.text.startsWith('{') ? res.json() : res.text,
      replayed: res.headers.get('idempotent-replayed'),
      allow: res.headers.get('allow'),
    };
  };
  /** A card with these loads (oldest first), each with its sale id at the processor. */
  const cardWith = async (...amounts: string[]) => {
    const created = await send('POST', '/cards/', JSON.stringify({ name: 'Card' }));
    expect(created.status).toBe(201);
    const cardId = (created.body as { id: number }).id;
    for (const amount of amounts) {
      const loaded = await send(
        'POST',
        `/cards/${cardId}/load/`,
        JSON.stringify({ nonce: 'fake-valid-nonce', amount }),
      );
      expect(loaded.status).toBe(200);
    }
    const loads = (await listLoads(cardId)).reverse();
    return { cardId, loads: loads.map((l) => ({ id: l.id, sale: l.processor_transaction_id })) };
  };
  const listLoads = async (cardId: number) =>
    ((await send('GET', `/cards/${cardId}/loads/`)).body as { loads: LoadJson[] }).loads;
  const reverse = (cardId: number, loadId: number, body: object = {}, key?: string) =>
    send(
      'POST',
      `/cards/${cardId}/loads/${loadId}/reverse`,
      JSON.stringify(body),
      key ? { 'idempotency-key': key } : {},
    );
  const card = async (cardId: number) => (await send('GET', `/cards/${cardId}`)).body as CardJson;
  return { browser, send, cardWith, listLoads, reverse, card };
}

interface LoadJson {
  id: number;
  processor_transaction_id: string;
  reversible: string;
  reversals: { method: string; status: string; amount: string }[];
}

interface CardJson {
  balance: string;
  held: string;
  frozen: boolean;
  shortfall: string;
  disputes: { status: string; held: string; load_id: number | null }[];
}

/** What the development processor signs and posts to the gateway: its answer and the signed form. */
async function notify(kind: string, transactionId: string, options: { amount?: string; deliver?: boolean } = {}) {
  const res = await fetch(`${fake.url}/dev/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind, transaction_id: transactionId, ...options }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { bt_signature: string; bt_payload: string; status: number | null };
}

/** The signed form posted to the gateway again, as Braintree retries a notification. */
async function postForm(form: Record<string, string> | string, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.url}${WEBHOOK}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: typeof form === 'string' ? form : new URLSearchParams(form).toString(),
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

const resend = (signed: { bt_signature: string; bt_payload: string }) =>
  postForm({ bt_signature: signed.bt_signature, bt_payload: signed.bt_payload });

const reconcile = () =>
  testPayments(ledger, fake, createLogger({ name: 'reconcile', level: 'silent' })).reconcileMoneyBack();

test('a load is voided before settlement; another refunded in two parts once settled; replays answer the same', async () => {
  const { cardWith, reverse, listLoads, card } = await user('reverser');
  const { cardId, loads } = await cardWith('30.00', '50.00');
  const [first, second] = loads as [{ id: number; sale: string }, { id: number; sale: string }];
  expect((await listLoads(cardId)).map((l) => [l.reversible, l.reversals])).toEqual([
    ['50.00', []],
    ['30.00', []],
  ]);

  const voided = await reverse(cardId, first.id, {}, 'void-1');
  expect(voided).toMatchObject({
    status: 200,
    replayed: null,
    body: {
      status: 'ok',
      errors: [],
      balance: '50.00',
      reversal: { method: 'void', status: 'succeeded', amount: '30.00', requested_by: expect.stringMatching(/^user:/) },
    },
  });
  expect(fake.transactions.get(first.sale)?.status).toBe('voided');
  // A replay answers the reversal again, with the card's balance now.
  const replay = await reverse(cardId, first.id, {}, 'void-1');
  expect(replay).toEqual({ ...voided, replayed: 'true' });
  // The same key with another body is the client's mistake, never a second reversal.
  expect(await reverse(cardId, first.id, { amount: '1.00' }, 'void-1')).toMatchObject({
    status: 422,
    body: { status: 'error', errors: [{ code: 'idempotency-key-reused' }] },
  });
  expect(await reverse(cardId, first.id)).toMatchObject({
    status: 422,
    body: { status: 'error', errors: [{ code: 'not-reversible' }] },
  });

  // Before settlement a part cannot be given back.
  expect(await reverse(cardId, second.id, { amount: '10.00' })).toMatchObject({
    status: 422,
    body: { errors: [{ code: 'partial-before-settlement' }], balance: '50.00' },
  });
  await settle(fake, second.sale);
  const part1 = await reverse(cardId, second.id, { amount: '10.00' }, 'refund-1');
  expect(part1).toMatchObject({
    status: 200,
    body: { status: 'ok', balance: '40.00', reversal: { method: 'refund', status: 'succeeded', amount: '10.00' } },
  });
  expect(await reverse(cardId, second.id, { amount: '15.50' }, 'refund-2')).toMatchObject({
    status: 200,
    body: { balance: '24.50', reversal: { method: 'refund', amount: '15.50' } },
  });
  expect(await reverse(cardId, second.id, { amount: '10.00' }, 'refund-1')).toEqual({
    ...part1,
    replayed: 'true',
    body: { ...(part1.body as object), balance: '24.50' },
  });
  expect(await reverse(cardId, second.id, { amount: '24.51' })).toMatchObject({
    status: 422,
    body: { errors: [{ code: 'exceeds-reversible' }] },
  });
  const listed = await listLoads(cardId);
  expect(listed.map((l) => [l.reversible, l.reversals.map((r) => [r.method, r.status, r.amount])])).toEqual([
    [
      '24.50',
      [
        ['refund', 'failed', '10.00'],
        ['refund', 'succeeded', '10.00'],
        ['refund', 'succeeded', '15.50'],
        ['refund', 'refused', '24.51'],
      ],
    ],
    [
      '0.00',
      [
        ['void', 'succeeded', '30.00'],
        ['refund', 'refused', '30.00'],
      ],
    ],
  ]);
  expect(await card(cardId)).toMatchObject({ balance: '24.50', held: '0.00', frozen: false, disputes: [] });
});

test('a refund while the sale settles answers 202 pending, and completes after settlement and reconciliation', async () => {
  const { cardWith, reverse, card } = await user('settling');
  const { cardId, loads } = await cardWith('20.00');
  const [load] = loads as [{ id: number; sale: string }];
  fake.transactions.get(load.sale)!.status = 'settling';
  const pending = await reverse(cardId, load.id, {}, 'settling-1');
  expect(pending).toMatchObject({
    status: 202,
    body: { status: 'pending', balance: '20.00', reversal: { method: 'refund', status: 'awaiting_settlement' } },
  });
  expect(await reverse(cardId, load.id, {}, 'settling-1')).toMatchObject({ status: 202, replayed: 'true' });
  expect((await reconcile()).reversals).toMatchObject({ succeeded: 0 });
  await settle(fake, load.sale);
  expect((await reconcile()).reversals).toMatchObject({ succeeded: 1 });
  expect(await reverse(cardId, load.id, {}, 'settling-1')).toMatchObject({
    status: 200,
    replayed: 'true',
    body: { status: 'ok', balance: '0.00', reversal: { status: 'succeeded', amount: '20.00' } },
  });
  expect((await card(cardId)).balance).toBe('0.00');
});

test('concurrent reversals never give back more than the load', async () => {
  const { cardWith, reverse, listLoads, card } = await user('concurrent');
  const { cardId, loads } = await cardWith('40.00');
  const [load] = loads as [{ id: number; sale: string }];
  await settle(fake, load.sale);
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) => reverse(cardId, load.id, { amount: '10.00' }, `c-${i}`)),
  );
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(4);
  expect(statuses.filter((s) => s !== 200).every((s) => s === 422)).toBe(true);
  expect(await card(cardId)).toMatchObject({ balance: '0.00' });
  expect((await listLoads(cardId))[0]!.reversible).toBe('0.00');
});

test('a refund whose answer is lost: 502 unknown outcome, reserved; reconciliation applies it once and the key answers it', async () => {
  const { cardWith, reverse, listLoads, card } = await user('lost-answer');
  const { cardId, loads } = await cardWith('15.00');
  const [load] = loads as [{ id: number; sale: string }];
  await settle(fake, load.sale);
  fake.reversalFaults.push('apply-then-server-error'); // refunded at the processor, the answer lost
  const unknown = await reverse(cardId, load.id, { amount: '4.00' }, 'lost-1');
  expect(unknown).toMatchObject({
    status: 502,
    body: {
      status: 'error',
      errors: [{ code: 'processor-unavailable', message: expect.stringMatching(/unknown.*same Idempotency-Key/) }],
      reversal: { status: 'unknown', amount: '4.00' },
      balance: '15.00',
    },
  });
  // Reserved meanwhile: what is left to reverse already counts it out.
  expect((await listLoads(cardId))[0]!.reversible).toBe('11.00');
  expect((await reverse(cardId, load.id, { amount: '4.00' }, 'lost-1')).status).toBe(502);

  const later = () => new Date(Date.now() + 60 * 60_000);
  const reconciled = await testPayments(ledger, fake, createLogger({ name: 'reconcile', level: 'silent' }), {
    clock: later,
  }).reconcileMoneyBack();
  expect(reconciled.reversals).toMatchObject({ succeeded: 1 });
  expect(await reverse(cardId, load.id, { amount: '4.00' }, 'lost-1')).toMatchObject({
    status: 200,
    replayed: 'true',
    body: { status: 'ok', balance: '11.00', reversal: { status: 'succeeded', method: 'refund' } },
  });
  expect(await card(cardId)).toMatchObject({ balance: '11.00' });
});

test('disputes by notification: opened then won, another lost, each twice, a pair out of order: exact balance, held, frozen', async () => {
  const { cardWith, card, reverse, send } = await user('disputed');
  const { cardId, loads } = await cardWith('20.00', '30.00', '10.00');
  const [a, b, c] = loads as { id: number; sale: string }[] as [
    { id: number; sale: string },
    { id: number; sale: string },
    { id: number; sale: string },
  ];

  const opened = await notify('dispute_opened', a.sale);
  expect(opened.status).toBe(200);
  expect(await resend(opened)).toEqual({
    status: 200,
    body: { status: 'ok', kind: 'dispute_opened', outcome: 'duplicate' },
  });
  expect(await card(cardId)).toMatchObject({ balance: '60.00', held: '20.00', frozen: false });
  // Held money cannot be reversed, and the disputed load not at all.
  expect(await reverse(cardId, a.id)).toMatchObject({ status: 422, body: { errors: [{ code: 'not-reversible' }] } });
  const won = await notify('dispute_won', a.sale);
  expect(won.status).toBe(200);
  expect(await resend(won)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
  expect(await card(cardId)).toMatchObject({ balance: '60.00', held: '0.00', frozen: false });

  // Lost: the disputed amount leaves the card.
  expect((await notify('dispute_opened', b.sale)).status).toBe(200);
  const lost = await notify('dispute_lost', b.sale);
  expect(await resend(lost)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
  expect(await card(cardId)).toMatchObject({ balance: '30.00', held: '0.00', frozen: false });

  // Out of order: the loss (of more than the card has) arrives before the opening, which is then stale.
  const openedLate = await notify('dispute_opened', c.sale, { amount: '45.00', deliver: false });
  expect(openedLate.status).toBeNull();
  const lostFirst = await notify('dispute_lost', c.sale);
  expect(lostFirst.status).toBe(200);
  expect(await resend(openedLate)).toMatchObject({ status: 200, body: { outcome: 'stale' } });
  expect(await resend(lostFirst)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
  const frozen = await card(cardId);
  expect(frozen).toMatchObject({ balance: '0.00', held: '0.00', frozen: true, shortfall: '15.00' });
  expect(frozen.disputes.map((d) => d.status)).toEqual(['lost', 'lost', 'won']);
  expect((await send('GET', '/cards/')).body).toMatchObject({
    cards: [{ id: cardId, balance: '0.00', held: '0.00', frozen: true }],
  });
  // A frozen card gives nothing back.
  expect((await reverse(cardId, a.id)).status).toBe(422);
});

test('a bad signature is 403 and changes nothing; a dispute of an unknown transaction is kept', async () => {
  const { cardWith, card } = await user('forged');
  const { cardId, loads } = await cardWith('25.00');
  const signed = await notify('dispute_opened', loads[0]!.sale, { deliver: false });
  const forged = await postForm({ bt_signature: `${fake.publicKey}|${'0'.repeat(40)}`, bt_payload: signed.bt_payload });
  expect(forged).toMatchObject({ status: 403, body: { status: 'error', errors: [{ code: 'http-403' }] } });
  const otherPayload = await postForm({ bt_signature: signed.bt_signature, bt_payload: `${signed.bt_payload}A` });
  expect(otherPayload.status).toBe(403);
  expect(await card(cardId)).toMatchObject({ balance: '25.00', held: '0.00', frozen: false, disputes: [] });

  // A sale the ledger never made (another system's, on the same merchant account).
  const sold = fake.sell('fake-valid-nonce', '7.00', 'not-ours-1');
  if (sold.kind !== 'kept') throw new Error('the dev processor refused the sale');
  const stranger = sold.transaction;
  const unmatched = await notify('dispute_opened', stranger.id);
  expect(unmatched.status).toBe(200);
  expect(await resend(unmatched)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
  const kept = await testPayments(
    ledger,
    fake,
    createLogger({ name: 'unmatched', level: 'silent' }),
  ).listUnmatchedDisputes();
  expect(kept).toEqual(expect.arrayContaining([expect.objectContaining({ processorTransactionId: stranger.id })]));
});

test('the challenge is answered; the webhook route refuses what Braintree never sends', async () => {
  const challenge = await fetch(`${stack.url}${WEBHOOK}?bt_challenge=0123456789abcdef0123`);
  expect(challenge.status).toBe(200);
  expect(await challenge.text()).toMatch(new RegExp(`^${fake.publicKey}\\|[0-9a-f]{40}$`));
  expect((await fetch(`${stack.url}${WEBHOOK}`)).status).toBe(400);
  expect((await fetch(`${stack.url}${WEBHOOK}?bt_challenge=%3Cscript%3E`)).status).toBe(400);

  const del = await fetch(`${stack.url}${WEBHOOK}`, { method: 'DELETE' });
  expect([del.status, del.headers.get('allow')]).toEqual([405, expect.stringMatching(/POST/)]);
  expect((await postForm('{"bt_signature":"x","bt_payload":"y"}', { 'content-type': 'application/json' })).status).toBe(
    415,
  );
  expect((await postForm('bt_signature=a', { 'content-encoding': 'gzip' })).status).toBe(415);
  expect((await postForm('bt_signature=%zz&bt_payload=%')).status).toBe(403); // decoded leniently, then unsigned
  expect((await postForm('bt_payload=abc')).status).toBe(400);
  expect((await postForm('bt_signature=a&bt_signature=b&bt_payload=c')).status).toBe(400);
  expect((await postForm(`bt_signature=a&bt_payload=${'A'.repeat(70 * 1024)}`)).status).toBe(413);
});

test("the reversal route: odd methods, bodies and keys, a missing XSRF header, another user's card", async () => {
  const owner = await user('owner-r');
  const { cardId, loads } = await owner.cardWith('12.00');
  const loadId = loads[0]!.id;
  const path = `/cards/${cardId}/loads/${loadId}/reverse`;
  const put = await owner.send('PUT', path, '{}');
  expect([put.status, put.allow]).toEqual([405, 'POST']);
  const patch = await owner.send('PATCH', `/cards/${cardId}`, '{}');
  expect([patch.status, patch.allow]).toEqual([405, expect.stringMatching(/GET/)]);
  expect(await owner.send('POST', path, '{"amount": 5}')).toMatchObject({
    status: 400,
    body: { errors: [{ code: 'invalid-amount' }] },
  });
  expect(await owner.send('POST', path, '{"amount": "1.005"}')).toMatchObject({ status: 400 });
  expect(await owner.send('POST', path, '{"amount"')).toMatchObject({
    status: 400,
    body: { errors: [{ code: 'http-400' }] },
  });
  expect(
    await owner.send('POST', path, 'amount=1', { 'content-type': 'application/x-www-form-urlencoded' }),
  ).toMatchObject({
    status: 415,
  });
  expect(await owner.send('POST', path, JSON.stringify({ pad: 'x'.repeat(20_000) }))).toMatchObject({ status: 413 });
  expect(await owner.send('POST', path, '{}', { 'idempotency-key': 'bad key' })).toMatchObject({ status: 400 });
  expect(await owner.send('POST', `/cards/${cardId}/loads/999999/reverse`, '{}')).toMatchObject({ status: 404 });
  expect(await owner.send('POST', `/cards/${cardId}/loads/x/reverse`, '{}')).toMatchObject({ status: 404 });

  // The cookie alone (a forged or missing XSRF header) is refused, and nothing was reversed.
  const noXsrf = await owner.browser.request('POST', path, {
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const forgedXsrf = await owner.browser.request('POST', path, {
    headers: { 'content-type': 'application/json', 'x-xsrf-token': 'forged' },
    body: '{}',
  });
  expect([noXsrf.status, forgedXsrf.status]).toEqual([401, 401]);

  const other = await user('intruder-r');
  expect(await other.send('POST', path, '{}')).toMatchObject({ status: 404, body: { errors: [{ code: 'http-404' }] } });
  expect(await other.send('GET', `/cards/${cardId}`)).toMatchObject({ status: 404 });
  expect(await owner.card(cardId)).toMatchObject({ balance: '12.00' });
  expect((await owner.listLoads(cardId))[0]!.reversals).toEqual([]);
});

test('the webhook route answers 429 with Retry-After past its budget per client address', async () => {
  // Last in this file: the stack's budget for 127.0.0.1 is spent afterwards (Redis keys are the stack's own).
  const answers = await Promise.all(
    Array.from({ length: WEBHOOK_LIMIT.limit + 5 }, () => fetch(`${stack.url}${WEBHOOK}`)),
  );
  const limited = answers.filter((r) => r.status === 429);
  expect(limited.length).toBeGreaterThanOrEqual(5);
  expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await limited[0]!.json()).toEqual({
    status: 'error',
    errors: [{ code: 'http-429', message: 'too many requests' }],
  });
  await Promise.all(answers.map((r) => (r.bodyUsed ? undefined : r.arrayBuffer())));
});
