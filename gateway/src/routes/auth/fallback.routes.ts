import type Router from '@koa/router';
import { apiRouter, HttpError } from '../kit';

/**
 * Anything under /auth that no route names: go-pkgz answers 400 `provider <name> not supported`. Its
 * own router, mounted last of the /auth area (surfaces/public.ts), so that every other /auth router is
 * tried first whatever its place in the list.
 */
export function authFallbackRoutes(): Router {
  const router = apiRouter({ prefix: '/auth', noStore: false });
  router.all('/*rest', async (ctx) => {
    throw new HttpError(400, `provider ${ctx.path.split('/')[2] ?? ''} not supported`);
  });
  return router;
}
