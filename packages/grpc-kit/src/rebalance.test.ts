// A replica that appears after a client resolved the service (a scale-up, a replica whose DNS record
// came a moment late) gets calls: within the client's resolver refresh (refreshing-resolver.ts, 30 s),
// and at the latest once the connection the client has reaches the server's maximum age, whose GOAWAY
// makes the client resolve again (docs/deployment.md "Internal gRPC"). The name is resolved by a
// resolver of this test's own, a list it changes without telling the client, as DNS gains a record;
// everything else is the channel factory's, the refreshing resolver's and the server kit's.

import { createLogger } from '@gatehouse/logger';
import { loadProto, type payment } from '@gatehouse/proto';
import { until } from '@gatehouse/test-kit/until';
import * as grpc from '@grpc/grpc-js';
import { createClient } from './client';
import { REFRESH_INTERVAL_OPTION, refreshingResolver } from './refreshing-resolver';
import { type RunningGrpcServer, startGrpcServer, unaryHandler } from './server';

const silent = createLogger({ name: 'rebalance-test', level: 'silent' });
const { definition, grpcObject } = loadProto('payment');
const Service = grpcObject.payment.v1.PaymentService;

/** The service's replicas as "DNS" has them now, and how often the client asked. */
const listed: number[] = [];
let resolutions = 0;

class ListResolver implements grpc.experimental.Resolver {
  constructor(
    _target: unknown,
    private readonly listener: grpc.experimental.ResolverListener,
  ) {}

  updateResolution(): void {
    resolutions++;
    const endpoints = listed.map((port) => ({ addresses: [{ host: '127.0.0.1', port }] }));
    setImmediate(() => this.listener({ ok: true, value: endpoints }, {}, null, ''));
  }

  destroy(): void {}

  static getDefaultAuthority(): string {
    return 'payment';
  }
}
grpc.experimental.registerResolver('rebalance-test', ListResolver);
// The list, asked again on a timer, as createClient has grpc-js's DNS resolver asked (dns-refreshed).
grpc.experimental.registerResolver('rebalance-test-refreshed', refreshingResolver('rebalance-test', 60_000));

beforeEach(() => {
  listed.length = 0;
});

async function replica(
  name: string,
  maxConnectionAgeMs = 2_000,
): Promise<{ server: RunningGrpcServer; served: number }> {
  const self = { served: 0 } as { server: RunningGrpcServer; served: number };
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
            return { cards: [] };
          }),
        },
      },
    ],
    definitions: [definition],
    log: silent,
    maxConnectionAgeMs,
  });
  return self;
}

it('sends calls to a replica listed after it resolved, once its connection reaches the maximum age', async () => {
  const [a, b] = [await replica('a'), await replica('b')];
  listed.push(a.server.port);
  const client = createClient<payment.PaymentServiceClient>(Service, 'rebalance-test:///payment');
  try {
    for (let i = 0; i < 20; i++) await client.call.listCards({ ownerId: 'u' });
    const asked = resolutions;
    // b is now "in DNS"; nothing tells the client, which keeps to a until a's GOAWAY.
    listed.push(b.server.port);
    for (let i = 0; i < 20; i++) await client.call.listCards({ ownerId: 'u' });
    expect([a.served, b.served]).toEqual([40, 0]);
    await until(async () => {
      await client.call.listCards({ ownerId: 'u' }, { deadlineMs: 2_000 });
      return b.served > 0;
    }, 15_000);
    expect(resolutions).toBeGreaterThan(asked);
    // From then on both take calls.
    const before = [a.served, b.served];
    for (let i = 0; i < 40; i++) await client.call.listCards({ ownerId: 'u' });
    expect(a.served - (before[0] ?? 0)).toBeGreaterThan(0);
    expect(b.served - (before[1] ?? 0)).toBeGreaterThan(0);
  } finally {
    client.close();
    await Promise.all([a.server.shutdown(100), b.server.shutdown(100)]);
  }
}, 20_000);

it('finds a replica listed after it resolved by its resolver refresh, long before any maximum age', async () => {
  // Connections live 5 minutes here: only the refresh (every 300 ms in this test) can find b.
  const [a, b] = [await replica('a', 300_000), await replica('b', 300_000)];
  listed.push(a.server.port);
  const client = createClient<payment.PaymentServiceClient>(Service, 'rebalance-test-refreshed:///payment', {
    channelOptions: { [REFRESH_INTERVAL_OPTION]: 300 },
  });
  try {
    for (let i = 0; i < 20; i++) await client.call.listCards({ ownerId: 'u' });
    expect([a.served, b.served]).toEqual([20, 0]);
    listed.push(b.server.port);
    // Every call meanwhile answers (a failure would throw): a refresh naming the same replica keeps it.
    await until(async () => {
      await client.call.listCards({ ownerId: 'u' });
      return b.served > 0;
    }, 5_000);
    const before = [a.served, b.served];
    for (let i = 0; i < 40; i++) await client.call.listCards({ ownerId: 'u' });
    expect(a.served - (before[0] ?? 0)).toBeGreaterThan(0);
    expect(b.served - (before[1] ?? 0)).toBeGreaterThan(0);
    client.close();
    // A closed client's refresh stops with it.
    const asked = resolutions;
    await new Promise((r) => setTimeout(r, 1_000));
    expect(resolutions).toBe(asked);
  } finally {
    client.close();
    await Promise.all([a.server.shutdown(100), b.server.shutdown(100)]);
  }
}, 20_000);

it('refreshes again after its channel was idle and is used anew', async () => {
  const a = await replica('a', 300_000);
  listed.push(a.server.port);
  // grpc-js destroys an idle channel's resolver (30 minutes by default, 1 s here), and asks the same one
  // again at the next call: the refresh must start again then.
  const client = createClient<payment.PaymentServiceClient>(Service, 'rebalance-test-refreshed:///payment', {
    channelOptions: { [REFRESH_INTERVAL_OPTION]: 200, 'grpc.client_idle_timeout_ms': 1_000 },
  });
  const askedIn = async (ms: number) => {
    const from = resolutions;
    await new Promise((r) => setTimeout(r, ms));
    return resolutions - from;
  };
  try {
    // Waits, not counts in a fixed window: a loaded machine delays timers, and the claim is only that
    // the refresh runs, stops when idle, and runs again after the next call.
    await client.call.listCards({ ownerId: 'u' });
    await until(async () => (await askedIn(700)) > 0, 5_000);
    await until(async () => (await askedIn(600)) === 0, 5_000); // idle: resolver destroyed, refresh stopped
    await client.call.listCards({ ownerId: 'u' });
    await until(async () => (await askedIn(700)) > 1, 5_000);
  } finally {
    client.close();
    await a.server.shutdown(100);
  }
}, 20_000);
