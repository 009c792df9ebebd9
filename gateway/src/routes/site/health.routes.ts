import Router from '@koa/router';
import { setNoStore } from '../kit';

export interface HealthDeps {
  /** The gRPC services the gateway calls, by name: each must answer grpc.health.v1 SERVING. */
  services: Record<string, string>;
  /** grpc.health.v1 Check of one address (grpc-kit's checkHealth). */
  check: (address: string) => Promise<string>;
  /** How long one readiness answer is reused: probes stay cheap however often they come. */
  cacheMs?: number;
}

/**
 * GET /health/live: the process answers. GET /health/ready: 200 while every service the gateway calls
 * answers health SERVING, else 503 with the names of those that do not — for load balancers and
 * compose's health check.
 */
export function healthRoutes(deps: HealthDeps): Router {
  const router = new Router({ prefix: '/health' });
  const cacheMs = deps.cacheMs ?? 1_000;
  let last: { at: number; notServing: string[] } | undefined;
  let pending: Promise<string[]> | undefined;

  const notServing = async (): Promise<string[]> => {
    if (last && Date.now() - last.at < cacheMs) return last.notServing;
    pending ??= Promise.all(
      Object.entries(deps.services).map(async ([name, address]) =>
        (await deps.check(address).catch(() => 'UNKNOWN')) === 'SERVING' ? undefined : name,
      ),
    )
      .then((names) => names.filter((n): n is string => n !== undefined))
      .finally(() => {
        pending = undefined;
      });
    const names = await pending;
    last = { at: Date.now(), notServing: names };
    return names;
  };

  router.get('/live', (ctx) => {
    setNoStore(ctx);
    ctx.body = { status: 'live' };
  });

  router.get('/ready', async (ctx) => {
    const names = await notServing();
    setNoStore(ctx);
    if (names.length > 0) {
      ctx.status = 503;
      ctx.body = { status: 'not ready', not_serving: names };
      return;
    }
    ctx.body = { status: 'ready' };
  });
  return router;
}
