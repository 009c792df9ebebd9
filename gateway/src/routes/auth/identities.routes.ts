import { describeCallError, type PromiseClient } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import type { Limit, RateLimiter } from '@gatehouse/redis';
import type Router from '@koa/router';
import type Koa from 'koa';
import type { Authenticator } from '../../auth/authenticator';
import {
  apiRouter,
  type CookiePolicy,
  HttpError,
  limited,
  requireFreshLogin,
  requireUser,
  route,
  sessionUser,
} from '../kit';

export interface IdentityRoutesDeps {
  identities: PromiseClient<auth.IdentityServiceClient>;
  authenticator: Authenticator;
  cookies: CookiePolicy;
  /** The gateway's limiter: Redis when there is one, so every gateway counts the same exports. */
  limiter: RateLimiter;
  log: Logger;
}

/**
 * An identity id as the directory holds it: the go-pkgz `<provider>_<sha1>`, or a login handler's own
 * id. Anything else is refused before a call; the auth service decides whose it is.
 */
export const IDENTITY_ID = /^[\w.@:-]{1,256}$/;

/** The export gathers cards and loads from payment too: more than one small call's default deadline. */
export const EXPORT_DEADLINE_MS = 15_000;

const UNLINK_FRESH = 'unlinking needs a recent login: log in again, then unlink within 5 minutes';
const EXPORT_FRESH = 'an export needs a recent login: log in again, then export within 5 minutes';

/**
 * One export per user an hour (issue 43): each gathers everything held, cards and loads from payment
 * too, so a session (or a script with one) cannot turn the route into load on auth, payment and Postgres.
 */
export const EXPORT_LIMIT: Limit = { limit: 1, windowMs: 60 * 60_000 };
const EXPORT_LIMITED = 'one export an hour: try again later';

/** The session's caller (user id and jti) from its verified token; basic auth has no identities. */
function callerOf(ctx: Koa.Context): auth.SessionCaller {
  const user = sessionUser(ctx, 'identities need a session token', { jti: true });
  return { userId: user.id, jti: user.jti ?? '' };
}

export function rfc3339OrNull(unixMs: string | number): string | null {
  return Number(unixMs) > 0 ? new Date(Number(unixMs)).toISOString() : null;
}

function identity(i: auth.Identity__Output) {
  return {
    id: i.id,
    provider: i.provider,
    name: i.name,
    created_at: rfc3339OrNull(i.createdUnixMs),
    last_login_at: rfc3339OrNull(i.lastLoginUnixMs),
    current: i.current,
  };
}

/**
 * A refusal the directory decides with a domain code, as the HTTP contract spells it: what would remain
 * (`last login method`) and what is another's (`identity in use`) are conflicts, 409. Everything else
 * keeps errorHandler's mapping.
 */
export function conflictOf(err: unknown, codes: readonly string[]): never {
  const failure = describeCallError(err);
  if (failure.answeredByService && codes.includes(failure.code)) throw new HttpError(409, failure.message);
  throw err;
}

/**
 * /auth/identities and /auth/me/export (docs/accounts.md "Linking"): the ways the caller's user logs
 * in, unlinking one, and everything held about them. A session is required (a cookie one with its XSRF
 * header, as every authenticated route); unlinking and the export need a login at most 5 minutes old,
 * as passkey registration does: both change or reveal what outlives the session. One export an hour.
 */
export function identityRoutes(deps: IdentityRoutesDeps): Router {
  const router = apiRouter({ prefix: '/auth', noStore: true });
  const user = requireUser(deps.authenticator, deps.cookies);

  route(router, '/identities', {
    GET: [
      user,
      async (ctx) => {
        const provider = ctx.state.auth?.claims?.auth_provider?.name ?? '';
        const res = await deps.identities.listIdentities({ caller: callerOf(ctx), provider });
        ctx.body = { identities: res.identities.map(identity) };
      },
    ],
  });

  route(router, '/identities/:id', {
    DELETE: [
      user,
      async (ctx) => {
        const caller = callerOf(ctx);
        requireFreshLogin(ctx, UNLINK_FRESH);
        const id = (ctx.params as { id: string }).id;
        if (!IDENTITY_ID.test(id)) throw new HttpError(400, 'identity id is malformed');
        const res = await deps.identities
          .unlinkIdentity({ caller, id })
          .catch((err: unknown) => conflictOf(err, ['LAST_LOGIN_METHOD']));
        // Every other session of the user ended (issue 43): refused here at once, the other gateways hear
        // of it from the auth service; null when they could not be ended (the page points at the list).
        for (const e of res.endedSessions) deps.authenticator.endSessionUntil(e.jti, Number(e.untilUnixMs));
        ctx.body = { ended_sessions: res.otherSessionsNotEnded ? null : res.endedSessions.length };
      },
    ],
  });

  route(router, '/me/export', { GET: [user, exportOf(deps)] });

  return router;
}

/** GET /auth/me/export: everything held about the caller's user, one export an hour. */
function exportOf(deps: IdentityRoutesDeps): Koa.Middleware {
  return async (ctx) => {
    const caller = callerOf(ctx);
    requireFreshLogin(ctx, EXPORT_FRESH);
    // Counted before the export runs, so exports sent at once pass one at a time; a limiter that cannot
    // count refuses (503) rather than let exports through uncounted.
    const key = `export:user:${caller.userId}`;
    const verdict = await deps.limiter.hit(key, EXPORT_LIMIT).catch((err: unknown) => {
      deps.log.warn({ err }, 'export not counted (limiter unavailable)');
      ctx.set('Retry-After', '5');
      throw new HttpError(503, 'the export is unavailable now: try again later');
    });
    if (!verdict.allowed) limited(ctx, verdict.retryAfterSeconds, EXPORT_LIMITED);
    const res = await deps.identities
      .exportMyData({ caller }, { deadlineMs: EXPORT_DEADLINE_MS })
      .catch(async (err: unknown) => {
        // No document was given: the hour's export is still the user's to take.
        await deps.limiter.release(key).catch(() => {});
        throw err;
      });
    ctx.type = 'application/json';
    ctx.set('Content-Disposition', 'attachment; filename="gatehouse-export.json"');
    ctx.body = res.documentJson;
  };
}
