// Shutdown lets the unary calls under way answer before GOAWAY goes out, so a client never takes a
// finished call for a dropped one; it still ends by its deadline when a call does not finish.
import { createLogger } from '@gatehouse/logger';
import { loadProto, type payment } from '@gatehouse/proto';
import { type ClientHandle, createClient } from './client';
import { type RunningGrpcServer, startGrpcServer, unaryHandler } from './server';

const silent = createLogger({ name: 'shutdown-test', level: 'silent' });
const { definition, grpcObject } = loadProto('payment');
const Service = grpcObject.payment.v1.PaymentService;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function serverWith(handlerMs: number): Promise<{
  server: RunningGrpcServer;
  client: ClientHandle<payment.PaymentServiceClient>;
  started: Promise<void>;
}> {
  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const server = await startGrpcServer({
    name: 'shutdown-test',
    host: '127.0.0.1',
    port: 0,
    services: [
      {
        definition: Service.service,
        implementation: {
          listCards: unaryHandler(silent, async () => {
            markStarted();
            await sleep(handlerMs);
            return { cards: [{ id: '7', name: 'answered', balanceCents: '0' }] };
          }),
        },
      },
    ],
    definitions: [definition],
    log: silent,
  });
  const client = createClient<payment.PaymentServiceClient>(Service, `127.0.0.1:${server.port}`);
  return { server, client, started };
}

it('answers a call under way before closing, then refuses new connections', async () => {
  const { server, client, started } = await serverWith(400);
  try {
    const answer = client.call.listCards({ ownerId: 'u' }, { deadlineMs: 5000 });
    await started;
    const t0 = Date.now();
    const stopping = server.shutdown(5000);
    // Until the call under way has answered, no GOAWAY has gone out and the listener is open: a
    // client on a new connection is still answered too (and waited for).
    await sleep(50);
    const late = createClient<payment.PaymentServiceClient>(Service, `127.0.0.1:${server.port}`);
    const lateAnswer = late.call.listCards({ ownerId: 'u' }, { deadlineMs: 5000 });
    await stopping;
    late.close();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(300);
    expect((await answer).cards.map((c) => c.name)).toEqual(['answered']);
    expect((await lateAnswer).cards.map((c) => c.name)).toEqual(['answered']);
    await expect(client.call.listCards({ ownerId: 'u' }, { deadlineMs: 1000 })).rejects.toThrow();
  } finally {
    client.close();
  }
});

it('still ends by its deadline when a call does not finish in time', async () => {
  const { server, client, started } = await serverWith(5000);
  try {
    const answer = client.call.listCards({ ownerId: 'u' }, { deadlineMs: 10_000 }).catch((err: Error) => err);
    await started;
    const t0 = Date.now();
    await server.shutdown(300);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(await answer).toBeInstanceOf(Error);
  } finally {
    client.close();
  }
});
