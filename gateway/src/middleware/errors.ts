import { describeCallError } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import { redactUrl } from '@gatehouse/logger';
import type Koa from 'koa';
import { NOSNIFF } from './security-headers';

/** An error the gateway answers itself, with a status and a message meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A gRPC call's failure (grpc-js ServiceError shape: numeric code and details). */
export function isGrpcError(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'number' && 'details' in err
  );
}

const ABORT_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'EPIPE']);

/** The client went away (mid-body, mid-answer): nothing failed on our side, and nobody hears the answer. */
export function isClientAbort(ctx: Koa.Context, err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && ABORT_CODES.has(code)) return true;
  return ctx.req.destroyed && !ctx.req.complete;
}

/** An error as the client sees it: the status and a message safe to show. */
function describeError(err: unknown): { status: number; message: string } {
  if (err instanceof HttpError) return { status: err.status, message: err.message };
  if (isGrpcError(err)) {
    const failure = describeCallError(err);
    return { status: failure.httpStatus, message: failure.message };
  }
  if (typeof (err as { status?: unknown }).status === 'number' && (err as { expose?: boolean }).expose) {
    return { status: (err as { status: number }).status, message: (err as Error).message };
  }
  return { status: 500, message: 'internal error' };
}

/**
 * The first middleware, around everything else: every failure becomes `{"error": "..."}` with the right
 * status (gRPC statuses through grpc-kit's one table; 5xx bodies never carry internals, whose cause is
 * logged here), then the access log line: failures at info, the rest at debug. One layer rather than
 * two, since it wraps every request.
 */
export function errorHandler(log: Logger): Koa.Middleware {
  return async function errorHandler(ctx, next) {
    const started = performance.now();
    // Every answer, 404s and upstreams' included.
    ctx.set(...NOSNIFF);
    try {
      await next();
    } catch (err) {
      if (isClientAbort(ctx, err)) {
        log.info({ method: ctx.method, url: redactUrl(ctx.url) }, 'client aborted the request');
        ctx.status = 400;
        ctx.body = { error: 'request aborted' };
        return;
      }
      const { status, message } = describeError(err);
      if (status >= 500) log.error({ err, method: ctx.method, url: redactUrl(ctx.url) }, 'request failed');
      ctx.status = status;
      ctx.body = { error: message };
    }
    // Built only when it will be written: formatting every 200 costs throughput for nothing.
    const level = ctx.status >= 400 ? 'info' : 'debug';
    if (log.isLevelEnabled(level)) {
      const ms = Math.round(performance.now() - started);
      log[level]({ method: ctx.method, url: redactUrl(ctx.url), status: ctx.status, ms }, 'request');
    }
  };
}

/**
 * The one 405: `Allow` names what the route serves, and the body is errorHandler's
 * `{"error": "method not allowed"}`. Every refusal of a method, by any route or by the app, is this.
 */
export function refuseMethod(ctx: Koa.Context, allow: string): never {
  ctx.set('Allow', allow);
  throw new HttpError(405, 'method not allowed');
}
