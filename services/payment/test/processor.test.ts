// The real braintree SDK against the loopback gateway: what it sends, and how every answer (and
// non-answer) becomes an outcome.
import { createLogger } from '@gatehouse/logger';
import { BraintreeProcessor, type BraintreeSettings, ProcessorUnavailableError } from '../src/processor';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';

const log = createLogger({ name: 'processor-test', level: 'silent' });
let fake: DevProcessor;

beforeAll(async () => {
  fake = await startDevProcessor({
    recordRequests: true,
    merchantId: 'm_123',
    publicKey: 'pub_abc',
    privateKey: 'priv_xyz',
  });
});
afterAll(() => fake.close());
afterEach(() => expect(fake.violations).toEqual([]));

function processor(overrides: Partial<BraintreeSettings> = {}) {
  return new BraintreeProcessor(
    {
      merchantId: fake.merchantId,
      publicKey: fake.publicKey,
      privateKey: fake.privateKey,
      environment: 'sandbox',
      gatewayUrl: fake.url,
      timeoutMs: 2000,
      ...overrides,
    },
    log,
  );
}

const sale = (amountCents: number, nonce = 'fake-valid-nonce') =>
  processor().sale({ amountCents, nonce, orderId: 'load-42' });

test('an approved sale is submitted for settlement with the exact body and headers the SDK sends', async () => {
  const outcome = await sale(1_050);
  expect(outcome).toEqual({
    kind: 'approved',
    transactionId: expect.any(String),
    responseCode: '1000',
    responseText: 'Approved',
  });
  const req = fake.requests.at(-1)!;
  expect(req.method).toBe('POST');
  expect(req.path).toBe('/merchants/m_123/transactions');
  expect(req.headers.authorization).toBe(`Basic ${Buffer.from('pub_abc:priv_xyz').toString('base64')}`);
  expect(req.headers['x-apiversion']).toBe('6');
  expect(req.body).toEqual({
    transaction: {
      amount: '10.50',
      payment_method_nonce: 'fake-valid-nonce',
      order_id: 'load-42',
      options: { submit_for_settlement: true },
      type: 'sale',
    },
  });
});

test.each([
  [200_000, '2000', 'Do Not Honor'],
  [200_150, '2001', 'Insufficient Funds'],
])('a sale of %i cents is declined with code %s', async (amountCents, code, message) => {
  expect(await sale(amountCents)).toEqual({
    kind: 'declined',
    transactionId: expect.any(String),
    responseCode: code,
    responseText: message,
    errors: [{ code, message }],
  });
});

test('a gateway rejection reports its reason', async () => {
  expect(await sale(500_100)).toMatchObject({
    kind: 'declined',
    errors: [{ code: 'application_incomplete', message: 'Gateway Rejected: application_incomplete' }],
  });
});

test('validation errors come back with their codes', async () => {
  expect(await sale(1_000, 'fake-consumed-nonce')).toEqual({
    kind: 'declined',
    transactionId: null,
    responseCode: null,
    responseText: null,
    errors: [{ code: '91564', message: 'Cannot use a payment_method_nonce more than once.' }],
  });
});

test('a 500 from the gateway is an unknown outcome', async () => {
  fake.faults.push('server-error');
  expect(await sale(1_000)).toMatchObject({
    kind: 'unknown',
    reason: 'no answer from the payment processor; the outcome is unknown',
  });
});

test('a gateway that hangs past the timeout is an unknown outcome', async () => {
  fake.faults.push('hang');
  const outcome = await processor({ timeoutMs: 300 }).sale({
    amountCents: 1_000,
    nonce: 'fake-valid-nonce',
    orderId: 'x',
  });
  expect(outcome).toMatchObject({ kind: 'unknown', reason: expect.stringMatching(/timed out|no answer/) });
});

test('a dropped connection is an unknown outcome', async () => {
  fake.faults.push('reset');
  expect(await sale(1_000)).toMatchObject({ kind: 'unknown' });
});

test('nothing listening is a failure at once: a refused connection sent nothing, so nothing was charged', async () => {
  const gone = await startDevProcessor({ recordRequests: true });
  await gone.close();
  const outcome = await processor({ gatewayUrl: gone.url }).sale({ amountCents: 1_000, nonce: 'n', orderId: 'x' });
  expect(outcome).toEqual({ kind: 'error', reason: 'the payment processor could not be reached; nothing was charged' });
});

test('wrong credentials are a processor error: certainly not charged', async () => {
  const outcome = await processor({ privateKey: 'wrong' }).sale({ amountCents: 1_000, nonce: 'n', orderId: 'x' });
  // The SDK's error stays in the log; the ledger and clients get a stable text.
  expect(outcome).toEqual({ kind: 'error', reason: 'the payment processor refused the request' });
});

test('a client token is the base64 text the gateway issued (JSON with version 2)', async () => {
  const token = await processor().clientToken();
  expect(JSON.parse(Buffer.from(token, 'base64').toString('utf8'))).toMatchObject({ version: 2 });
  const req = fake.requests.at(-1)!;
  expect(req.path).toBe('/merchants/m_123/client_token');
  expect(req.body).toEqual({ client_token: { version: 2 } });
});

test('a client token the gateway cannot give is ProcessorUnavailableError', async () => {
  await expect(processor({ privateKey: 'wrong' }).clientToken()).rejects.toBeInstanceOf(ProcessorUnavailableError);
});

test('a sale is found again by its order id: charged, declined, or not there', async () => {
  const p = processor();
  fake.faults.push('charge-then-server-error');
  expect(await p.sale({ amountCents: 1_234, nonce: 'fake-valid-nonce', orderId: 'load-found' })).toMatchObject({
    kind: 'unknown',
  });
  expect(await p.findSale('load-found')).toEqual({
    kind: 'approved',
    transactionId: expect.stringMatching(/^[0-9a-f]{10}$/),
    responseCode: '1000',
    responseText: 'Approved',
  });
  await p.sale({ amountCents: 200_100, nonce: 'fake-valid-nonce', orderId: 'load-declined' });
  expect(await p.findSale('load-declined')).toMatchObject({
    kind: 'declined',
    errors: [{ code: '2001', message: 'Insufficient Funds' }],
  });
  expect(await p.findSale('load-never-sent')).toEqual({ kind: 'not_found' });
  fake.searchFaults.push('server-error');
  expect(await p.findSale('load-found')).toMatchObject({ kind: 'unknown' });
});
