// A read-only call made while its service is restarting waits for the channel to connect again (up to
// RECONNECT_WAIT_MS) and is then sent; a write never is, and a read whose service stays away fails as
// a call that was never sent (UNAVAILABLE, which the gateway answers 503), not as a deadline.

import { createLogger } from '@gatehouse/logger';
import { loadProto, type payment } from '@gatehouse/proto';
import { until } from '@gatehouse/test-kit/until';
import * as grpc from '@grpc/grpc-js';
import { type ClientHandle, createClient } from './client';
import { callNeverSent } from './errors';
import { type RunningGrpcServer, startGrpcServer, unaryHandler } from './server';

const log = createLogger({ name: 'reconnect', level: 'silent' });
const { definition, grpcObject } = loadProto('payment');
const Service = grpcObject.payment.v1.PaymentService;

describe('calls made while the service is down', () => {
  let port: number;
  let server: RunningGrpcServer | undefined;
  let client: ClientHandle<payment.PaymentServiceClient> | undefined;
  const served: string[] = [];

  const start = () =>
    startGrpcServer({
      name: 'reconnect',
      host: '127.0.0.1',
      port,
      services: [
        {
          definition: Service.service,
          implementation: {
            listCards: unaryHandler(log, async () => {
              served.push('listCards');
              return { cards: [] };
            }),
            createCard: unaryHandler(log, async () => {
              served.push('createCard');
              return { card: { id: '1', name: 'c', balanceCents: '0' } };
            }),
          },
        },
      ],
      definitions: [definition],
      log,
    });

  beforeEach(async () => {
    // A port that was just free: the service "restarts" on it.
    const probe = await startGrpcServer({
      name: 'reconnect',
      host: '127.0.0.1',
      port: 0,
      services: [],
      definitions: [],
      log,
    });
    port = probe.port;
    await probe.shutdown(0);
    served.length = 0;
    client = createClient<payment.PaymentServiceClient>(Service, `127.0.0.1:${port}`);
  });
  afterEach(async () => {
    client?.close();
    await server?.shutdown(0);
    server = undefined;
  });

  it('a read waits for the restarted service and is answered', async () => {
    // A deadline long enough that the wait is RECONNECT_WAIT_MS's, not what is left of a 2 s deadline.
    const read = client!.call.listCards({ ownerId: 'dev_a' }, { deadlineMs: 5_000 });
    // The service comes back while the read is under way, once its first try has failed: as soon as the
    // channel says so, not after a fixed sleep (on a loaded machine the sleep left too little of the wait).
    const channel = client!.raw.getChannel();
    await until(() => channel.getConnectivityState(false) === grpc.connectivityState.TRANSIENT_FAILURE, {
      ms: 10_000,
      everyMs: 10,
      what: 'the first try to fail',
    });
    server = await start();
    await expect(read).resolves.toEqual(expect.objectContaining({ cards: [] }));
    expect(served).toEqual(['listCards']);
  });

  it('a write fails at once as never sent, and is not sent when the service is back', async () => {
    const write = client!.call.createCard({ ownerId: 'dev_a', name: 'c' });
    const failure = await write.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(callNeverSent(failure)).toBe(true);
    server = await start();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(served).toEqual([]);
  });

  it('a read whose service stays away fails as never sent, not as a deadline', async () => {
    const failure = await client!.call.listCards({ ownerId: 'dev_a' }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toMatchObject({ code: grpc.status.UNAVAILABLE });
    expect(callNeverSent(failure)).toBe(true);
  });
});
