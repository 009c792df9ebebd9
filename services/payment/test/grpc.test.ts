// The payment service as a process would run it (start() on port 0), driven over gRPC from outside:
// every RPC, the error statuses and their x-error-code, health and reflection.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createClient, describeCallError } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { loadProto, type payment } from '@gatehouse/proto';
import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { loadPaymentConfig } from '../src/config';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { type RunningPaymentService, startPaymentService } from '../src/service';
import { createTestDatabase, type TestDatabase } from './db';

const run = promisify(execFile);
const log = createLogger({ name: 'payment-grpc-test', level: 'silent' });
let db: TestDatabase;
let fake: DevProcessor;
let service: RunningPaymentService;
let client: ReturnType<typeof paymentClient>;
/** The service's clock runs this far ahead of the real one (reconciliation waits for old loads). */
let clockOffsetMs = 0;

function paymentClient(port: number) {
  const { grpcObject } = loadProto('payment');
  return createClient(grpcObject.payment.v1.PaymentService, `127.0.0.1:${port}`, { deadlineMs: 10_000 });
}

function healthStatus(port: number): Promise<string> {
  const Client = grpc.makeGenericClientConstructor(healthService, 'Health');
  const c = new Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  return new Promise((resolve, reject) => {
    c.check!({ service: '' }, { deadline: Date.now() + 5000 }, (err: Error | null, res: { status: string }) => {
      c.close();
      return err ? reject(err) : resolve(res.status);
    });
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  fake = await startDevProcessor({ recordRequests: true });
  const config = loadPaymentConfig({
    DATABASE_URL: db.url,
    DATABASE_TRANSACTION_POOLING: String(db.transactionPooling),
    PAYMENT_GRPC_PORT: '0',
    METRICS_PORT: '0',
    PROCESSOR_MERCHANT_ID: fake.merchantId,
    PROCESSOR_PUBLIC_KEY: fake.publicKey,
    PROCESSOR_PRIVATE_KEY: fake.privateKey,
    PROCESSOR_GATEWAY_URL: fake.url,
    PAYMENT_RECONCILE_INTERVAL: '1s',
  });
  service = await startPaymentService(config, { log, clock: () => new Date(Date.now() + clockOffsetMs) });
  client = paymentClient(service.port);
});

afterAll(async () => {
  client?.close();
  await service?.stop();
  await fake?.close();
  await db?.drop();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (err: unknown) => describeCallError(err),
  );

test('health is SERVING once Postgres answers and the ledger is migrated', async () => {
  expect(await healthStatus(service.port)).toBe('SERVING');
});

test('health stays NOT_SERVING while Postgres does not answer', async () => {
  const config = loadPaymentConfig({
    DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
    PAYMENT_GRPC_PORT: '0',
    METRICS_PORT: '0',
  });
  const down = await startPaymentService(config, { log });
  try {
    expect(await healthStatus(down.port)).toBe('NOT_SERVING');
    const downClient = paymentClient(down.port);
    const failed = await failure(downClient.call.listCards({ ownerId: 'dev_someone' }));
    downClient.close();
    expect(failed).toMatchObject({ httpStatus: 503, code: 'DATABASE_UNAVAILABLE' });
  } finally {
    await down.stop();
  }
});

test('cards are created, listed and loaded over gRPC', async () => {
  const ownerId = 'dev_grpc_owner';
  const { card } = await client.call.createCard({ ownerId, name: 'Card-1' });
  expect(card).toMatchObject({ name: 'Card-1', balanceCents: '0', createdAt: expect.stringMatching(/Z$/) });

  const token = await client.call.createClientToken({ ownerId });
  expect(token.clientToken).toBe(fake.clientToken);

  const loaded = await client.call.loadCard({
    ownerId,
    cardId: card!.id,
    nonce: 'fake-valid-nonce',
    amountCents: 1050,
  });
  expect(loaded).toEqual<payment.LoadCardResponse__Output>({
    status: 'LOAD_STATUS_SUCCEEDED',
    errors: [],
    loadId: expect.any(String),
    balanceCents: '1050',
    replayed: false,
  });
  const declined = await client.call.loadCard({
    ownerId,
    cardId: card!.id,
    nonce: 'fake-valid-nonce',
    amountCents: 49_000,
  });
  expect(declined).toMatchObject({
    status: 'LOAD_STATUS_REFUSED',
    errors: [{ code: 'compliance-1-day', message: '10.50 + 490.00 > 500.00 (1 day)' }],
  });

  const { cards } = await client.call.listCards({ ownerId });
  expect(cards).toEqual([{ ...card, balanceCents: '1050' }]);
  const { loads } = await client.call.listLoads({ ownerId, cardId: card!.id });
  expect(loads.map((l) => [l.status, l.amountCents, l.processorResponseCode])).toEqual([
    ['LOAD_STATUS_REFUSED', '49000', ''],
    ['LOAD_STATUS_SUCCEEDED', '1050', '1000'],
  ]);
});

test('errors carry a status and a domain code', async () => {
  const ownerId = 'dev_grpc_errors';
  const { card } = await client.call.createCard({ ownerId, name: 'E' });
  const base = { ownerId, cardId: card!.id, nonce: 'fake-valid-nonce', amountCents: 100 };
  expect(await failure(client.call.loadCard({ ...base, amountCents: 0 }))).toMatchObject({
    httpStatus: 400,
    code: 'INVALID_AMOUNT',
  });
  expect(await failure(client.call.loadCard({ ...base, ownerId: 'dev_someone_else' }))).toMatchObject({
    httpStatus: 404,
    code: 'CARD_NOT_FOUND',
  });
  expect(await failure(client.call.listLoads({ ownerId, cardId: '999999999' }))).toMatchObject({
    code: 'CARD_NOT_FOUND',
  });
  expect(await failure(client.call.createCard({ ownerId, name: '' }))).toMatchObject({
    httpStatus: 400,
    code: 'INVALID_CARD_NAME',
  });
  expect(await failure(client.call.listCards({ ownerId: '' }))).toMatchObject({
    httpStatus: 400,
    code: 'OWNER_REQUIRED',
  });

  await client.call.loadCard({ ...base, idempotencyKey: 'k' });
  expect(await client.call.loadCard({ ...base, idempotencyKey: 'k' })).toMatchObject({ replayed: true });
  expect(await failure(client.call.loadCard({ ...base, amountCents: 200, idempotencyKey: 'k' }))).toMatchObject({
    httpStatus: 409,
    code: 'IDEMPOTENCY_KEY_REUSED',
  });
});

test('reflection serves the schema: buf curl lists the service and calls it by name', async () => {
  const buf = require.resolve('@bufbuild/buf/bin/buf', { paths: [process.cwd()] });
  const base = `http://127.0.0.1:${service.port}`;
  const common = ['curl', '--protocol', 'grpc', '--http2-prior-knowledge'];
  const { stdout: services } = await run(buf, [...common, '--list-services', base]);
  expect(services.split('\n')).toContain('payment.v1.PaymentService');
  const { stdout } = await run(buf, [
    ...common,
    '--data',
    // Field names as reflection serves them: camelCase, because the shared loader runs with keepCase: false.
    JSON.stringify({ ownerId: 'dev_buf_curl', name: 'From buf curl' }),
    `${base}/payment.v1.PaymentService/CreateCard`,
  ]);
  expect(JSON.parse(stdout)).toMatchObject({ card: { name: 'From buf curl', createdAt: expect.any(String) } });
});

test('the service reconciles an unknown load on its own once it is old enough', async () => {
  const ownerId = 'dev_grpc_reconcile';
  const { card } = await client.call.createCard({ ownerId, name: 'R' });
  fake.faults.push('charge-then-server-error');
  const answer = await client.call.loadCard({ ownerId, cardId: card!.id, nonce: 'fake-valid-nonce', amountCents: 700 });
  expect(answer).toMatchObject({ status: 'LOAD_STATUS_UNKNOWN', balanceCents: '0' });

  clockOffsetMs = 11 * 60_000; // past PAYMENT_RECONCILE_AFTER (10m); the next round (every 1s) settles it
  let status = '';
  for (let i = 0; i < 100 && status !== 'LOAD_STATUS_SUCCEEDED'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    status = (await client.call.listLoads({ ownerId, cardId: card!.id })).loads[0]!.status;
  }
  expect(status).toBe('LOAD_STATUS_SUCCEEDED');
  expect((await client.call.listCards({ ownerId })).cards[0]!.balanceCents).toBe('700');
});
