// GET /auth/user with an expired cookie token (a session's next request after its token's exp: the
// refresh storm of issue 36), answered by the HTTP server before Koa: the same checks and refresh
// (Authenticator.authenticateExpiredCookie, which is authenticate's; one gRPC call, shared by parallel
// copies of the token) and the same answer, refusals included. Anything else (an unexpired token, a
// header or query token, basic auth, a validator hook, LOG_LEVEL=debug) takes Koa's route as before.
//
// Why: a refresh spent more of the gateway's CPU in Koa's machinery (context, the /auth routers'
// matching, middleware promises under trace context's hooks) than in its own work. What is Koa's own
// is written by answer.ts (the headers, a bug's 500, the access line); the cookies are cookies.ts's.
import type http from 'node:http';
import { type Logger, runInTrace, traceFrom } from '@gatehouse/logger';
import type { Authenticated, Authenticator, Refused } from '../auth/authenticator';
import { type CookiePolicy, clearedCookies, tokenCookies } from '../auth/cookies';
import { NO_STORE, SANDBOX_CSP } from '../middleware/security-headers';
import { accessLine, answerBug, JSON_TYPE, writeAnswer } from './answer';
import type { Lane } from './lane';
import { isUserRoute } from './user';

export interface UserRefreshLaneDeps {
  authenticator: Authenticator;
  cookies: CookiePolicy;
  log: Logger;
  /** The request metrics, as for Koa's requests: called when a request is taken, its result when answered. */
  track?: () => (status: number) => void;
}

/**
 * The HTTP server's answer before Koa for a refresh on GET /auth/user: true when it has taken the
 * request (its answer follows when the auth service has refreshed the token), false when Koa must.
 */
export function userRefreshLane(deps: UserRefreshLaneDeps): Lane {
  return (req, res) => {
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
          // Only a bug gets here (every failure is a refusal): Koa's error handler's 500.
          (err: unknown) =>
            answerBug(deps.log, req, res, err, {
              requestId: trace.traceId,
              headers: SANDBOX_CSP,
              body: JSON.stringify({ error: 'internal error' }),
            }),
        )
        .then((status) => answered?.(status))
        .catch(() => {}); // metrics never fail an answer, nor the process
      return true;
    });
  };
}

/** The answer Koa's route gives: the user and the refreshed cookies, or the refusal authenticate gives. */
function answer(
  deps: UserRefreshLaneDeps,
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
  accessLine(deps.log, req, status, startMs);
  return status;
}

/** An /auth answer: the /auth router's CSP and the route's own headers, as JSON. */
function write(res: http.ServerResponse, status: number, headers: string[], body: string, requestId: string): void {
  writeAnswer(res, { status, requestId, headers: [...SANDBOX_CSP, ...headers], type: JSON_TYPE, body });
}
