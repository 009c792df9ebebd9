// Who calls: the authentication a route requires, the session's own user, a login recent enough for a
// change of how the account is protected, and one authentication for a route that decides its refusals.
import type Koa from 'koa';
import type { Authenticated, Authenticator, Refused, RouteOwner } from '../../auth/authenticator';
import type { CookiePolicy } from '../../auth/cookies';
import { type AuthenticateOptions, authenticate } from '../../middleware/authenticate';
import { setTokenCookies } from '../../middleware/cookies';
import { HttpError } from '../../middleware/errors';

/** How old the login behind a change of how the account is protected may be (passkeys, TOTP). */
export const FRESH_LOGIN_S = 5 * 60;

/** authenticate, refusing a request without a valid user (401, or the refusal's own status). */
export function requireUser(
  authenticator: Authenticator,
  cookies: CookiePolicy,
  options: Omit<AuthenticateOptions, 'required'> = {},
): Koa.Middleware {
  return authenticate(authenticator, cookies, { ...options, required: true });
}

/**
 * The request authenticated once, for a route that words its refusals itself (the admin caller): the
 * result, a refreshed session's cookies written as requireUser writes them.
 */
export async function authenticated(
  ctx: Koa.Context,
  authenticator: Authenticator,
  cookies: CookiePolicy,
  owner: RouteOwner,
): Promise<Authenticated | Refused> {
  const result = await authenticator.authenticate(ctx, owner);
  if (result.ok && result.refreshed) setTokenCookies(ctx, cookies, result.refreshed);
  return result;
}

/**
 * The browser's session token for a top-level navigation (the OpenID provider's pages): the JWT cookie
 * as the gateway's own routes accept it, without the XSRF header a navigation cannot send
 * (Authenticator.authenticateNavigation); a refreshed one's cookies written. '' when there is none.
 */
export async function navigationSession(
  ctx: Koa.Context,
  authenticator: Authenticator,
  cookies: CookiePolicy,
): Promise<string> {
  const result = await authenticator.authenticateNavigation(ctx);
  if (!result.ok) return '';
  if (result.refreshed) setTokenCookies(ctx, cookies, result.refreshed);
  return result.token ?? '';
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

/**
 * The caller's session signed again by the auth service (a switch of the active organisation): a cookie
 * session gets its cookies written; a header or query token is answered in the body (`token`).
 */
export function answerReissued(
  ctx: Koa.Context,
  cookies: CookiePolicy,
  session: { token: string; jti: string; maxAgeSeconds: number },
): { token?: string } {
  if (ctx.state.auth?.source === 'cookie') {
    setTokenCookies(ctx, cookies, session);
    return {};
  }
  return { token: session.token };
}
