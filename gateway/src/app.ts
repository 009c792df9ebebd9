import type { Logger } from '@gatehouse/logger';
import type Router from '@koa/router';
import Koa from 'koa';
import compose from 'koa-compose';
import { canonicalPaths } from './middleware/canonical-path';
import { errorHandler, refuseMethod } from './middleware/errors';
import { requestTrace } from './middleware/trace';
import './state';

/** A router served under a path prefix ('' for the rest). */
export interface Mount {
  prefix: string;
  routers?: Router[];
  /** Plain middleware, tried before the routers: the hot paths skip @koa/router's matching. */
  middleware?: Koa.Middleware[];
}

export interface AppOptions {
  log: Logger;
  /** Middleware ahead of everything else: request metrics, which must see every request Koa gets. */
  first?: Koa.Middleware[];
  /** How many reverse proxies append to X-Forwarded-For; 0 trusts none. */
  trustedProxies: number;
  mounts: Mount[];
}

/** The methods the gateway serves anywhere; others (TRACE, CONNECT, WebDAV's...) are refused up front. */
export const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const served = new Set(SERVED_METHODS);

/** 405 with Allow for a method the gateway does not serve at all, instead of the router's 501. */
function servedMethods(): Koa.Middleware {
  return function servedMethods(ctx, next) {
    if (served.has(ctx.method)) return next();
    refuseMethod(ctx, SERVED_METHODS.join(', '));
  };
}

/**
 * A route's other methods: the router's allowedMethods sets 405 (or 501, for a method no route of the
 * router has) and Allow; the answer is then refuseMethod's, `{"error": "method not allowed"}`.
 */
async function methodNotAllowed(ctx: Koa.Context, next: Koa.Next): Promise<void> {
  await next();
  // A HEAD has no body to give; a proxied upstream's 405 keeps its own (its body is never null but for HEAD).
  if (ctx.status === 501 || (ctx.status === 405 && ctx.body == null && ctx.method !== 'HEAD')) {
    ctx.status = 405;
    ctx.body = { error: 'method not allowed' };
  }
}

function mountMiddleware(mount: Mount): Koa.Middleware {
  const stack: Koa.Middleware[] = [methodNotAllowed, ...(mount.middleware ?? [])];
  for (const router of mount.routers ?? [])
    stack.push(router.routes() as Koa.Middleware, router.allowedMethods() as Koa.Middleware);
  return compose(stack);
}

/**
 * Builds the Koa app. Requests are dispatched by their first path segment to one mount, so a request
 * only ever meets the routes of its own area. No I/O here: tests and the composition root share it.
 */
export function buildApp({ log, trustedProxies, mounts, first = [] }: AppOptions): Koa {
  const app = new Koa({ proxy: trustedProxies > 0, maxIpsCount: trustedProxies });
  app.silent = true; // errors are logged once, by errorHandler
  for (const m of first) app.use(m);
  // The hottest answers (cached /auth/user and avatars) never get here: the HTTP server gives them
  // before Koa and names their trace itself (gateway.ts).
  app.use(requestTrace());
  app.use(errorHandler(log));
  app.use(servedMethods());
  app.use(canonicalPaths());
  // Longest prefix first, so /api/v1/avatar wins over /api; '' (the rest) last.
  const table = mounts
    .map((m) => ({ prefix: m.prefix.replace(/\/+$/, ''), handle: mountMiddleware(m) }))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  app.use(function dispatch(ctx, next) {
    const path = ctx.path;
    for (const { prefix, handle } of table) {
      if (prefix === '' || path === prefix || path.startsWith(`${prefix}/`)) return handle(ctx, next);
    }
    return next();
  });
  return app;
}
