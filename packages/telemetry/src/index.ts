/**
 * Span export, for each process's main.ts to call before anything else is loaded (`import './tracing'`
 * as its first line): the SDK's instrumentations patch grpc-js, http, pg, ioredis and undici when those
 * are first required, so they must not be loaded yet. Without OTEL_EXPORTER_OTLP_ENDPOINT nothing of the
 * SDK is even required: tracing off costs what the trace context in @gatehouse/logger costs, no more.
 */
let stop: (() => Promise<void>) | undefined;

export function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): void {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return;
  // A synchronous require on purpose: an import() would let the process's own imports run first.
  const { startSdk } = require('./sdk') as typeof import('./sdk');
  stop = startSdk(serviceName);
}

/** Exports the spans still buffered and stops the SDK; nothing when tracing is off. */
export async function stopTracing(): Promise<void> {
  await stop?.();
}
