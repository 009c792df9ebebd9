// The route kit: the policy every route of the gateway shares, spelled once. A new route file takes
// what it needs from here rather than writing its own:
//   noStore()                  middleware: Cache-Control: no-store on every answer of a router
//                              (setNoStore(ctx) for one answer); anything with user data or a token.
//   sessionUser(ctx, refusal)  the session's own user from its verified token ({id, name, picture, jti}),
//                              403 `refusal` for basic auth or a token without one; needs authenticate first.
//   requireFreshLogin(ctx, refusal)  a cookie session (XSRF checked) logged in at most 5 minutes ago, else 403.
//   limited(ctx, seconds, text)  the limiter's answer: 429 with Retry-After.
//   bodyReader('json'|'form', { limit, methods?, typeRequired? })  the body reader (middleware, or
//                              `await read(ctx)` inside a handler); then bodyOf(ctx, zodSchema) checks it (400).
//   refuseMethod(ctx, allow), methodNotAllowed(allow)  the one 405: Allow, {"error":"method not allowed"}.
//   setTokenCookies / clearTokenCookies  the session cookies; cookieText(name, value, policy, attrs) any
//                              other cookie: auth/cookies.ts is the one place attributes are chosen.
//   requireUser(authenticator, cookies, { owner?, refusalBody? })  authenticate, required: the caller is
//                              ctx.state.user (and ctx.state.auth) after it, or the refusal is answered.
// Errors are thrown as HttpError(status, text): errorHandler answers {"error": text}. A route under
// /auth is mounted in surfaces/public.ts's /auth list; the go-pkgz fallback (auth-fallback.routes.ts)
// comes last there, so no route needs to be mounted before another.
import type Koa from 'koa';
import type { z } from 'zod';
import type { Authenticator } from '../../auth/authenticator';
import type { CookiePolicy } from '../../auth/cookies';
import { type AuthenticateOptions, authenticate } from '../../middleware/authenticate';
import { HttpError, refuseMethod } from '../../middleware/errors';
import { NO_STORE } from '../../middleware/security-headers';

export { type CookiePolicy, cookieText } from '../../auth/cookies';
export { bodyReader } from '../../middleware/bodies';
export { clearTokenCookies, setTokenCookies } from '../../middleware/cookies';
export { HttpError, refuseMethod } from '../../middleware/errors';

/** How old the login behind a change of how the account is protected may be (passkeys, TOTP). */
export const FRESH_LOGIN_S = 5 * 60;

/** No cache, shared or private, keeps this answer. */
export function setNoStore(ctx: Koa.Context): void {
  ctx.set(...NO_STORE);
}

/** setNoStore on every answer of a router, errors included (set before anything runs). */
export function noStore(): Koa.Middleware {
  return async function noStore(ctx, next) {
    setNoStore(ctx);
    await next();
  };
}

/** authenticate, refusing a request without a valid user (401, or the refusal's own status). */
export function requireUser(
  authenticator: Authenticator,
  cookies: CookiePolicy,
  options: Omit<AuthenticateOptions, 'required'> = {},
): Koa.Middleware {
  return authenticate(authenticator, cookies, { ...options, required: true });
}

export interface SessionUser {
  id: string;
  name: string;
  picture: string;
  /** The session's token id; undefined for a token without one. */
  jti: string | undefined;
}

/**
 * The session's own user, as its verified token carries it (not a hook's rewrite, not basic auth):
 * 403 with `refusal` when there is none, or (`jti: true`) when the token names no session.
 */
export function sessionUser(ctx: Koa.Context, refusal: string, { jti = false } = {}): SessionUser {
  const claims = ctx.state.auth?.claims;
  const user = claims?.user;
  if (!user?.id || (jti && !claims?.jti)) throw new HttpError(403, refusal);
  return { id: user.id, name: user.name ?? user.id, picture: user.picture ?? '', jti: claims?.jti };
}

/**
 * A cookie session (so the XSRF header was checked) whose login is at most FRESH_LOGIN_S old: a
 * borrowed `?token=` or X-JWT, or a session left open, cannot change what outlives the session.
 */
export function requireFreshLogin(ctx: Koa.Context, refusal: string): void {
  const authTime = ctx.state.auth?.claims?.auth_time;
  const fresh =
    ctx.state.auth?.source === 'cookie' &&
    typeof authTime === 'number' &&
    Date.now() / 1000 - authTime <= FRESH_LOGIN_S;
  if (!fresh) throw new HttpError(403, refusal);
}

/** The limiter's answer: 429 with Retry-After. */
export function limited(ctx: Koa.Context, retryAfterSeconds: number, text: string): never {
  ctx.set('Retry-After', String(retryAfterSeconds));
  throw new HttpError(429, text);
}

/** A route's other methods: the one 405 (refuseMethod), as a handler for `router.all`. */
export function methodNotAllowed(allow: string): Koa.Middleware {
  return (ctx) => refuseMethod(ctx, allow);
}

/** The body bodyReader has read, checked against `schema`: a bad body is a 400 saying what is wrong. */
export function bodyOf<T>(ctx: Koa.Context, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(ctx.request.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new HttpError(400, `${where}${issue?.message ?? 'invalid body'}`);
  }
  return parsed.data;
}
