// A Postgres failover as the payment service sees it: the primary demoted to read-only (SQLSTATE
// 25006, simulated with default_transaction_read_only and its sessions terminated), then writable
// again. A load that never reached the processor is answered UNAVAILABLE (retryable: its key runs the
// load afterwards), a connection that saw read-only is discarded, never pooled again, loads work within
// 5 s of the database being writable, and the ledger is exact: no charge without a row, no row without
// its outcome.
import { createClient, describeCallError } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { loadProto } from '@gatehouse/proto';
import { Client } from 'pg';
import { loadPaymentConfig } from '../src/config';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { type RunningPaymentService, startPaymentService } from '../src/service';
import { createTestDatabase, type TestDatabase } from './db';

const log = createLogger({ name: 'payment-failover-test', level: 'silent' });
let db: TestDatabase;
let fake: DevProcessor;
let service: RunningPaymentService;
let client: ReturnType<typeof paymentClient>;

function paymentClient(port: number) {
  const { grpcObject } = loadProto('payment');
  return createClient(grpcObject.payment.v1.PaymentService, `127.0.0.1:${port}`, { deadlineMs: 10_000 });
}

async function admin(sql: string): Promise<void> {
  const c = new Client({
    connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  fake = await startDevProcessor({ recordRequests: true });
  service = await startPaymentService(
    loadPaymentConfig({
      DATABASE_URL: db.url,
      DATABASE_TRANSACTION_POOLING: String(db.transactionPooling),
      DATABASE_POOL_MAX: '4',
      PAYMENT_GRPC_PORT: '0',
      METRICS_PORT: '0',
      PROCESSOR_MERCHANT_ID: fake.merchantId,
      PROCESSOR_PUBLIC_KEY: fake.publicKey,
      PROCESSOR_PRIVATE_KEY: fake.privateKey,
      PROCESSOR_GATEWAY_URL: fake.url,
      PAYMENT_LIMIT_1_DAY: '100000.00',
    }),
    { log },
  );
  client = paymentClient(service.port);
});

afterAll(async () => {
  client?.close();
  await service?.stop();
  await fake?.close();
  await db?.drop();
});

test('a demoted primary answers loads UNAVAILABLE, and loads work again within 5 s of it being writable', async () => {
  const name = new URL(db.url).pathname.slice(1);
  const ownerId = 'dev_failover_owner';
  const { card } = await client.call.createCard({ ownerId, name: 'failover' });
  const load = (amountCents: number, idempotencyKey = '') =>
    client.call.loadCard({ ownerId, cardId: card!.id, nonce: 'fake-valid-nonce', amountCents, idempotencyKey });
  let succeeded = 0;
  const approved = fake.approved.size;
  // Fill the pool with live connections, then demote: new sessions are read-only, old ones are cut.
  await Promise.all([1, 2, 3, 4].map(() => load(100)));
  succeeded += 4 * 100;
  await admin(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
  await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
  // The service's own UNAVAILABLE, which for a load means it never reached the processor.
  for (let i = 0; i < 8; i++) {
    const failure = await load(1_000, `read-only-${i}`).then(
      () => undefined,
      (err: unknown) => describeCallError(err),
    );
    expect(failure).toEqual({
      grpcCode: 14,
      kind: 'unavailable',
      httpStatus: 503,
      code: 'DATABASE_UNAVAILABLE',
      message: 'the card ledger cannot take loads now; nothing was charged. Retry',
      answeredByService: true,
    });
  }
  expect(fake.approved.size).toBe(approved + 4);
  // The read-only sessions the pool opened meanwhile must not survive the promotion.
  await admin(`ALTER DATABASE ${name} RESET default_transaction_read_only`);
  // Behind a transaction-mode pooler the server connections are the pooler's: a real failover moves
  // them to the new primary, which here means ending the read-only ones (the service keeps its own).
  if (db.transactionPooling) {
    await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
  }
  const writableAt = Date.now();
  for (;;) {
    const ok = await load(200).then(
      () => true,
      () => false,
    );
    if (ok) break;
    expect(Date.now() - writableAt).toBeLessThan(5_000);
    await new Promise((r) => setTimeout(r, 100));
  }
  succeeded += 200;
  expect(Date.now() - writableAt).toBeLessThan(5_000);
  // Every later load works: no read-only connection was pooled.
  for (let i = 0; i < 12; i++) {
    await load(10);
    succeeded += 10;
  }
  // The keys refused in the window were never taken: each runs its load now, once.
  for (let i = 0; i < 8; i++) {
    expect(await load(1_000, `read-only-${i}`)).toMatchObject({ status: 'LOAD_STATUS_SUCCEEDED', replayed: false });
    succeeded += 1_000;
  }
  // The ledger is exact: the balance is the sum of the succeeded loads, each a row, each charged once.
  const { cards } = await client.call.listCards({ ownerId });
  expect(Number(cards[0]?.balanceCents)).toBe(succeeded);
  const { loads } = await client.call.listLoads({ ownerId, cardId: card!.id });
  expect(loads.every((l) => l.status === 'LOAD_STATUS_SUCCEEDED')).toBe(true);
  expect(loads.reduce((sum, l) => sum + Number(l.amountCents), 0)).toBe(succeeded);
  expect(fake.approved.size - approved).toBe(loads.length);
}, 60_000);
