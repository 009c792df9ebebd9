// GET /auth/user for a token verified before: one synchronous pass, no Koa context, no promise (so
// none of Node 20's AsyncLocalStorage promise hooks), with the user's JSON serialized once per token.
// Nothing here can throw or log. Anything else, every refusal included, answers false and takes Koa's
// route (routes/auth/go-pkgz.routes.ts) or the refresh lane (user-refresh.ts).
import type http from 'node:http';
import { requestIdFrom } from '@gatehouse/logger';
import type { Authenticator } from '../auth/authenticator';
import { NO_STORE, SANDBOX_CSP } from '../middleware/security-headers';
import { JSON_TYPE, writeAnswer } from './answer';
import type { Lane } from './lane';

/** The /auth router's headers (securityHeaders) and the route's no-store. */
const USER_HEADERS = [...SANDBOX_CSP, ...NO_STORE];

/** True when the request is GET /auth/user (with any query), as Koa's router matches it: ctx.path's answer without parsing the URL. */
export function isUserRoute(req: http.IncomingMessage): boolean {
  const url = req.url ?? '';
  return req.method === 'GET' && (url === '/auth/user' || url.startsWith('/auth/user?'));
}

export function cachedUserLane(authenticator: Authenticator): Lane {
  return (req, res) => {
    if (!isUserRoute(req)) return false;
    // /auth/user is a site's route (RouteOwner), as Koa's route for it says.
    const cached = authenticator.authenticateCached(req, 'site');
    if (cached?.userBody === undefined) return false;
    writeAnswer(res, {
      status: 200,
      requestId: requestIdFrom(req.headers.traceparent),
      headers: USER_HEADERS,
      type: JSON_TYPE,
      body: cached.userBody,
    });
    return true;
  };
}
