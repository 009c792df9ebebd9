// Answers every route family writes the same way: what no cache may keep, and the limiter's 429.
import type Koa from 'koa';
import { HttpError } from '../../middleware/errors';
import { NO_STORE } from '../../middleware/security-headers';

/** No cache, shared or private, keeps this answer. */
export function setNoStore(ctx: Koa.Context): void {
  ctx.set(...NO_STORE);
}

/** setNoStore on every answer of a router, errors included (set before anything runs). */
export function noStore(): Koa.Middleware {
  return async function noStore(ctx, next) {
    setNoStore(ctx);
    await next();
  };
}

/** The limiter's answer: 429 with Retry-After. */
export function limited(ctx: Koa.Context, retryAfterSeconds: number, text: string): never {
  ctx.set('Retry-After', String(retryAfterSeconds));
  throw new HttpError(429, text);
}
