import { AsyncLocalStorage } from 'node:async_hooks';
import { randomFillSync } from 'node:crypto';

/**
 * The W3C trace context of the work in progress (an HTTP request at the gateway, a gRPC call in a
 * service). Kept here, next to the logger, because every process already depends on this package and
 * the logger's mixin is what reads it. No OpenTelemetry here: with tracing off, carrying an id costs
 * one AsyncLocalStorage store and a few string operations, and nothing else is loaded.
 */
export interface TraceContext {
  /** 32 lowercase hex digits, never all zeros. */
  traceId: string;
  /** This process's span: 16 lowercase hex digits, never all zeros. */
  spanId: string;
  /** The trace flags as received (`01`: the caller samples this trace), `00` for a trace started here. */
  flags: string;
}

const storage = new AsyncLocalStorage<TraceContext>();

// With spans exported (OTEL_EXPORTER_OTLP_ENDPOINT, @gatehouse/telemetry) the OpenTelemetry SDK owns
// the trace: its HTTP and gRPC instrumentations start the spans and propagate them, and the trace here
// is read from the active span, so X-Request-Id and trace_id name the exported spans.
let exportedTrace: (() => TraceContext | undefined) | undefined;

/** Called once by @gatehouse/telemetry when it starts the SDK. */
export function useExportedTrace(source: () => TraceContext | undefined): void {
  exportedTrace = source;
}

/** The trace context of the current request or call, if any. */
export function currentTrace(): TraceContext | undefined {
  return storage.getStore();
}

/** Runs `fn` (and everything it starts, sync or async) inside `trace`. */
export function runInTrace<T>(trace: TraceContext, fn: () => T): T {
  return storage.run(trace, fn);
}

// Ids come from one pooled buffer refilled 4 KiB at a time: a random id per request must stay cheap on
// the gateway's benchmarked hot path (one randomFillSync per 170 requests instead of one per request).
const pool = Buffer.allocUnsafe(4096);
let used = pool.length;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/** `bytes` random bytes as hex from the shared pool (at most 4096 a call): for ids on hot paths. */
export function randomHex(bytes: number): string {
  if (!(bytes > 0 && bytes <= pool.length)) throw new RangeError(`randomHex takes 1 to ${pool.length} bytes`);
  const at = take(bytes);
  return pool.toString('hex', at, at + bytes);
}

/** Where the next `bytes` unused bytes of the pool start (refilled when too few are left). */
function take(bytes: number): number {
  if (used + bytes > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += bytes;
  return used - bytes;
}

/**
 * A random fraction in [0, 1) from the same pool, in steps of 1/256: for ULIDs, whose characters are
 * each `floor(prng() * 32)` (256 is a multiple of 32, so every character stays uniform). The `ulid`
 * package's own PRNG calls crypto.getRandomValues once per character, 16 a ULID (90 µs of a login).
 */
export function randomFraction(): number {
  return (pool[take(1)] as number) / 256;
}

export function newTraceId(): string {
  let id = randomHex(16);
  while (id === ZERO_TRACE) id = randomHex(16);
  return id;
}

export function newSpanId(): string {
  let id = randomHex(8);
  while (id === ZERO_SPAN) id = randomHex(8);
  return id;
}

// version-traceid-parentid-flags, lowercase hex only (W3C Trace Context §3.2); later versions may add
// fields after another '-', version 00 may not.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/**
 * The trace a valid `traceparent` names, with a new span id for this process (the header's parent id
 * is the caller's span); undefined for anything invalid: a wrong shape, version ff, all-zero ids, or
 * extra fields on version 00.
 */
export function parseTraceparent(header: string | undefined): TraceContext | undefined {
  const valid = validTraceparent(header);
  return valid && { traceId: valid.traceId, spanId: newSpanId(), flags: valid.flags };
}

function validTraceparent(header: string | undefined): { traceId: string; flags: string } | undefined {
  if (header === undefined || header.length < 55 || header.length > 512) return undefined;
  const m = TRACEPARENT.exec(header);
  if (!m) return undefined;
  const [, version, traceId, parentId, flags, rest] = m as unknown as [string, string, string, string, string, string?];
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (traceId === ZERO_TRACE || parentId === ZERO_SPAN) return undefined;
  return { traceId, flags };
}

/** The incoming trace if its `traceparent` is valid, else a new one. */
export function traceFrom(header: string | string[] | undefined): TraceContext {
  const exported = exportedTrace?.();
  if (exported) return exported;
  const parsed = typeof header === 'string' ? parseTraceparent(header) : undefined;
  return parsed ?? { traceId: newTraceId(), spanId: newSpanId(), flags: '00' };
}

/**
 * The trace id traceFrom would give (X-Request-Id), without making a span of this process: for the
 * answers that call and log nothing (the gateway's answers before Koa).
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  const exported = exportedTrace?.();
  if (exported) return exported.traceId;
  return (typeof header === 'string' ? validTraceparent(header)?.traceId : undefined) ?? newTraceId();
}

/** The `traceparent` for an outgoing call: the same trace, a new span id for the call. */
export function childTraceparent(trace: TraceContext): string {
  return `00-${trace.traceId}-${newSpanId()}-${trace.flags}`;
}

/**
 * The `traceparent` an outgoing call (gRPC, HTTP) made now should carry; undefined outside a trace, and
 * when spans are exported, since the SDK's instrumentations then inject their client span's own.
 */
export function outgoingTraceparent(): string | undefined {
  if (exportedTrace) return undefined;
  const trace = storage.getStore();
  return trace && childTraceparent(trace);
}
