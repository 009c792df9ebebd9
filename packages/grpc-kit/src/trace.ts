import { outgoingTraceparent, runInTrace, traceFrom } from '@gatehouse/logger';
import * as grpc from '@grpc/grpc-js';
import { withIncomingDeadline } from './deadline';
import { mapHandlers } from './map-handlers';

// The metadata key OpenTelemetry's gRPC instrumentation uses too, so traced callers and servers of
// other stacks meet ours.
export const TRACEPARENT_KEY = 'traceparent';

/**
 * A client interceptor that puts the current trace (with a new span id for the call) in the call's
 * metadata. It runs synchronously when the call starts, so it sees the caller's AsyncLocalStorage store;
 * outside a trace it adds nothing.
 */
export const traceInterceptor: grpc.Interceptor = (options, nextCall) =>
  new grpc.InterceptingCall(nextCall(options), {
    start(metadata, listener, next) {
      const traceparent = outgoingTraceparent();
      if (traceparent) metadata.set(TRACEPARENT_KEY, traceparent);
      next(metadata, listener);
    },
  });

/**
 * The implementation with every handler (unary or streaming) run inside the caller's trace, or a new one
 * when the caller sent none or an invalid one: every log line of the call carries its trace_id, and the
 * service's own gRPC calls carry it on through traceInterceptor, and end no later than this call's deadline.
 */
export function traced(
  definition: grpc.ServiceDefinition,
  implementation: grpc.UntypedServiceImplementation,
): grpc.UntypedServiceImplementation {
  return mapHandlers(
    definition,
    implementation,
    (handler) =>
      (call: { metadata: grpc.Metadata; getDeadline?: () => grpc.Deadline }, ...rest: unknown[]) => {
        const [header] = call.metadata.get(TRACEPARENT_KEY);
        const trace = traceFrom(typeof header === 'string' ? header : undefined);
        runInTrace(trace, () => withIncomingDeadline(call, () => handler(call, ...rest)));
      },
  );
}
