import { Writable } from 'node:stream';
import { createLogger, currentTrace, runInTrace, type TraceContext, traceFrom } from '@gatehouse/logger';
import { loadProto, type payment } from '@gatehouse/proto';
import { type ClientHandle, createClient } from './client';
import { type RunningGrpcServer, startGrpcServer, unaryHandler } from './server';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

// Two servers, as a service calling another: the front one (ListCards) calls the back one (ListLoads),
// and both record the trace they ran in and log one line.
describe('trace context through grpc-kit clients and servers', () => {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger({
    name: 'traced',
    destination: new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  });
  const seen: { front?: TraceContext; back?: TraceContext } = {};
  const { definition, grpcObject } = loadProto('payment');
  const Service = grpcObject.payment.v1.PaymentService;
  let back: RunningGrpcServer;
  let front: RunningGrpcServer;
  let backClient: ClientHandle<payment.PaymentServiceClient>;
  let frontClient: ClientHandle<payment.PaymentServiceClient>;

  const start = (implementation: object) =>
    startGrpcServer({
      name: 'traced',
      host: '127.0.0.1',
      port: 0,
      services: [{ definition: Service.service, implementation }],
      definitions: [definition],
      log: createLogger({ name: 'traced', level: 'silent' }),
    });

  beforeAll(async () => {
    back = await start({
      listLoads: unaryHandler(log, async () => {
        seen.back = currentTrace();
        log.info('back');
        return { loads: [] };
      }),
    });
    backClient = createClient<payment.PaymentServiceClient>(Service, `127.0.0.1:${back.port}`);
    front = await start({
      listCards: unaryHandler(log, async () => {
        seen.front = currentTrace();
        log.info('front');
        await backClient.call.listLoads({});
        return { cards: [] };
      }),
    });
    frontClient = createClient<payment.PaymentServiceClient>(Service, `127.0.0.1:${front.port}`);
  });
  afterAll(async () => {
    backClient.close();
    frontClient.close();
    await Promise.all([front.shutdown(100), back.shutdown(100)]);
  });
  beforeEach(() => {
    lines.length = 0;
    delete seen.front;
    delete seen.back;
  });

  it("carries the caller's trace into every service and onto every log line, each hop a new span", async () => {
    const caller = traceFrom(`00-${TRACE}-00f067aa0ba902b7-01`);
    await runInTrace(caller, () => frontClient.call.listCards({}));
    expect(seen.front).toMatchObject({ traceId: TRACE, flags: '01' });
    expect(seen.back).toMatchObject({ traceId: TRACE, flags: '01' });
    const spans = new Set([caller.spanId, seen.front?.spanId, seen.back?.spanId]);
    expect(spans.size).toBe(3);
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'front', trace_id: TRACE, span_id: seen.front?.spanId }),
      expect.objectContaining({ msg: 'back', trace_id: TRACE, span_id: seen.back?.spanId }),
    ]);
  });

  it('starts a new trace for a call that comes without one, and carries that on', async () => {
    await frontClient.call.listCards({});
    expect(seen.front?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(seen.front?.traceId).not.toBe(TRACE);
    expect(seen.back?.traceId).toBe(seen.front?.traceId);
  });
});
