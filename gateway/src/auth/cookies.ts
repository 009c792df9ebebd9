import { JWT_COOKIE, XSRF_COOKIE } from '@gatehouse/token';
import { serialize } from 'cookie';

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

export interface CookieAttributes {
  path: string;
  httpOnly: boolean;
  /** Seconds; 0 expires the cookie now (Max-Age=0 and an Expires in 1970); `session` writes neither. */
  lifetime: number | 'session';
  /** The policy's SameSite unless said (a login handler's cookies are always Lax). */
  sameSite?: CookiePolicy['sameSite'];
  /** The value as it is, not URL-encoded (a login handler's own values, passed through). */
  raw?: boolean;
}

const asIs = (v: string) => v;

/**
 * The one place a cookie's attributes are chosen: every Set-Cookie the gateway writes (the session
 * pair, the TOTP pending login, a login handler's own cookies) is this, with the gateway's policy
 * (SameSite, Secure) and the caller's path, HttpOnly and lifetime.
 */
export function cookieText(name: string, value: string, policy: CookiePolicy, attributes: CookieAttributes): string {
  const { lifetime } = attributes;
  return serialize(name, value, {
    path: attributes.path,
    httpOnly: attributes.httpOnly,
    sameSite: attributes.sameSite ?? policy.sameSite,
    secure: policy.secure,
    ...(lifetime === 'session' ? {} : { maxAge: lifetime }),
    ...(lifetime === 0 ? { expires: new Date(0) } : {}),
    ...(attributes.raw ? { encode: asIs } : {}),
  });
}

/**
 * The go-pkgz/auth cookie pair: JWT (HttpOnly) first, then XSRF-TOKEN (readable by the page's script,
 * which echoes it in X-XSRF-TOKEN). Both Path=/, same lifetime. Koa's routes write it with
 * setTokenCookies (middleware/cookies.ts), the lanes as it is.
 */
export function tokenCookies(policy: CookiePolicy, t: TokenCookie): [string, string] {
  const lifetime = t.maxAgeSeconds > 0 ? t.maxAgeSeconds : 'session';
  return [
    cookieText(JWT_COOKIE, t.token, policy, { path: '/', httpOnly: true, lifetime }),
    cookieText(XSRF_COOKIE, t.jti, policy, { path: '/', httpOnly: false, lifetime }),
  ];
}

/** Logout: both cookies emptied and expired, as go-pkgz Reset writes them (clearTokenCookies in Koa). */
export function clearedCookies(policy: CookiePolicy): [string, string] {
  return [
    cookieText(JWT_COOKIE, '', policy, { path: '/', httpOnly: true, lifetime: 0 }),
    cookieText(XSRF_COOKIE, '', policy, { path: '/', httpOnly: false, lifetime: 0 }),
  ];
}
