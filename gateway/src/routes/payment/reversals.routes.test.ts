// How a failed ReverseLoad call reaches the client: only what the payment service itself refused as
// UNAVAILABLE is "nothing happened" (503); a deadline or a dropped call may have come after the
// processor moved money, so it is the unknown outcome (502), never a retryable 503. The client here
// stands in for the gRPC transport only: the answers it fails with are grpc-js's own errors.
import { ERROR_CODE_METADATA_KEY, type PromiseClient } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import { Metadata, status } from '@grpc/grpc-js';
import { paymentFailure } from './answers';
import { reversalAnswer } from './reversals.routes';

const log = createLogger({ name: 'reversals-unit', level: 'silent' });
const request = { ownerId: 'u', cardId: '1', loadId: '2', amountCents: 0, idempotencyKey: 'k' };

function grpcError(code: status, details: string, domainCode?: string) {
  const metadata = new Metadata();
  if (domainCode) metadata.set(ERROR_CODE_METADATA_KEY, domainCode);
  return Object.assign(new Error(`${code} ${status[code]}: ${details}`), { code, details, metadata });
}

/** A client whose ReverseLoad fails with these errors in turn, counting the calls. */
function failingClient(...errors: Error[]) {
  let calls = 0;
  const client = {
    reverseLoad: async () => {
      const err = errors[Math.min(calls, errors.length - 1)];
      calls += 1;
      throw err;
    },
  } as unknown as PromiseClient<payment.PaymentServiceClient>;
  return { client, calls: () => calls };
}

async function answered(client: PromiseClient<payment.PaymentServiceClient>) {
  try {
    return await reversalAnswer((options) => client.reverseLoad(request, options), log);
  } catch (err) {
    return paymentFailure(err, log, { method: 'POST', path: '/cards/1/loads/2/reverse' });
  }
}

test('a deadline on the call is an unknown outcome (502), tried once', async () => {
  const { client, calls } = failingClient(grpcError(status.DEADLINE_EXCEEDED, 'Deadline exceeded'));
  expect(await answered(client)).toEqual({
    status: 502,
    headers: {},
    body: { status: 'error', errors: [{ code: 'processor-unavailable', message: expect.stringMatching(/unknown/) }] },
  });
  expect(calls()).toBe(1);
});

test('a connection dropped under the call (UNAVAILABLE without a domain code) is unknown too', async () => {
  const { client } = failingClient(grpcError(status.UNAVAILABLE, 'Connection dropped'));
  expect((await answered(client)).status).toBe(502);
});

test("the service's own UNAVAILABLE (the ledger could not take it) is 503 with Retry-After", async () => {
  const { client, calls } = failingClient(
    grpcError(status.UNAVAILABLE, 'the card ledger is unavailable', 'DATABASE_UNAVAILABLE'),
  );
  expect(await answered(client)).toMatchObject({
    status: 503,
    headers: { 'Retry-After': '2' },
    body: { errors: [{ code: 'service-unavailable', message: expect.stringMatching(/nothing was reversed/) }] },
  });
  expect(calls()).toBe(1);
});

test('a call never sent (no replica connected) or refused by a draining replica is tried again, then 503', async () => {
  const { client, calls } = failingClient(
    grpcError(status.UNAVAILABLE, 'No connection established'),
    grpcError(status.UNAVAILABLE, 'draining', 'DRAINING'),
  );
  expect(await answered(client)).toMatchObject({ status: 503, headers: { 'Retry-After': '1' } });
  expect(calls()).toBe(3);
});

test("the service's refusals keep their meaning: a reused key 422, a load not found 404", async () => {
  const reused = failingClient(grpcError(status.ALREADY_EXISTS, 'reused', 'IDEMPOTENCY_KEY_REUSED'));
  expect(await answered(reused.client)).toMatchObject({
    status: 422,
    body: { errors: [{ code: 'idempotency-key-reused' }] },
  });
  const missing = failingClient(grpcError(status.NOT_FOUND, 'load not found', 'LOAD_NOT_FOUND'));
  expect(await answered(missing.client)).toMatchObject({ status: 404, body: { errors: [{ code: 'http-404' }] } });
});
