import { JWT_COOKIE, XSRF_COOKIE } from '@gatehouse/token';
import { serialize } from 'cookie';
import type Koa from 'koa';

export interface CookiePolicy {
  sameSite: 'lax' | 'strict' | 'none';
  secure: boolean;
}

/** A token as the auth service issues it: the JWT, its jti (the XSRF value), the cookie lifetime. */
export interface TokenCookie {
  token: string;
  jti: string;
  /** Seconds; 0 writes session cookies. */
  maxAgeSeconds: number;
}

/**
 * Writes the go-pkgz/auth cookie pair: JWT (HttpOnly) first, then XSRF-TOKEN (readable by the page's
 * script, which echoes it in X-XSRF-TOKEN). Both Path=/, same lifetime.
 */
export function setTokenCookies(ctx: Koa.Context, policy: CookiePolicy, t: TokenCookie): void {
  // An answer that sets a token is never cached (a login, a handshake, a refresh on any route).
  ctx.set('Cache-Control', 'no-store');
  for (const cookie of tokenCookies(policy, t)) ctx.append('Set-Cookie', cookie);
}

/** The two Set-Cookie values setTokenCookies writes, for answers written without Koa. */
export function tokenCookies(policy: CookiePolicy, t: TokenCookie): [string, string] {
  const common = {
    path: '/',
    sameSite: policy.sameSite,
    secure: policy.secure,
    ...(t.maxAgeSeconds > 0 ? { maxAge: t.maxAgeSeconds } : {}),
  };
  return [
    serialize(JWT_COOKIE, t.token, { ...common, httpOnly: true }),
    serialize(XSRF_COOKIE, t.jti, { ...common, httpOnly: false }),
  ];
}

/** Logout: both cookies emptied and expired, as go-pkgz Reset writes them. */
export function clearTokenCookies(ctx: Koa.Context, policy: CookiePolicy): void {
  ctx.set('Cache-Control', 'no-store');
  for (const cookie of clearedCookies(policy)) ctx.append('Set-Cookie', cookie);
}

/** The two Set-Cookie values clearTokenCookies writes, for answers written without Koa. */
export function clearedCookies(policy: CookiePolicy): [string, string] {
  const gone = {
    path: '/',
    expires: new Date(0),
    maxAge: 0,
    sameSite: policy.sameSite,
    secure: policy.secure,
  };
  return [serialize(JWT_COOKIE, '', { ...gone, httpOnly: true }), serialize(XSRF_COOKIE, '', gone)];
}
