import { SESSION_ID } from '@gatehouse/contract';
import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { auth } from '@gatehouse/proto';
import type Router from '@koa/router';
import type Koa from 'koa';
import type { Authenticator } from '../../auth/authenticator';
import { apiRouter, type CookiePolicy, HttpError, loggedOut, requireUser, route, sessionUser } from '../kit';

export interface SessionRoutesDeps {
  sessions: PromiseClient<auth.SessionServiceClient>;
  authenticator: Authenticator;
  cookies: CookiePolicy;
}

/** Ending every other session revokes each in Redis: more than one small call's default deadline. */
const END_OTHERS_DEADLINE_MS = 10_000;

/**
 * The session the request is made with, from its verified token (not a hook's rewrite of the user):
 * basic auth has no session to list.
 */
function callerOf(ctx: Koa.Context): auth.SessionCaller {
  const user = sessionUser(ctx, 'sessions need a session token', { jti: true });
  return { userId: user.id, jti: user.jti ?? '' };
}

function rfc3339(unixMs: string | number): string {
  return new Date(Number(unixMs)).toISOString();
}

function session(s: auth.DeviceSession__Output) {
  return {
    id: s.id,
    created_at: rfc3339(s.createdUnixMs),
    last_seen_at: rfc3339(s.lastSeenUnixMs),
    provider: s.provider,
    user_agent: s.userAgent,
    ip: s.ip,
    current: s.current,
  };
}

/**
 * /auth/sessions (docs/accounts.md "Sessions per device"): the caller's user's live sessions, and "log this
 * device out". Every route needs a session, a cookie one with its XSRF header, as every authenticated
 * route. Ending a session revokes it in the auth service, which tells every gateway over the
 * ended-sessions feed; this gateway refuses its tokens at once.
 */
export function sessionRoutes(deps: SessionRoutesDeps): Router {
  const router = apiRouter({ prefix: '/auth', noStore: true });
  const user = requireUser(deps.authenticator, deps.cookies);
  const endedHere = (ended: auth.EndedSession__Output | null | undefined) => {
    if (ended?.jti) deps.authenticator.endSessionUntil(ended.jti, Number(ended.untilUnixMs));
  };

  route(router, '/sessions', {
    GET: [
      user,
      async (ctx) => {
        const res = await deps.sessions.listSessions({ caller: callerOf(ctx) });
        ctx.body = { sessions: res.sessions.map(session) };
      },
    ],
  });

  route(router, '/sessions/revoke-others', {
    POST: [
      user,
      async (ctx) => {
        const res = await deps.sessions.endOtherSessions(
          { caller: callerOf(ctx) },
          { deadlineMs: END_OTHERS_DEADLINE_MS },
        );
        for (const ended of res.ended) endedHere(ended);
        ctx.status = 204;
      },
    ],
  });

  route(router, '/sessions/:id', {
    DELETE: [
      user,
      async (ctx) => {
        const caller = callerOf(ctx);
        const id = (ctx.params as { id: string }).id;
        if (!SESSION_ID.test(id)) throw new HttpError(400, 'session id is malformed');
        const res = await deps.sessions.endSession({ caller, id });
        endedHere(res.ended);
        // Ending one's own session is a logout.
        if (res.current) loggedOut(ctx, deps, ctx.state.auth?.claims);
        ctx.status = 204;
      },
    ],
  });

  return router;
}
