// A status message that quotes what the caller sent stays small enough for a client to read: before
// the bound (errors.ts MAX_DETAILS_CHARS), a NOT_FOUND quoting a 100 kB name went out as a 100 kB
// grpc-message trailer, which grpc-js's client cannot take; the call hung until its deadline and held
// up the next calls on the same connection (found by gateway/test/grpc-fuzz.test.ts).
import { notFound } from '@gatehouse/errors';
import { createLogger } from '@gatehouse/logger';
import { loadProto } from '@gatehouse/proto';
import * as grpc from '@grpc/grpc-js';
import { MAX_DETAILS_CHARS } from './errors';
import { type RunningGrpcServer, startGrpcServer, unaryHandler } from './server';

let running: RunningGrpcServer;
let client: grpc.Client;
const log = createLogger({ name: 'test', level: 'silent' });

beforeAll(async () => {
  const { definition, grpcObject } = loadProto('payment');
  running = await startGrpcServer({
    name: 'quoting',
    host: '127.0.0.1',
    port: 0,
    services: [
      {
        definition: grpcObject.payment.v1.PaymentService.service,
        implementation: {
          GetVelocityRule: unaryHandler(log, async (req: { name: string }) => {
            if (req.name === 'known') return { rule: { name: 'known' } };
            throw notFound('VELOCITY_RULE_NOT_FOUND', `no velocity rule named "${req.name}"`);
          }),
        },
      },
    ],
    definitions: [definition],
    log,
  });
  client = new grpc.Client(`127.0.0.1:${running.port}`, grpc.credentials.createInsecure());
});

afterAll(async () => {
  client?.close();
  await running?.shutdown(100);
});

function getRule(name: string): Promise<{ code: grpc.status; details: string }> {
  const method = loadProto('payment').grpcObject.payment.v1.PaymentService.service.GetVelocityRule;
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      method.path,
      method.requestSerialize,
      (b: Buffer) => b,
      { name },
      new grpc.Metadata(),
      { deadline: Date.now() + 3_000 },
      (err) => resolve({ code: err ? err.code : grpc.status.OK, details: err?.details ?? '' }),
    );
  });
}

it('answers a 100 kB name NOT_FOUND with a bounded message, and the connection goes on', async () => {
  for (const name of ['x'.repeat(100_000), '\ud83d\ude00'.repeat(20_000)]) {
    const refused = await getRule(name);
    expect(refused.code).toBe(grpc.status.NOT_FOUND);
    expect(refused.details.startsWith('no velocity rule named "')).toBe(true);
    expect(Array.from(refused.details).length).toBeLessThanOrEqual(MAX_DETAILS_CHARS + 1);
    expect(refused.details).not.toContain('\ufffd'); // no half of a surrogate pair
    expect((await getRule('known')).code).toBe(grpc.status.OK);
  }
  // A short message goes as it is.
  expect(await getRule('nosuch')).toEqual({ code: grpc.status.NOT_FOUND, details: 'no velocity rule named "nosuch"' });
});
