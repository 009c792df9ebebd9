import { FastHistogram, type Metrics, secondsSince } from '@gatehouse/metrics';
import * as grpc from '@grpc/grpc-js';
import { mapHandlers } from './map-handlers';

// Every gRPC server and client of every process counts its calls here, once, by service, method and
// status code name (all bounded: they come from the proto definitions and grpc.status).
const LABELS = ['service', 'method', 'code'] as const;

function codeName(code: number): string {
  return grpc.status[code] ?? String(code);
}

type Label = (typeof LABELS)[number];

/**
 * The calls counter and duration histogram of one side (served or made), one pair per process however
 * many services and clients record into it: FastHistogram keeps plain numbers per label set, where
 * prom-client's Counter and Histogram hash their labels on every call (two calls a refresh per side).
 */
const SIDES = new WeakMap<Metrics, Record<'server' | 'client', FastHistogram<Label>>>();

function callSeries(metrics: Metrics, side: 'server' | 'client'): FastHistogram<Label> {
  let sides = SIDES.get(metrics);
  if (!sides) {
    sides = {
      server: new FastHistogram(metrics, {
        name: 'gatehouse_grpc_server_duration_seconds',
        help: 'gRPC call handling time',
        labelNames: LABELS,
        counter: { name: 'gatehouse_grpc_server_calls_total', help: 'gRPC calls served' },
      }),
      client: new FastHistogram(metrics, {
        name: 'gatehouse_grpc_client_duration_seconds',
        help: 'gRPC call time seen by the caller',
        labelNames: LABELS,
        counter: { name: 'gatehouse_grpc_client_calls_total', help: 'gRPC calls made' },
      }),
    };
    SIDES.set(metrics, sides);
  }
  return sides[side];
}

function splitPath(path: string): { service: string; method: string } {
  const [, service = '', method = ''] = path.split('/');
  return { service, method };
}

/**
 * The implementation with every handler timed and counted by the status it ends with. Wraps the
 * guarded implementation, so refused callers (UNAUTHENTICATED, PERMISSION_DENIED) are counted too.
 */
export function instrumented(
  definition: grpc.ServiceDefinition,
  implementation: grpc.UntypedServiceImplementation,
  metrics: Metrics,
): grpc.UntypedServiceImplementation {
  const calls = callSeries(metrics, 'server');
  // Each call keeps the event-loop lag monitor sampling (EventLoopLag). Health checks, from probes and
  // the gateway, are not counted: grpc.health.v1 is served beside these services, not through here.
  const lag = metrics.lag;
  return mapHandlers(definition, implementation, (handler, attrs) => {
    const where = splitPath(attrs.path);
    const finish = (start: bigint, code: number) => {
      calls.observe({ ...where, code: codeName(code) }, secondsSince(start));
    };
    if (attrs.responseStream || attrs.requestStream) {
      // Streams end by finishing, by an error emitted on the call, or by the client cancelling.
      return (call: grpc.ServerWritableStream<unknown, unknown>) => {
        lag.busy();
        const start = process.hrtime.bigint();
        let done = false;
        const end = (code: number) => {
          if (done) return;
          done = true;
          finish(start, code);
        };
        call.once('error', (err: { code?: number }) => end(err.code ?? grpc.status.UNKNOWN));
        call.once('cancelled', () => end(grpc.status.CANCELLED));
        call.once('finish', () => end(grpc.status.OK));
        handler(call);
      };
    }
    return (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      lag.busy();
      const start = process.hrtime.bigint();
      handler(call, ((err: { code?: number } | null, ...rest: unknown[]) => {
        finish(start, err ? (err.code ?? grpc.status.UNKNOWN) : grpc.status.OK);
        (callback as (...args: unknown[]) => void)(err, ...rest);
      }) as grpc.sendUnaryData<unknown>);
    };
  });
}

/** A client interceptor that times and counts every outgoing call by the status it ends with. */
export function clientMetrics(metrics: Metrics): grpc.Interceptor {
  const calls = callSeries(metrics, 'client');
  return (options, nextCall) => {
    const where = splitPath(options.method_definition.path);
    const start = process.hrtime.bigint();
    return new grpc.InterceptingCall(nextCall(options), {
      // The listener given to next() only sees the status; grpc-js passes everything else on.
      start(metadata, _listener, next) {
        next(metadata, {
          onReceiveStatus(status, nextStatus) {
            calls.observe({ ...where, code: codeName(status.code) }, secondsSince(start));
            nextStatus(status);
          },
        });
      },
    });
  };
}
