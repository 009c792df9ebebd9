import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { auth } from '@gatehouse/proto';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import type Koa from 'koa';
import type { Authenticator } from '../auth/authenticator';
import { clientInfo } from '../auth/client-info';
import { type CookiePolicy, setTokenCookies } from '../auth/cookies';
import { authenticate } from '../middleware/authenticate';
import { strictBody } from '../middleware/bodies';
import { HttpError } from '../middleware/errors';
import { securityHeaders } from '../middleware/security-headers';
import { LOGIN_DEADLINE_MS, wantsSessionCookie } from './auth.routes';

export interface PasskeyRoutesDeps {
  auth: PromiseClient<auth.AuthServiceClient>;
  authenticator: Authenticator;
  cookies: CookiePolicy;
}

/** WebAuthn responses are a few kB; the limit keeps a flood of large bodies cheap to refuse. */
const jsonBody = strictBody(bodyParser({ enableTypes: ['json'], jsonLimit: '64kb', parsedMethods: ['POST'] }));

/** A field of the JSON body as text; a WebAuthn response object is passed on as its JSON. */
function field(ctx: Koa.Context, name: string): string {
  const value = (ctx.request.body as Record<string, unknown> | undefined)?.[name];
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') return JSON.stringify(value);
  throw new HttpError(400, `${name} is required`);
}

/** The session's own user, as its verified token carries it (not a hook's rewrite, not basic auth). */
function sessionUser(ctx: Koa.Context): auth.PasskeyUser {
  const user = ctx.state.auth?.claims?.user;
  if (!user?.id) throw new HttpError(403, 'passkeys need a session');
  return { id: user.id, name: user.name ?? user.id, picture: user.picture ?? '' };
}

/** How old the login behind a registration may be: a passkey outlives the session, so it needs a fresh one. */
const REGISTRATION_MAX_LOGIN_AGE_S = 5 * 60;

/**
 * Registration acts only for a browser session that logged in just now: a cookie token (so the XSRF
 * header was checked), whose `auth_time` is at most 5 minutes old. A borrowed `?token=` or X-JWT, or a
 * session left open, cannot plant a passkey that would outlive the session.
 */
function freshSession(ctx: Koa.Context): void {
  const authTime = ctx.state.auth?.claims?.auth_time;
  const fresh =
    ctx.state.auth?.source === 'cookie' &&
    typeof authTime === 'number' &&
    Date.now() / 1000 - authTime <= REGISTRATION_MAX_LOGIN_AGE_S;
  if (!fresh) {
    throw new HttpError(403, 'passkey registration needs a recent login: log in again, then register within 5 minutes');
  }
}

function info(p: auth.PasskeyInfo__Output) {
  const time = (ms: string | number) => (Number(ms) > 0 ? new Date(Number(ms)).toISOString() : null);
  return { id: p.id, transports: p.transports, created: time(p.createdUnixMs), last_used: time(p.lastUsedUnixMs) };
}

function limited(ctx: Koa.Context, retryAfterSeconds: number): void {
  ctx.set('Retry-After', String(retryAfterSeconds));
  throw new HttpError(429, 'too many login attempts');
}

/**
 * /auth/passkey/*: WebAuthn registration for the logged-in user (session and XSRF header required, as
 * every authenticated route), its list and removal, and the public login, which sets the session
 * cookies exactly as any other login does. The auth service runs the ceremonies; mount this before
 * authRoutes, whose catch-all would otherwise take these paths.
 */
export function passkeyRoutes(deps: PasskeyRoutesDeps): Router {
  const router = new Router({ prefix: '/auth/passkey' });
  router.use(securityHeaders());
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  const requireUser = authenticate(deps.authenticator, deps.cookies, { required: true });

  router.post('/register/options', requireUser, async (ctx) => {
    freshSession(ctx);
    const res = await deps.auth.passkeyRegistrationOptions({ user: sessionUser(ctx) });
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = res.optionsJson;
  });

  router.post('/register/verify', requireUser, jsonBody, async (ctx) => {
    freshSession(ctx);
    const res = await deps.auth.registerPasskey({ user: sessionUser(ctx), responseJson: field(ctx, 'response') });
    ctx.body = info(res);
  });

  router.get('/list', requireUser, async (ctx) => {
    const res = await deps.auth.listPasskeys({ user: sessionUser(ctx) });
    ctx.body = res.passkeys.map(info);
  });

  router.post('/remove', requireUser, jsonBody, async (ctx) => {
    const id = (ctx.request.body as Record<string, unknown> | undefined)?.id;
    if (typeof id !== 'string' || id === '' || id.length > 1024) throw new HttpError(400, 'id must be a passkey id');
    await deps.auth.removePasskey({ user: sessionUser(ctx), id });
    ctx.body = { removed: true };
  });

  router.post('/login/options', async (ctx) => {
    const res = await deps.auth.passkeyLoginOptions({ clientIp: ctx.ip });
    if (res.retryAfterSeconds > 0) return limited(ctx, res.retryAfterSeconds);
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = res.optionsJson;
  });

  router.post('/login/verify', jsonBody, async (ctx) => {
    const site = ctx.query.site ?? ctx.query.aud;
    const res = await deps.auth.passkeyLogin(
      {
        responseJson: field(ctx, 'response'),
        clientIp: ctx.ip,
        site: typeof site === 'string' ? site.slice(0, 2048) : '',
        sessionOnly: wantsSessionCookie(ctx.query),
        client: clientInfo(ctx),
      },
      { deadlineMs: LOGIN_DEADLINE_MS },
    );
    if (!res.session) return limited(ctx, res.retryAfterSeconds || 1);
    setTokenCookies(ctx, deps.cookies, res.session);
    ctx.body = JSON.parse(res.userJson);
  });

  return router;
}
