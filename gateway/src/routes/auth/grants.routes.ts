import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { auth } from '@gatehouse/proto';
import type Router from '@koa/router';
import type Koa from 'koa';
import type { Authenticator } from '../../auth/authenticator';
import { apiRouter, type CookiePolicy, HttpError, requireUser, route, sessionUser } from '../kit';

export interface GrantRoutesDeps {
  /** The OpenID provider's service (auth.v1.OidcService), served by the auth process. */
  oidc: PromiseClient<auth.OidcServiceClient>;
  authenticator: Authenticator;
  cookies: CookiePolicy;
}

/** A grant id as the provider makes them (nanoid); anything else is refused before a call. */
export const GRANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The session's caller (user id and jti) from its verified token; basic auth has no grants. */
function callerOf(ctx: Koa.Context): auth.SessionCaller {
  const user = sessionUser(ctx, 'grants need a session token', { jti: true });
  return { userId: user.id, jti: user.jti ?? '' };
}

function grant(g: auth.OidcGrant__Output) {
  return {
    id: g.id,
    client_id: g.clientId,
    client_name: g.clientName,
    scopes: g.scopes,
    resources: Object.fromEntries(g.resources.map((r) => [r.uri, r.scopes])),
    created_at: new Date(Number(g.createdUnixMs)).toISOString(),
  };
}

/**
 * /auth/grants (docs/openid-provider.md "Consent and grants"): the applications the caller's user let in
 * through the OpenID provider, and taking one back. A session is required (a cookie one with its XSRF
 * header, as every authenticated route). Revoking needs no fresh login: it only takes access away, and
 * a stolen session could as well end the sessions themselves.
 */
export function grantRoutes(deps: GrantRoutesDeps): Router {
  const router = apiRouter({ prefix: '/auth', noStore: true });
  const user = requireUser(deps.authenticator, deps.cookies);

  route(router, '/grants', {
    GET: [
      user,
      async (ctx) => {
        const res = await deps.oidc.listGrants({ caller: callerOf(ctx) });
        ctx.body = { grants: res.grants.map(grant) };
      },
    ],
  });

  route(router, '/grants/:id', {
    DELETE: [
      user,
      async (ctx) => {
        const caller = callerOf(ctx);
        const id = (ctx.params as { id: string }).id;
        if (!GRANT_ID.test(id)) throw new HttpError(400, 'grant id is malformed');
        await deps.oidc.revokeGrant({ caller, id });
        ctx.status = 204;
      },
    ],
  });

  return router;
}
