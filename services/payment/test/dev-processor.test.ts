// The payment service with PAYMENT_DEV_PROCESSOR=true: it starts the development processor on
// loopback and uses it through the real braintree SDK, so the sandbox's test nonces and amounts
// behave as they would against Braintree's sandbox, and nothing leaves the machine.
import { Writable } from 'node:stream';
import { ConfigError } from '@gatehouse/config';
import { createLogger } from '@gatehouse/logger';
import { loadPaymentConfig } from '../src/config';
import type { DevProcessor } from '../src/processor/dev';
import { type RunningPaymentService, startPaymentService } from '../src/service';
import { createTestDatabase, type TestDatabase } from './db';

let db: TestDatabase;
let service: RunningPaymentService;
let dev: DevProcessor;
const logLines: string[] = [];
/** The service's clock runs this far ahead (reconciliation only looks at old loads). */
let clockOffsetMs = 0;

function devConfig(extra: Record<string, string> = {}) {
  return loadPaymentConfig({
    DATABASE_URL: db.url,
    DATABASE_TRANSACTION_POOLING: String(db.transactionPooling),
    PAYMENT_GRPC_PORT: '0',
    PAYMENT_DEV_PROCESSOR: 'true',
    PAYMENT_DEV_PROCESSOR_PORT: '0', // the default is 8086; tests never take it
    METRICS_PORT: '0', // nor the fixed metrics port
    // Above the decline amounts (2000.00–2999.99), which the 500.00 default would refuse first.
    PAYMENT_LIMIT_1_DAY: '100000.00',
    ...extra,
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  const destination = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const log = createLogger({ name: 'payment-dev-test', level: 'info', destination });
  service = await startPaymentService(devConfig(), { log, clock: () => new Date(Date.now() + clockOffsetMs) });
  dev = service.devProcessor!;
});

afterAll(async () => {
  await service?.stop();
  await db?.drop();
});

afterEach(() => expect(dev.violations).toEqual([]));

let owners = 0;
async function newCard() {
  const ownerId = `dev_devproc_${++owners}`;
  const card = await service.payments.createCard(ownerId, 'Card-1');
  const load = (amountCents: number, nonce = 'fake-valid-nonce') =>
    service.payments.loadCard({ ownerId, cardId: card.id, amountCents, nonce });
  const balance = async () => (await service.payments.listCards(ownerId)).cards[0]!.balanceCents;
  return { ownerId, card, load, balance };
}

test('it listens on loopback only and the start warns that it moves no money', () => {
  expect(dev.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const warning = logLines.map((l) => JSON.parse(l)).find((l) => /development payment processor/.test(l.msg));
  expect(warning).toMatchObject({ level: 40, address: `127.0.0.1:${dev.port}` });
  expect(warning.msg).toMatch(/moves no money/);
});

test('a client token is issued (base64 JSON, version 2)', async () => {
  const token = await service.payments.clientToken('dev_token_owner');
  expect(JSON.parse(Buffer.from(token, 'base64').toString('utf8'))).toMatchObject({ version: 2 });
});

test('each valid nonce loads the card and the balance moves', async () => {
  const { load, balance } = await newCard();
  const cards: Record<string, string> = {
    'fake-valid-nonce': 'Visa',
    'fake-valid-visa-nonce': 'Visa',
    'fake-valid-mastercard-nonce': 'MasterCard',
  };
  let expected = 0;
  for (const [nonce, cardType] of Object.entries(cards)) {
    const answer = await load(1_050, nonce);
    expected += 1_050;
    expect([nonce, answer]).toEqual([nonce, expect.objectContaining({ status: 'succeeded', balanceCents: expected })]);
    const sale = [...dev.transactions.values()].at(-1)!;
    expect([nonce, sale.status, sale.card?.cardType]).toEqual([nonce, 'submitted_for_settlement', cardType]);
  }
  expect(await balance()).toBe(3_150);
});

test('the declined nonce and amounts 2000.00–2999.99 decline with the whole part as the code, and its text', async () => {
  const { load, balance } = await newCard();
  expect(await load(1_000, 'fake-processor-declined-visa-nonce')).toMatchObject({
    status: 'failed',
    errors: [{ code: '2000', message: 'Do Not Honor' }],
  });
  const cases: [number, string, string][] = [
    [200_000, '2000', 'Do Not Honor'],
    [200_150, '2001', 'Insufficient Funds'],
    [200_499, '2004', 'Expired Card'],
    [250_000, '2500', 'Processor Declined'],
    [299_999, '2999', 'Processor Declined'],
  ];
  for (const [cents, code, message] of cases) {
    expect([cents, await load(cents)]).toEqual([
      cents,
      expect.objectContaining({ status: 'failed', errors: [{ code, message }] }),
    ]);
  }
  // Just outside the range: approved.
  expect((await load(199_999)).status).toBe('succeeded');
  expect(await balance()).toBe(199_999);
});

test('a Luhn-invalid and a consumed nonce are refused with the sandbox validation errors', async () => {
  const { load, balance } = await newCard();
  expect(await load(1_000, 'fake-luhn-invalid-nonce')).toMatchObject({
    status: 'failed',
    errors: [{ code: '81715', message: 'Credit card number is invalid.' }],
  });
  expect(await load(1_000, 'fake-consumed-nonce')).toMatchObject({
    status: 'failed',
    errors: [{ code: '91564', message: 'Cannot use a payment_method_nonce more than once.' }],
  });
  expect(await load(1_000, 'not-a-test-nonce')).toMatchObject({
    status: 'failed',
    errors: [{ code: '91565', message: 'Unknown payment_method_nonce.' }],
  });
  expect(await balance()).toBe(0);
});

test('reconciliation finds a load by its order id at the development processor', async () => {
  const { load, balance, ownerId, card } = await newCard();
  dev.faults.push('charge-then-server-error'); // charged, but the answer is lost
  expect(await load(4_200)).toMatchObject({ status: 'unknown', balanceCents: 0 });
  clockOffsetMs = 11 * 60_000; // past PAYMENT_RECONCILE_AFTER
  try {
    expect(await service.payments.reconcile()).toMatchObject({ succeeded: 1, stillUnknown: 0 });
  } finally {
    clockOffsetMs = 0;
  }
  expect(await balance()).toBe(4_200);
  const [reconciled] = await service.payments.listLoads(ownerId, card.id);
  expect(dev.approved.get(reconciled!.processorTransactionId!)).toBe('42.00');
  // The audit trail: the unknown answer, then the reconciliation, each one line; no trace outside a call.
  const audit = logLines
    .map((l) => JSON.parse(l))
    .filter((l) => l.msg === 'load settled' && l.loadId === reconciled!.id);
  expect(audit).toEqual([
    expect.objectContaining({ level: 30, outcome: 'unknown', ownerId, cardId: card.id, amount: '42.00' }),
    expect.objectContaining({
      level: 30,
      outcome: 'reconciled',
      status: 'succeeded',
      processorTransactionId: reconciled!.processorTransactionId,
    }),
  ]);
  expect(audit[1].trace_id).toBeUndefined();
});

test('PAYMENT_DEV_PROCESSOR with real PROCESSOR_* credentials is a config error', () => {
  expect(() =>
    devConfig({ PROCESSOR_MERCHANT_ID: 'm', PROCESSOR_PUBLIC_KEY: 'pub', PROCESSOR_PRIVATE_KEY: 'priv' }),
  ).toThrow(ConfigError);
});

test('stopping the service stops the development processor', async () => {
  const log = createLogger({ name: 'payment-dev-test', level: 'silent' });
  const other = await startPaymentService(devConfig(), { log });
  const url = other.devProcessor!.url;
  expect((await fetch(`${url}/nothing`, { method: 'POST' })).status).toBe(401);
  await other.stop();
  await expect(fetch(`${url}/nothing`, { method: 'POST' })).rejects.toThrow();
});
