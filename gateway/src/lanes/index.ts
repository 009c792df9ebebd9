// The lanes: answers the HTTP server gives on the raw request before Koa, for the requests that are
// most of the traffic and whose answer Koa's machinery (context, middleware chain, router, promise
// hooks under trace context) would cost more than their own work. Each decides exactly as Koa's route
// for the request would, with the same shared code (authenticator, payment answers, cookies), and
// writes through answer.ts, the one writer of the headers, 500 and access line Koa would give:
// - user.ts: GET /auth/user for a token verified before (cached, synchronous);
// - avatar.ts: an avatar in the gateway's cache (cached, synchronous);
// - user-refresh.ts: GET /auth/user with an expired cookie token, answered when refreshed;
// - card-load.ts: POST /cards/{id}/load/, answered when the payment service has;
// - oidc-token.ts: POST /oidc/token, answered when the OpenID provider (in auth) has.
// Anything a lane does not take, it leaves to Koa having written nothing. A new lane is a file here,
// added to its surface's chain (surfaces/public.ts) with the route it counts under.
import type { httpMetrics } from '../metrics';
import type { Lane } from './lane';

export type { Lane } from './lane';

/**
 * The first of the cached lanes that answers, counted under its metrics route when metrics are on.
 * Every request passes here, so a request none of them answers costs their cheap checks only.
 */
export function cachedLanes(
  lanes: ReadonlyArray<{ lane: Lane; route: string }>,
  requestMetrics: ReturnType<typeof httpMetrics> | undefined,
): Lane {
  if (!requestMetrics) {
    const plain = lanes.map((l) => l.lane);
    return (req, res) => {
      for (const lane of plain) if (lane(req, res)) return true;
      return false;
    };
  }
  return (req, res) => {
    const start = performance.now();
    for (const { lane, route } of lanes) {
      if (!lane(req, res)) continue;
      requestMetrics.answeredBeforeKoa(route, req.method ?? '', res.statusCode, start);
      return true;
    }
    return false;
  };
}

/** The lanes tried in order: the first that takes the request answers it. */
export function firstLane(...lanes: Lane[]): Lane {
  return (req, res) => {
    for (const lane of lanes) if (lane(req, res)) return true;
    return false;
  };
}
