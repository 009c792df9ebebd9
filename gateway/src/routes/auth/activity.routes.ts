import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { auth } from '@gatehouse/proto';
import type Router from '@koa/router';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authenticator';
import { apiRouter, type CookiePolicy, queryOf, requireUser, route, sessionUser } from '../kit';
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
  const router = apiRouter({ prefix: '/auth', noStore: true });
  const user = requireUser(deps.authenticator, deps.cookies);

  route(router, '/events', {
    GET: [
      user,
      async (ctx) => {
        const { id } = sessionUser(ctx, 'recent activity needs a session token');
        const query = queryOf(ctx, ACTIVITY_QUERY);
        const res = await deps.events.listUserEvents({ user: id, ...query });
        ctx.body = { events: res.events.map(activityJson), next: res.nextCursor || null };
      },
    ],
  });

  return router;
}
