import { FastHistogram, type Metrics, statusClass } from '@gatehouse/metrics';
import type Koa from 'koa';
import type { Authenticated, Authenticator, Refused } from './auth/authenticator';

// The gateway's own series. Everything here is built only when METRICS_PORT is set: with metrics off
// the app has no extra middleware and the authenticator is not wrapped, so the /auth/user hot path
// does exactly the work it did before.

/**
 * Requests by route template (the router's pattern, never the raw path), method and status class, their
 * latency, and the requests in flight. Requests no router matched are labelled by the mount they fell
 * under (`/avatar/*`), anything else `unmatched`.
 */
export function httpMetrics(
  metrics: Metrics,
  prefixes: string[],
): {
  middleware: Koa.Middleware;
  /** Counts a request the HTTP server answered itself, before Koa (gateway.ts), started at `startMs`. */
  answeredBeforeKoa(route: string, method: string, status: number, startMs: number): void;
  /**
   * A request the HTTP server has taken before Koa and answers later (the card loads): in flight from
   * now, counted with its status when the returned function is called.
   */
  takenBeforeKoa(route: string, method: string): (status: number) => void;
} {
  // Every request passes here, /auth/user's hot path included: plain numbers, not prom-client's label hashing.
  const requests = new FastHistogram(metrics, {
    name: 'gatehouse_http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['route', 'method', 'status_class'],
    counter: { name: 'gatehouse_http_requests_total', help: 'HTTP requests answered' },
  });
  const inFlight = metrics.gauge('gatehouse_http_requests_in_flight', 'HTTP requests being answered');
  const mounts = prefixes
    .map((p) => p.replace(/\/+$/, ''))
    .filter((p) => p !== '')
    .sort((a, b) => b.length - a.length);
  const routeOf = (ctx: Koa.Context): string => {
    const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
    if (typeof matched === 'string') return matched;
    const path = ctx.path;
    const mount = mounts.find((p) => path === p || path.startsWith(`${p}/`));
    return mount ? `${mount}/*` : 'unmatched';
  };
  // Methods outside this set share one label, so a client inventing methods cannot add series.
  const known = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
  // Every request but a health probe keeps the event-loop lag monitor sampling; an idle gateway stops it
  // (EventLoopLag), and the engine's probes every 30 s would otherwise keep it on a third of the time.
  const lag = metrics.lag;
  const answeredBeforeKoa = (route: string, method: string, status: number, startMs: number) => {
    if (!route.startsWith('/health/')) lag.busy();
    requests.observe(
      { route, method: known.has(method) ? method : 'OTHER', status_class: statusClass(status) },
      (performance.now() - startMs) / 1000,
    );
  };
  // Not an async function: one .then on the hot path instead of an async frame and an await.
  const middleware: Koa.Middleware = function countRequest(ctx, next) {
    if (!ctx.path.startsWith('/health/')) lag.busy();
    const start = performance.now();
    inFlight.inc();
    const done = () => {
      inFlight.dec();
      // A thrown error has been answered by errorHandler further in; 500 if it escaped even that.
      const labels = {
        route: routeOf(ctx),
        method: known.has(ctx.method) ? ctx.method : 'OTHER',
        status_class: statusClass(ctx.status || 500),
      };
      requests.observe(labels, (performance.now() - start) / 1000);
    };
    let running: Promise<unknown>;
    try {
      running = next();
    } catch (err) {
      done();
      throw err;
    }
    return running.then(done, (err: unknown) => {
      done();
      throw err;
    });
  };
  const takenBeforeKoa = (route: string, method: string) => {
    const start = performance.now();
    inFlight.inc();
    return (status: number) => {
      inFlight.dec();
      answeredBeforeKoa(route, method, status, start);
    };
  };
  return { middleware, answeredBeforeKoa, takenBeforeKoa };
}

/**
 * The authenticator, with every token check counted by outcome: `cache_hit` (answered from the
 * verifier's cache), `verified`, `refreshed`, `basic`, or `refused` with a bounded reason. A Proxy,
 * so the class itself stays as it is and every route using it is counted.
 */
export function countedAuthenticator(authenticator: Authenticator, metrics: Metrics): Authenticator {
  const checks = metrics.counter('gatehouse_token_checks_total', 'Token checks by outcome', ['outcome', 'reason']);
  // Cache hits are the /auth/user hot path: a plain number, added to the counter when scraped.
  let hits = 0;
  let reported = 0;
  metrics.beforeScrape(() => {
    if (hits > reported) checks.inc({ outcome: 'cache_hit', reason: '' }, hits - reported);
    reported = hits;
  });
  const record = (result: Authenticated | Refused) => {
    // The refusal's typed reason (RefusalReason, a closed set), never its text.
    if (!result.ok) checks.inc({ outcome: 'refused', reason: result.reason });
    else if (result.source === 'basic') checks.inc({ outcome: 'basic', reason: '' });
    else checks.inc({ outcome: result.refreshed ? 'refreshed' : 'verified', reason: '' });
    return result;
  };
  const cached: Authenticator['authenticateCached'] = (req, owner) => {
    const result = authenticator.authenticateCached(req, owner);
    if (result) hits += 1;
    return result;
  };
  const full: Authenticator['authenticate'] = (ctx, owner) => authenticator.authenticate(ctx, owner).then(record);
  const expiredCookie: Authenticator['authenticateExpiredCookie'] = (req, owner) =>
    authenticator.authenticateExpiredCookie(req, owner)?.then(record);
  return new Proxy(authenticator, {
    get(target, prop, receiver) {
      if (prop === 'authenticateCached') return cached;
      if (prop === 'authenticate') return full;
      if (prop === 'authenticateExpiredCookie') return expiredCookie;
      return Reflect.get(target, prop, receiver);
    },
  });
}

/**
 * Basic-auth passwords actually compared (the admin password, or given to the application's checker),
 * by result: attempts refused by the attempt limit before any comparison are not among them.
 */
export function basicAuthRecorder(metrics: Metrics): (right: boolean) => void {
  const checks = metrics.counter('gatehouse_basic_auth_checks_total', 'Basic-auth passwords compared, by result', [
    'result',
  ]);
  const right = checks.labels({ result: 'right' });
  const wrong = checks.labels({ result: 'wrong' });
  return (ok) => (ok ? right : wrong).inc();
}

/** Logins by provider and outcome. Failures of names no provider has are counted as `unknown`. */
export function loginRecorder(
  metrics: Metrics,
  known: (provider: string) => boolean,
): (provider: string, outcome: 'success' | 'failure') => void {
  const logins = metrics.counter('gatehouse_logins_total', 'Logins finished, by provider and outcome', [
    'provider',
    'outcome',
  ]);
  return (provider, outcome) => logins.inc({ provider: known(provider) ? provider : 'unknown', outcome });
}

/** Lookups of the gateway's avatar cache, hit or miss: hit / (hit + miss) is the hit ratio. */
export function avatarCacheRecorder(metrics: Metrics): (hit: boolean) => void {
  const lookups = metrics.counter('gatehouse_avatar_cache_lookups_total', "Lookups of the gateway's avatar cache", [
    'result',
  ]);
  const hit = lookups.labels({ result: 'hit' });
  const miss = lookups.labels({ result: 'miss' });
  return (found) => (found ? hit : miss).inc();
}

/** Calls to application upstreams by route prefix (from the config) and status class or failure. */
export function upstreamRecorder(
  metrics: Metrics,
): (route: string, status: number | 'timeout' | 'unavailable') => void {
  const calls = metrics.counter('gatehouse_upstream_calls_total', 'Calls to application upstreams', [
    'route',
    'status',
  ]);
  return (route, status) => calls.inc({ route, status: typeof status === 'number' ? statusClass(status) : status });
}
