import type Koa from 'koa';
import { HttpError, isClientAbort } from './errors';

/**
 * Request bodies are read as sent: a Content-Encoding (gzip, br, or a made-up one) is refused with 415
 * before any byte is inflated, so a compressed or broken body can neither cost us a decompression bomb
 * nor surface as a parser's 500.
 */
export function refuseEncodedBody(ctx: Koa.Context): void {
  const encoding = ctx.get('content-encoding').trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity') throw new HttpError(415, 'content-encoded bodies are not accepted');
}

/**
 * A body parser behind the encoding check, whose own failures (a malformed body, one over its limit) are
 * the client's: 4xx with a plain message, never a 500 with the parser's stack.
 */
export function strictBody(parse: Koa.Middleware): Koa.Middleware {
  return async function strictBody(ctx, next) {
    if (ctx.method === 'POST' || ctx.method === 'PUT' || ctx.method === 'PATCH') {
      refuseEncodedBody(ctx);
      try {
        await parse(ctx, async () => {});
      } catch (err) {
        if (isClientAbort(ctx, err)) throw err;
        const status = (err as { status?: unknown }).status;
        if (status === 413) throw new HttpError(413, 'request body is too large');
        if (status === 415) throw new HttpError(415, 'unsupported body type');
        throw new HttpError(400, 'malformed request body');
      }
    }
    return next();
  };
}
