import type { Logger } from '@gatehouse/logger';
import type Router from '@koa/router';
import Koa from 'koa';
import { accessLog, errorHandler } from './middleware/errors';
import './state';

export interface AppOptions {
  log: Logger;
  /** How many reverse proxies append to X-Forwarded-For; 0 trusts none. */
  trustedProxies: number;
  routers: Router[];
}

/** Builds the Koa app from its routers; no I/O here, so tests and the composition root share it. */
export function buildApp({ log, trustedProxies, routers }: AppOptions): Koa {
  const app = new Koa({ proxy: trustedProxies > 0, maxIpsCount: trustedProxies });
  app.silent = true; // errors are logged once, by errorHandler
  app.use(errorHandler(log));
  app.use(accessLog(log));
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
