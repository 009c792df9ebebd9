// A replica that appears after a client resolved the service (a scale-up, a replica whose DNS record
// came a moment late) gets calls once the connection the client has reaches the server's maximum age:
// the server's GOAWAY makes the client resolve again (docs/deployment.md "Internal gRPC"). The name is
// resolved by a resolver of this test's own, a list it changes without telling the client, as DNS
// gains a record; everything else is the channel factory's and the server kit's, with the age at 2 s.

import { createLogger } from '@gatehouse/logger';
import { loadProto, type payment } from '@gatehouse/proto';
import * as grpc from '@grpc/grpc-js';
import { until } from '../../../test/until';
import { createClient } from './client';
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

async function replica(name: string): Promise<{ server: RunningGrpcServer; served: number }> {
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
    maxConnectionAgeMs: 2_000,
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
