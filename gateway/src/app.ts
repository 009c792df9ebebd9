import type { Logger } from '@gatehouse/logger';
import type Router from '@koa/router';
import Koa from 'koa';
import compose from 'koa-compose';
import { canonicalPaths } from './middleware/canonical-path';
import { errorHandler } from './middleware/errors';
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
  /**
   * Middleware run before everything else, even error handling: answers for the hottest requests that
   * can neither throw nor need logging; anything else goes on with next().
   */
  hotPaths?: Koa.Middleware[];
  /** How many reverse proxies append to X-Forwarded-For; 0 trusts none. */
  trustedProxies: number;
  mounts: Mount[];
}

function mountMiddleware(mount: Mount): Koa.Middleware {
  const stack: Koa.Middleware[] = [...(mount.middleware ?? [])];
  for (const router of mount.routers ?? [])
    stack.push(router.routes() as Koa.Middleware, router.allowedMethods() as Koa.Middleware);
  return compose(stack);
}

/**
 * Builds the Koa app. Requests are dispatched by their first path segment to one mount, so a request
 * only ever meets the routes of its own area. No I/O here: tests and the composition root share it.
 */
export function buildApp({ log, trustedProxies, mounts, hotPaths = [] }: AppOptions): Koa {
  const app = new Koa({ proxy: trustedProxies > 0, maxIpsCount: trustedProxies });
  app.silent = true; // errors are logged once, by errorHandler
  for (const hot of hotPaths) app.use(hot);
  app.use(errorHandler(log));
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
