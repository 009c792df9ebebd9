// GET /auth/user with an expired cookie token (a session's next request after its token's exp: the
// refresh storm of issue 36), answered by the HTTP server before Koa: the same checks and refresh
// (Authenticator.authenticateExpiredCookie, which is authenticate's; one gRPC call, shared by parallel
// copies of the token) and the same answer, refusals included. Anything else (an unexpired token, a
// header or query token, basic auth, a validator hook, LOG_LEVEL=debug) takes Koa's route as before.
//
// Why: a refresh spent more of the gateway's CPU in Koa's machinery (context, the /auth routers'
// matching, middleware promises under trace context's hooks) than in its own work. What is Koa's own
// and written again here is small: the headers of an /auth answer (X-Request-Id, the API security
// headers), the refusal's body and the access line of a refused request; the cookies are cookies.ts's.
import type http from 'node:http';
import { type Logger, redactUrl, runInTrace, traceFrom } from '@gatehouse/logger';
import type { Authenticated, Authenticator, Refused } from '../auth/authenticator';
import { type CookiePolicy, clearedCookies, tokenCookies } from '../auth/cookies';
import { API_SECURITY_HEADERS, NO_STORE } from '../middleware/security-headers';
import { REQUEST_ID_HEADER } from '../middleware/trace';

export interface UserRefreshFastDeps {
  authenticator: Authenticator;
  cookies: CookiePolicy;
  log: Logger;
  /** The request metrics, as for Koa's requests: called when a request is taken, its result when answered. */
  track?: () => (status: number) => void;
}

const SECURITY = API_SECURITY_HEADERS.flat();
const JSON_TYPE = ['Content-Type', 'application/json; charset=utf-8'];

/** True when the request is GET /auth/user (with any query), as Koa's router matches it. */
export function isUserRoute(req: http.IncomingMessage): boolean {
  const url = req.url ?? '';
  return req.method === 'GET' && (url === '/auth/user' || url.startsWith('/auth/user?'));
}

/**
 * The HTTP server's answer before Koa for a refresh on GET /auth/user: true when it has taken the
 * request (its answer follows when the auth service has refreshed the token), false when Koa must.
 */
export function userRefreshBeforeKoa(deps: UserRefreshFastDeps) {
  return (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    if (!isUserRoute(req)) return false;
    const startMs = performance.now();
    const trace = traceFrom(req.headers.traceparent);
    // Inside the trace from the start, as under Koa: the refresh's gRPC call and every line logged carry it.
    return runInTrace(trace, () => {
      // /auth/user is a site's route (RouteOwner), as Koa's route for it says.
      const pending = deps.authenticator.authenticateExpiredCookie(req, 'site');
      if (pending === undefined) return false;
      const answered = deps.track?.();
      pending
        .then(
          (result) => answer(deps, req, res, result, trace.traceId, startMs),
          (err: unknown) => {
            // Only a bug gets here (every failure is a refusal): Koa's error handler's 500.
            deps.log.error({ err, method: 'GET', url: redactUrl(req.url ?? '') }, 'request failed');
            if (res.headersSent) res.destroy();
            else write(res, 500, [], JSON.stringify({ error: 'internal error' }), trace.traceId);
            return 500;
          },
        )
        .then((status) => answered?.(status))
        .catch(() => {}); // metrics never fail an answer, nor the process
      return true;
    });
  };
}

/** The answer Koa's route gives: the user and the refreshed cookies, or the refusal authenticate gives. */
function answer(
  deps: UserRefreshFastDeps,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  result: Authenticated | Refused,
  requestId: string,
  startMs: number,
): number {
  if (result.ok) {
    // Refreshed, as a rule; an expired token found unexpired once verified (clocks) is answered as such.
    const body = result.userBody ?? JSON.stringify(result.user);
    const headers: string[] = [...NO_STORE];
    if (result.refreshed) {
      const cookies = tokenCookies(deps.cookies, result.refreshed);
      headers.push('Set-Cookie', cookies[0], 'Set-Cookie', cookies[1]);
    }
    write(res, 200, headers, body, requestId);
    return 200;
  }
  const refusal = result;
  const status = refusal.status ?? 401;
  const headers: string[] = [];
  if (refusal.clearCookies) {
    const cleared = clearedCookies(deps.cookies);
    headers.push(...NO_STORE, 'Set-Cookie', cleared[0], 'Set-Cookie', cleared[1]);
  }
  if (refusal.retryAfterSeconds) headers.push('Retry-After', String(refusal.retryAfterSeconds));
  write(res, status, headers, JSON.stringify({ error: refusal.error }), requestId);
  // Koa's error handler's access line: refusals at info.
  if (deps.log.isLevelEnabled('info')) {
    const ms = Math.round(performance.now() - startMs);
    deps.log.info({ method: req.method, url: redactUrl(req.url ?? ''), status, ms }, 'request');
  }
  return status;
}

/** An /auth answer with the headers Koa's route gives it, in one writeHead of a raw list. */
function write(res: http.ServerResponse, status: number, headers: string[], body: string, requestId: string): void {
  if (res.destroyed) return;
  const raw = [
    REQUEST_ID_HEADER,
    requestId,
    ...SECURITY,
    ...headers,
    ...JSON_TYPE,
    'Content-Length',
    String(Buffer.byteLength(body)),
  ];
  // A draining server has already set Connection: close; writeHead then merges the list into it.
  res.writeHead(status, raw);
  res.end(body);
}
