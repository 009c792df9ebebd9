// Reversals, disputes and notifications over gRPC, the payment service started as a process would run
// it with the development processor (PAYMENT_DEV_PROCESSOR, PAYMENT_DEV_SETTLE_AFTER): what the gateway
// will call, with the statuses and codes it will map.
import { createClient, describeCallError } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { loadProto } from '@gatehouse/proto';
import { loadPaymentConfig } from '../src/config';
import { PAYMENT_ACCESS } from '../src/grpc/server';
import type { DevProcessor } from '../src/processor/dev';
import { type RunningPaymentService, startPaymentService } from '../src/service';
import { createTestDatabase, type TestDatabase } from './db';
import { sandboxGateway, signedNotification } from './money-back';

const log = createLogger({ name: 'payment-grpc-money-back', level: 'silent' });
const SETTLE_AFTER_MS = 2_000;
let db: TestDatabase;
let service: RunningPaymentService;
let dev: DevProcessor;
let client: ReturnType<typeof paymentClient>;

function paymentClient(port: number) {
  const { grpcObject } = loadProto('payment');
  return createClient(grpcObject.payment.v1.PaymentService, `127.0.0.1:${port}`, { deadlineMs: 10_000 });
}

beforeAll(async () => {
  db = await createTestDatabase();
  const config = loadPaymentConfig({
    DATABASE_URL: db.url,
    DATABASE_TRANSACTION_POOLING: String(db.transactionPooling),
    PAYMENT_GRPC_PORT: '0',
    METRICS_PORT: '0',
    PAYMENT_DEV_PROCESSOR: 'true',
    PAYMENT_DEV_PROCESSOR_PORT: '0',
    PAYMENT_DEV_SETTLE_AFTER: `${SETTLE_AFTER_MS / 1000}s`,
  });
  service = await startPaymentService(config, { log });
  dev = service.devProcessor!;
  client = paymentClient(service.port);
});

afterAll(async () => {
  client?.close();
  await service?.stop();
  await db?.drop();
});

afterEach(() => expect(dev.violations).toEqual([]));

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (err: unknown) => describeCallError(err),
  );

async function cardWithLoads(ownerId: string, amounts: number[]) {
  const { card } = await client.call.createCard({ ownerId, name: 'Card-1' });
  const cardId = card!.id;
  for (const amountCents of amounts) {
    await client.call.loadCard({ ownerId, cardId, nonce: 'fake-valid-nonce', amountCents });
  }
  const { loads } = await client.call.listLoads({ ownerId, cardId });
  return { cardId, loads: loads.reverse() };
}

test('every PaymentService and PaymentAdminService method has an access rule: the gateway calls all but CloseOwner, auth reads cards and loads and closes an owner', () => {
  const { grpcObject } = loadProto('payment');
  const methods = Object.values(grpcObject.payment.v1.PaymentService.service).map((m) => m.path.split('/')[2]);
  const rules = PAYMENT_ACCESS['payment.v1.PaymentService'] ?? {};
  expect(Object.keys(PAYMENT_ACCESS)).toEqual(['payment.v1.PaymentService', 'payment.v1.PaymentAdminService']);
  // The admin console's reads (issue 48): every method, and the gateway's admin listener alone.
  const adminMethods = Object.values(grpcObject.payment.v1.PaymentAdminService.service).map(
    (m) => m.path.split('/')[2],
  );
  const adminRules = PAYMENT_ACCESS['payment.v1.PaymentAdminService'] ?? {};
  expect(Object.keys(adminRules).sort()).toEqual([...adminMethods].sort());
  expect(new Set(Object.values(adminRules).flat())).toEqual(new Set(['gateway']));
  expect(Object.keys(rules).sort()).toEqual([...methods].sort());
  // Closing an owner before an erase (issue 43) is the auth service's alone.
  const gatewayMethods = Object.entries(rules).filter(([, callers]) => callers.includes('gateway'));
  expect(gatewayMethods.map(([method]) => method).sort()).toEqual(methods.filter((m) => m !== 'CloseOwner').sort());
  // The user directory (issue 33): DeleteUser and ExportUser read a user's cards and loads, and DeleteUser
  // closes the owner first (issue 43), nothing else.
  const authMethods = Object.entries(rules).filter(([, callers]) => callers.includes('auth'));
  expect(authMethods.map(([method]) => method).sort()).toEqual(['CloseOwner', 'ListCards', 'ListLoads']);
  expect(rules.CloseOwner).toEqual(['auth']);
  expect(new Set(Object.values(rules).flat())).toEqual(new Set(['gateway', 'auth']));
});

test('a load is voided before settlement; another is refunded in part once PAYMENT_DEV_SETTLE_AFTER has passed', async () => {
  const ownerId = 'dev_grpc_reverser';
  const { cardId, loads } = await cardWithLoads(ownerId, [3_000, 5_000]);
  const [first, second] = loads;
  expect(first).toMatchObject({
    processorTransactionId: expect.stringMatching(/^[0-9a-f]{10}$/),
    reversibleCents: '3000',
  });

  const voided = await client.call.reverseLoad({ ownerId, cardId, loadId: first!.id, idempotencyKey: 'v-1' });
  expect(voided).toMatchObject({
    status: 'REVERSAL_STATUS_SUCCEEDED',
    balanceCents: '5000',
    replayed: false,
    reversal: { method: 'REVERSAL_METHOD_VOID', amountCents: '3000', requestedBy: `user:${ownerId}` },
  });
  expect(await client.call.reverseLoad({ ownerId, cardId, loadId: first!.id, idempotencyKey: 'v-1' })).toMatchObject({
    status: 'REVERSAL_STATUS_SUCCEEDED',
    replayed: true,
  });

  // Before settlement a part cannot be given back; after PAYMENT_DEV_SETTLE_AFTER it can.
  expect(await client.call.reverseLoad({ ownerId, cardId, loadId: second!.id, amountCents: 1_000 })).toMatchObject({
    status: 'REVERSAL_STATUS_FAILED',
    errors: [{ code: 'partial-before-settlement' }],
  });
  await new Promise((resolve) => setTimeout(resolve, SETTLE_AFTER_MS + 200));
  const sale = await sandboxGateway(dev).transaction.find(second!.processorTransactionId);
  expect(sale.status).toBe('settled');
  const refunded = await client.call.reverseLoad({ ownerId, cardId, loadId: second!.id, amountCents: 1_000 });
  expect(refunded).toMatchObject({
    status: 'REVERSAL_STATUS_SUCCEEDED',
    reversal: { method: 'REVERSAL_METHOD_REFUND' },
    balanceCents: '4000',
  });
  const credit = await sandboxGateway(dev).transaction.find(refunded.reversal!.processorTransactionId);
  expect([credit.type, credit.amount, credit.refundedTransactionId]).toEqual(['credit', '10.00', sale.id]);

  const listed = (await client.call.listLoads({ ownerId, cardId })).loads;
  expect(listed.map((l) => [l.amountCents, l.reversibleCents, l.reversals.map((r) => [r.method, r.status])])).toEqual([
    [
      '5000',
      '4000',
      [
        ['REVERSAL_METHOD_REFUND', 'REVERSAL_STATUS_FAILED'],
        ['REVERSAL_METHOD_REFUND', 'REVERSAL_STATUS_SUCCEEDED'],
      ],
    ],
    ['3000', '0', [['REVERSAL_METHOD_VOID', 'REVERSAL_STATUS_SUCCEEDED']]],
  ]);
  expect(
    await client.call.adminReverseLoad({ admin: 'alice', cardId, loadId: second!.id, amountCents: 500 }),
  ).toMatchObject({
    status: 'REVERSAL_STATUS_SUCCEEDED',
    reversal: { requestedBy: 'admin:alice' },
  });

  expect(await failure(client.call.reverseLoad({ ownerId, cardId, loadId: '999999' }))).toMatchObject({
    httpStatus: 404,
    code: 'LOAD_NOT_FOUND',
  });
  expect(
    await failure(client.call.reverseLoad({ ownerId, cardId, loadId: second!.id, amountCents: -1 })),
  ).toMatchObject({ httpStatus: 400, code: 'INVALID_AMOUNT' });
  expect(
    await failure(
      client.call.reverseLoad({ ownerId, cardId, loadId: first!.id, idempotencyKey: 'v-1', amountCents: 5 }),
    ),
  ).toMatchObject({ httpStatus: 409, code: 'IDEMPOTENCY_KEY_REUSED' });
});

test('notifications: verified and applied once, a bad signature is 403; GetCard shows the hold, then the frozen card', async () => {
  const ownerId = 'dev_grpc_disputed';
  const { cardId, loads } = await cardWithLoads(ownerId, [4_000]);
  const saleId = loads[0]!.processorTransactionId;
  const opened = await signedNotification(dev, 'dispute_opened', saleId, '60.00');
  const send = (n: { signature: string; payload: string }) =>
    client.call.handleProcessorNotification({ btSignature: n.signature, btPayload: n.payload });
  expect(await send(opened)).toEqual({ kind: 'dispute_opened', outcome: 'applied' });
  expect(await send(opened)).toEqual({ kind: 'dispute_opened', outcome: 'duplicate' });
  expect(await client.call.getCard({ ownerId, cardId })).toMatchObject({
    card: { balanceCents: '4000', heldCents: '4000', frozen: false },
    disputes: [{ processorTransactionId: saleId, status: 'open', amountCents: '6000', heldCents: '4000' }],
  });
  expect(await failure(send({ ...opened, signature: `${dev.publicKey}|${'f'.repeat(40)}` }))).toMatchObject({
    httpStatus: 403,
    code: 'INVALID_SIGNATURE',
  });
  expect(await send(await signedNotification(dev, 'dispute_lost', saleId, '60.00'))).toMatchObject({
    outcome: 'applied',
  });
  expect(await client.call.getCard({ ownerId, cardId })).toMatchObject({
    card: { balanceCents: '0', heldCents: '0', frozen: true, shortfallCents: '2000' },
  });
  expect((await client.call.listCards({ ownerId })).cards[0]).toMatchObject({ frozen: true, shortfallCents: '2000' });
  expect(await client.call.loadCard({ ownerId, cardId, nonce: 'fake-valid-nonce', amountCents: 100 })).toMatchObject({
    status: 'LOAD_STATUS_REFUSED',
    errors: [{ code: 'card-frozen' }],
  });

  const { response } = await client.call.verifyProcessorChallenge({ btChallenge: '0123456789abcdef0123' });
  expect(response).toMatch(new RegExp(`^${dev.publicKey}\\|[0-9a-f]{40}$`));
  expect(await failure(client.call.verifyProcessorChallenge({ btChallenge: '<script>' }))).toMatchObject({
    httpStatus: 400,
    code: 'INVALID_CHALLENGE',
  });
  expect(await failure(client.call.getCard({ ownerId: 'dev_someone_else', cardId }))).toMatchObject({
    httpStatus: 404,
    code: 'CARD_NOT_FOUND',
  });
  expect((await client.call.listUnmatchedDisputes({})).disputes).toEqual([]);
});
