import type * as grpc from '@grpc/grpc-js';

// biome-ignore lint/suspicious/noExplicitAny: grpc-js types handlers per service; wrappers only pass them on
export type AnyHandler = (...args: any[]) => void;

/**
 * The implementation's handler for every method of `definition` (found by name or by its proto
 * name), each passed through `wrap`; methods the implementation lacks stay absent. The one loop the
 * server's layers (access, metrics, trace, answering) share.
 */
export function mapHandlers(
  definition: grpc.ServiceDefinition,
  // biome-ignore lint/suspicious/noExplicitAny: handlers are typed per service
  implementation: any,
  wrap: (handler: AnyHandler, attrs: grpc.MethodDefinition<unknown, unknown>) => AnyHandler,
): grpc.UntypedServiceImplementation {
  const out: grpc.UntypedServiceImplementation = {};
  for (const [name, attrs] of Object.entries(definition)) {
    const key = name in implementation ? name : (attrs.originalName as string);
    const handler = implementation[key];
    if (typeof handler !== 'function') continue;
    out[key] = wrap(handler, attrs) as grpc.UntypedHandleCall;
  }
  return out;
}
