import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { auth } from '@gatehouse/proto';
import type Router from '@koa/router';
import type Koa from 'koa';
import type { Authenticator } from '../../auth/authenticator';
import { clientInfo } from '../../auth/client-info';
import {
  answerLogin,
  apiRouter,
  bodyReader,
  type CookiePolicy,
  HttpError,
  LOGIN_DEADLINE_MS,
  limited,
  loginQuery,
  requireFreshLogin,
  requireUser,
  sessionUser,
} from '../kit';
import { conflictOf } from './identities.routes';

export interface PasskeyRoutesDeps {
  auth: PromiseClient<auth.AuthServiceClient>;
  authenticator: Authenticator;
  cookies: CookiePolicy;
}

/** WebAuthn responses are a few kB; the limit keeps a flood of large bodies cheap to refuse. */
const jsonBody = bodyReader('json', { limit: '64kb' });

/** A field of the JSON body as text; a WebAuthn response object is passed on as its JSON. */
function field(ctx: Koa.Context, name: string): string {
  const value = (ctx.request.body as Record<string, unknown> | undefined)?.[name];
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') return JSON.stringify(value);
  throw new HttpError(400, `${name} is required`);
}

/** The session's own user, as its verified token carries it (not a hook's rewrite, not basic auth). */
function passkeyUser(ctx: Koa.Context): auth.PasskeyUser {
  const { id, name, picture } = sessionUser(ctx, 'passkeys need a session');
  return { id, name, picture };
}

/**
 * Registration acts only for a browser session that logged in just now: a passkey outlives the
 * session, so a borrowed token or a session left open must not plant one.
 */
const FRESH = 'passkey registration needs a recent login: log in again, then register within 5 minutes';
const TOO_MANY = 'too many login attempts';

function info(p: auth.PasskeyInfo__Output) {
  const time = (ms: string | number) => (Number(ms) > 0 ? new Date(Number(ms)).toISOString() : null);
  return { id: p.id, transports: p.transports, created: time(p.createdUnixMs), last_used: time(p.lastUsedUnixMs) };
}

/**
 * /auth/passkey/*: WebAuthn registration for the logged-in user (session and XSRF header required, as
 * every authenticated route), its list and removal, and the public login, which sets the session
 * cookies exactly as any other login does. The auth service runs the ceremonies.
 */
export function passkeyRoutes(deps: PasskeyRoutesDeps): Router {
  const router = apiRouter({ prefix: '/auth/passkey', noStore: true });
  const user = requireUser(deps.authenticator, deps.cookies);

  router.post('/register/options', user, async (ctx) => {
    requireFreshLogin(ctx, FRESH);
    const res = await deps.auth.passkeyRegistrationOptions({ user: passkeyUser(ctx) });
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = res.optionsJson;
  });

  router.post('/register/verify', user, jsonBody, async (ctx) => {
    requireFreshLogin(ctx, FRESH);
    const res = await deps.auth.registerPasskey({ user: passkeyUser(ctx), responseJson: field(ctx, 'response') });
    ctx.body = info(res);
  });

  router.get('/list', user, async (ctx) => {
    const res = await deps.auth.listPasskeys({ user: passkeyUser(ctx) });
    ctx.body = res.passkeys.map(info);
  });

  router.post('/remove', user, jsonBody, async (ctx) => {
    const id = (ctx.request.body as Record<string, unknown> | undefined)?.id;
    if (typeof id !== 'string' || id === '' || id.length > 1024) throw new HttpError(400, 'id must be a passkey id');
    // The user's last way in stays (issue 43): 409 as an unlink of the last identity.
    await deps.auth
      .removePasskey({ user: passkeyUser(ctx), id })
      .catch((err: unknown) => conflictOf(err, ['LAST_LOGIN_METHOD']));
    ctx.body = { removed: true };
  });

  router.post('/login/options', async (ctx) => {
    const res = await deps.auth.passkeyLoginOptions({ clientIp: ctx.ip });
    if (res.retryAfterSeconds > 0) return limited(ctx, res.retryAfterSeconds, TOO_MANY);
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = res.optionsJson;
  });

  router.post('/login/verify', jsonBody, async (ctx) => {
    const { site, sessionOnly } = loginQuery(ctx);
    const res = await deps.auth.passkeyLogin(
      {
        responseJson: field(ctx, 'response'),
        clientIp: ctx.ip,
        site,
        sessionOnly,
        client: clientInfo(ctx),
      },
      { deadlineMs: LOGIN_DEADLINE_MS },
    );
    if (!res.session) return limited(ctx, res.retryAfterSeconds || 1, TOO_MANY);
    answerLogin(ctx, deps.cookies, res);
  });

  return router;
}
