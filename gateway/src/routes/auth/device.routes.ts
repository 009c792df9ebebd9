import { describeCallError, type PromiseClient } from '@gatehouse/grpc-kit';
import type { auth } from '@gatehouse/proto';
import type Router from '@koa/router';
import type Koa from 'koa';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authenticator';
import {
  apiRouter,
  bodyOf,
  bodyReader,
  type CookiePolicy,
  HttpError,
  limited,
  queryOf,
  requireUser,
  route,
  sessionUser,
} from '../kit';

export interface DeviceRoutesDeps {
  oidc: PromiseClient<auth.OidcServiceClient>;
  authenticator: Authenticator;
  cookies: CookiePolicy;
}

// A user code is 9 characters (XXXX-XXXX); 64 leaves room for spaces, nothing for abuse.
const userCode = z.string().min(1, 'user_code is required').max(64, 'user_code is too long');
const showQuery = z.object({ user_code: userCode });
export const decideBody = z.strictObject({
  user_code: userCode,
  action: z.enum(['approve', 'deny'], { message: 'action is "approve" or "deny"' }),
});

const readJson = bodyReader('json', { limit: '1kb', typeRequired: 'send the body as application/json' });
const WRONG_CODES = 'too many wrong codes: try again later';

/** The caller's session token: the auth service checks it again and binds the code to that session. */
function sessionToken(ctx: Koa.Context): string {
  sessionUser(ctx, 'approving a device needs a session token', { jti: true });
  const token = ctx.state.auth?.token;
  if (!token) throw new HttpError(403, 'approving a device needs a session token');
  return token;
}

/** The device's request as the page shows it. */
function request(r: auth.DeviceRequest__Output) {
  return {
    user_code: r.userCode,
    client_id: r.clientId,
    client_name: r.clientName,
    scopes: r.scopes,
    resources: r.resources.map((res) => ({ uri: res.uri, scopes: res.scopes })),
    expires_at: new Date(Number(r.expiresUnixMs)).toISOString(),
  };
}

/** An expired code is Gone (410); every other refusal keeps errorHandler's mapping (404, 409, 403...). */
function refusal(err: unknown): never {
  const failure = describeCallError(err);
  if (failure.answeredByService && failure.code === 'DEVICE_CODE_EXPIRED') throw new HttpError(410, failure.message);
  throw err;
}

/**
 * /auth/device: the user-code page's calls (docs/openid-provider.md "Devices without a browser"), which
 * scripts can make too. GET shows the device's request behind a code (the client's name, the scopes)
 * and claims the code for the caller's session; POST approves or denies it, once, from that session.
 * A session is required: a cookie one with its XSRF header, or an X-JWT header; basic auth has none.
 */
export function deviceRoutes(deps: DeviceRoutesDeps): Router {
  const router = apiRouter({ prefix: '/auth', noStore: true });
  const user = requireUser(deps.authenticator, deps.cookies);

  route(router, '/device', {
    GET: [
      user,
      async (ctx) => {
        const { user_code } = queryOf(ctx, showQuery);
        const res = await deps.oidc
          .showDevice({ sessionToken: sessionToken(ctx), userCode: user_code, clientIp: ctx.ip })
          .catch(refusal);
        if (!res.request) return limited(ctx, res.retryAfterSeconds || 1, WRONG_CODES);
        ctx.body = request(res.request);
      },
    ],
    POST: [
      user,
      async (ctx) => {
        await readJson(ctx);
        const { user_code, action } = bodyOf(ctx, decideBody);
        const res = await deps.oidc
          .decideDevice({ sessionToken: sessionToken(ctx), userCode: user_code, action, clientIp: ctx.ip })
          .catch(refusal);
        if (!res.request) return limited(ctx, res.retryAfterSeconds || 1, WRONG_CODES);
        ctx.body = { status: action === 'approve' ? 'approved' : 'denied', ...request(res.request) };
      },
    ],
  });

  return router;
}
