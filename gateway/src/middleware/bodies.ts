import { bodyParser } from '@koa/bodyparser';
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

export interface BodyReaderOptions {
  /** The largest body, as the parser takes it: '4kb', '64kb'. */
  limit: string;
  /** The methods whose body is read; default POST. PUT and PATCH are refused an encoding either way. */
  methods?: string[];
  /** When set, a body of another type is a 415 with this text (otherwise it is left unread). */
  typeRequired?: string;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const TYPES = { json: 'application/json', form: 'application/x-www-form-urlencoded' } as const;

/**
 * The one body reader of the gateway's routes (the card-loading contract reads its own, in its own
 * error shape: routes/payment/body.ts): the encoding check, then @koa/bodyparser for JSON or a form, whose own
 * failures (a malformed body, one over its limit) are the client's: 4xx with a plain message, never a
 * 500 with the parser's stack. After it, the body is ctx.request.body.
 */
export function bodyReader(kind: 'json' | 'form', { limit, methods = ['POST'], typeRequired }: BodyReaderOptions) {
  const parse = bodyParser({
    enableTypes: [kind],
    ...(kind === 'json' ? { jsonLimit: limit } : { formLimit: limit }),
    parsedMethods: methods,
  });
  return async function readBody(ctx: Koa.Context, next: Koa.Next = async () => {}): Promise<void> {
    if (BODY_METHODS.has(ctx.method) || methods.includes(ctx.method)) {
      refuseEncodedBody(ctx);
      if (typeRequired !== undefined && methods.includes(ctx.method) && !ctx.is(TYPES[kind])) {
        throw new HttpError(415, typeRequired);
      }
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
