import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { auth } from '@gatehouse/proto';
import Router from '@koa/router';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authenticator';
import { securityHeaders } from '../../middleware/security-headers';
import { type CookiePolicy, HttpError, methodNotAllowed, noStore, requireUser, sessionUser } from '../kit';
import { activityJson } from './events.json';

export interface ActivityRoutesDeps {
  events: PromiseClient<auth.EventsServiceClient>;
  authenticator: Authenticator;
  cookies: CookiePolicy;
}

export const ACTIVITY_QUERY = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(512).default(''),
});

/**
 * GET /auth/events (docs/events.md, docs/http-api.md): the caller's own security activity from the audit
 * trail (logins with device and address, sessions ended, TOTP, passkeys, linked accounts), newest first.
 * The user is the verified token's, never a query parameter, so nobody reads another's trail.
 */
export function activityRoutes(deps: ActivityRoutesDeps): Router {
  const router = new Router({ prefix: '/auth' });
  router.use(securityHeaders());
  router.use(noStore());
  const user = requireUser(deps.authenticator, deps.cookies);

  router.get('/events', user, async (ctx) => {
    const { id } = sessionUser(ctx, 'recent activity needs a session token');
    const first = Object.fromEntries(Object.entries(ctx.query).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
    const parsed = ACTIVITY_QUERY.safeParse(first);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new HttpError(400, `${issue?.path.join('.') || 'query'}: ${issue?.message ?? 'invalid'}`);
    }
    const res = await deps.events.listUserEvents({ user: id, ...parsed.data });
    ctx.body = { events: res.events.map(activityJson), next: res.nextCursor || null };
  });
  router.all('/events', methodNotAllowed('GET, HEAD'));

  return router;
}
