// The drain: on shutdown a server stops taking connections and sends GOAWAY, its clients move their next
// calls to the other replicas, the calls under way answer, and it ends well before its grace under
// steady traffic. It still ends by its deadline when a call does not finish.
import { AppError } from '@gatehouse/errors';
import { createLogger } from '@gatehouse/logger';
import { loadProto, type payment } from '@gatehouse/proto';
import { type ClientHandle, createClient } from './client';
import { type RunningGrpcServer, startGrpcServer, unaryHandler } from './server';

const silent = createLogger({ name: 'shutdown-test', level: 'silent' });
const { definition, grpcObject } = loadProto('payment');
const Service = grpcObject.payment.v1.PaymentService;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Replica {
  server: RunningGrpcServer;
  served: number;
  started: Promise<void>;
}

/** A payment-shaped server whose ListCards answers after `handlerMs`, naming the replica. */
async function replica(name: string, handlerMs: number): Promise<Replica> {
  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const self = { served: 0, started } as Replica;
  self.server = await startGrpcServer({
    name,
    host: '127.0.0.1',
    port: 0,
    services: [
      {
        definition: Service.service,
        implementation: {
          listCards: unaryHandler(silent, async () => {
            self.served++;
            markStarted();
            await sleep(handlerMs);
            return { cards: [{ id: '7', name, balanceCents: '0' }] };
          }),
        },
      },
    ],
    definitions: [definition],
    log: silent,
  });
  return self;
}

const both = (a: Replica, b: Replica) => `ipv4:127.0.0.1:${a.server.port},127.0.0.1:${b.server.port}`;

it('spreads calls over every replica (round_robin)', async () => {
  const [a, b] = [await replica('a', 0), await replica('b', 0)];
  const client = createClient<payment.PaymentServiceClient>(Service, both(a, b));
  try {
    for (let i = 0; i < 100; i++) await client.call.listCards({ ownerId: 'u' });
    expect(a.served).toBeGreaterThanOrEqual(40);
    expect(b.served).toBeGreaterThanOrEqual(40);
  } finally {
    client.close();
    await Promise.all([a.server.shutdown(100), b.server.shutdown(100)]);
  }
});

it('drains under steady traffic: no call fails, the others take over, and it ends well within its grace', async () => {
  const [a, b] = [await replica('a', 50), await replica('b', 50)];
  const client = createClient<payment.PaymentServiceClient>(Service, both(a, b));
  let failed = 0;
  let running = true;
  const worker = async () => {
    while (running) {
      await client.call.listCards({ ownerId: 'u' }, { deadlineMs: 5000 }).catch(() => failed++);
    }
  };
  try {
    // Enough callers that each replica always has calls under way: it never goes idle by chance.
    const workers = Array.from({ length: 40 }, worker);
    await sleep(300);
    const t0 = Date.now();
    await a.server.shutdown(6_000);
    const drainMs = Date.now() - t0;
    const servedByA = a.served;
    const servedByB = b.served;
    await sleep(300);
    running = false;
    await Promise.all(workers);
    expect(failed).toBe(0);
    // Without the GOAWAY, steady traffic keeps calls under way on every connection and the drain
    // only ends when its grace forces it.
    expect(drainMs).toBeLessThan(2_000);
    expect(a.served).toBe(servedByA);
    expect(b.served).toBeGreaterThan(servedByB);
  } finally {
    running = false;
    client.close();
    await b.server.shutdown(100);
  }
});

it('answers the call under way, and takes no new connection once it drains', async () => {
  const a = await replica('a', 400);
  const client = createClient<payment.PaymentServiceClient>(Service, `127.0.0.1:${a.server.port}`);
  let late: ClientHandle<payment.PaymentServiceClient> | undefined;
  try {
    const answer = client.call.listCards({ ownerId: 'u' }, { deadlineMs: 5000 });
    await a.started;
    const stopping = a.server.shutdown(5000);
    expect(a.server.draining).toBe(true);
    late = createClient<payment.PaymentServiceClient>(Service, `127.0.0.1:${a.server.port}`);
    await expect(late.call.listCards({ ownerId: 'u' }, { deadlineMs: 1000 })).rejects.toThrow(/UNAVAILABLE/);
    await stopping;
    expect((await answer).cards.map((c) => c.name)).toEqual(['a']);
  } finally {
    late?.close();
    client.close();
  }
});

it('still ends by its deadline when a call does not finish in time', async () => {
  const a = await replica('a', 5000);
  const client = createClient<payment.PaymentServiceClient>(Service, `127.0.0.1:${a.server.port}`);
  try {
    const answer = client.call.listCards({ ownerId: 'u' }, { deadlineMs: 10_000 }).catch((err: Error) => err);
    await a.started;
    const t0 = Date.now();
    await a.server.shutdown(300);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(await answer).toBeInstanceOf(Error);
  } finally {
    client.close();
  }
});

describe('retries and deadlines', () => {
  let server: RunningGrpcServer;
  const calls = { listCards: 0, loadCard: 0 };
  let innerDeadline: number | undefined;
  let client: ClientHandle<payment.PaymentServiceClient>;

  beforeAll(async () => {
    server = await startGrpcServer({
      name: 'retry-test',
      host: '127.0.0.1',
      port: 0,
      services: [
        {
          definition: Service.service,
          implementation: {
            // Read-only: UNAVAILABLE on every first try of an owner, then an answer.
            listCards: unaryHandler(silent, async (req: { ownerId: string }, call) => {
              if (req.ownerId === 'inner') {
                innerDeadline = new Date(call.getDeadline() as Date | number).getTime();
                return { cards: [] };
              }
              calls.listCards++;
              if (calls.listCards % 2 === 1) throw new AppError('unavailable', 'BUSY', 'try again');
              return { cards: [{ id: '1', name: req.ownerId, balanceCents: '0' }] };
            }),
            // Not read-only: never retried by the channel.
            loadCard: unaryHandler(silent, async () => {
              calls.loadCard++;
              throw new AppError('unavailable', 'BUSY', 'try again');
            }),
            // Calls listCards on this same server, on behalf of its own caller, with a 10 s deadline of its own.
            listLoads: unaryHandler(silent, async () => {
              const inner = createClient<payment.PaymentServiceClient>(Service, `127.0.0.1:${server.port}`);
              try {
                await inner.call.listCards({ ownerId: 'inner' }, { deadlineMs: 10_000 });
              } finally {
                inner.close();
              }
              return { loads: [] };
            }),
          },
        },
      ],
      definitions: [definition],
      log: silent,
    });
    client = createClient<payment.PaymentServiceClient>(Service, `127.0.0.1:${server.port}`);
  });
  afterAll(async () => {
    client.close();
    await server.shutdown(100);
  });

  it('retries a read-only call on UNAVAILABLE, and never a card load', async () => {
    const answer = await client.call.listCards({ ownerId: 'u' });
    expect(answer.cards[0]?.name).toBe('u');
    expect(calls.listCards).toBe(2);
    await expect(
      client.call.loadCard({ ownerId: 'u', cardId: '1', nonce: 'n', amountCents: '100', idempotencyKey: '' }),
    ).rejects.toThrow(/UNAVAILABLE/);
    expect(calls.loadCard).toBe(1);
  });

  it("keeps the incoming call's deadline on the calls made on its behalf", async () => {
    const outer = Date.now() + 1_500;
    await client.call.listLoads({ ownerId: 'u', cardId: '1' }, { deadlineMs: 1_500 });
    // The inner call asked for 10 s of its own, and got what was left of the outer call's 1.5 s. gRPC
    // sends a deadline as time left, so the server's copy is later by the call's time in transit: up to
    // 95 ms on a busy CI host (a 50 ms margin failed there). Any margin well under the 8.5 s between the
    // two answers tells them apart.
    expect(innerDeadline).toBeDefined();
    expect(innerDeadline as number).toBeLessThanOrEqual(outer + 1_000);
    expect(innerDeadline as number).toBeGreaterThan(outer - 1_500);
  });
});
