// A router's methods and headers, declared once: the kit registers a route's handlers by method and
// answers its other methods the one 405 (Allow naming what it serves, `{"error":"method not allowed"}`),
// and a router of API answers carries the go-pkgz security headers (and no-store) on every answer,
// errors and refusals included, so that no route file writes either.
import Router, { type RouterMiddleware } from '@koa/router';
import type Koa from 'koa';
import { HttpError, refuseMethod } from '../../middleware/errors';
import { securityHeaders } from '../../middleware/security-headers';
import { noStore } from './answers';

/**
 * A router whose answers are the API's: the sandbox CSP and nosniff (go-pkgz's headers) on every one,
 * and no-store when the router's answers carry user data or a token.
 */
export function apiRouter({ prefix, noStore: keepNone }: { prefix: string; noStore: boolean }): Router {
  const router = new Router({ prefix });
  router.use(securityHeaders());
  if (keepNone) router.use(noStore());
  return router;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Handlers = RouterMiddleware | RouterMiddleware[];

/** A route's handlers by method: the caller's check first, then the answer. */
export type RouteMethods = Partial<Record<Method, Handlers>>;

/** The order Allow names methods in; GET brings the HEAD the router answers with it. */
const ALLOW_ORDER: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function allowOf(methods: RouteMethods): string {
  return ALLOW_ORDER.flatMap((m) => (methods[m] === undefined ? [] : m === 'GET' ? ['GET', 'HEAD'] : [m])).join(', ');
}

/**
 * A route of `router`: its handlers by method, then every other method refused with the one 405, whose
 * Allow names what the route serves (`GET, HEAD, DELETE`).
 */
export function route(router: Router, path: string, methods: RouteMethods): void {
  for (const [method, handlers] of Object.entries(methods) as [Method, Handlers][]) {
    router.register(path, [method], handlers);
  }
  const allow = allowOf(methods);
  router.all(path, (ctx) => refuseMethod(ctx, allow));
}

/**
 * For a handler that answers every method of its path itself (the avatars, the go-pkgz
 * /auth/<provider>/<action>): the one 405 unless the request's method is one of `methods`, Allow
 * naming them as given.
 */
export function onlyMethods(ctx: Koa.Context, methods: readonly string[]): void {
  if (!methods.includes(ctx.method)) refuseMethod(ctx, methods.join(', '));
}

/**
 * Every other request under a router that is alone under its prefix (the TOTP routes, whose paths are
 * literal): the one 405 on a route's path (with or without its trailing slash), Allow naming the
 * route's methods as they were registered (HEAD, which the router adds to GET, unnamed), else 404
 * `notFound`. Call it after the router's routes.
 */
export function answerTheRest(router: Router, notFound: string): void {
  const prefix = router.opts.prefix ?? '';
  const key = (path: string) => path.slice(prefix.length).replace(/^\/|\/$/g, '');
  const served = new Map<string, Set<string>>();
  for (const layer of router.stack) {
    const methods = layer.methods.filter((m) => m !== 'HEAD');
    if (methods.length === 0 || typeof layer.path !== 'string') continue;
    const path = key(layer.path);
    served.set(path, new Set([...(served.get(path) ?? []), ...methods]));
  }
  const otherwise: Koa.Middleware = async (ctx) => {
    const allow = served.get(key(ctx.path));
    if (allow === undefined) throw new HttpError(404, notFound);
    refuseMethod(ctx, [...allow].join(', '));
  };
  router.all('/', otherwise);
  router.all('/{*rest}', otherwise);
}
