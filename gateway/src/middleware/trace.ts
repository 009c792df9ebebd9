import { runInTrace, traceFrom } from '@gatehouse/logger';
import type Koa from 'koa';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * The first middleware of all, ahead of metrics and the hot paths: the request's trace is the client's
 * valid `traceparent` or a new one, every answer names it in X-Request-Id (errors and /auth/user
 * included), and everything the request does runs inside it: log lines carry trace_id and gRPC calls
 * carry traceparent (grpc-kit). Cheap enough for the benchmarked hot path: one header parse or one id
 * from a pooled buffer, one setHeader, one AsyncLocalStorage run.
 */
export function requestTrace(): Koa.Middleware {
  return function requestTrace(ctx, next) {
    const trace = traceFrom(ctx.req.headers.traceparent);
    ctx.res.setHeader(REQUEST_ID_HEADER, trace.traceId);
    return runInTrace(trace, next);
  };
}
