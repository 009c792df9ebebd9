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
  // A value that URL-encoding leaves as it is (every JWT, jti and ULID) goes before the attributes
  // `cookie` wrote once for this name and policy: its serialize costs about 10 µs a cookie, two for
  // each refresh and login (issue 36). Anything else is serialized as before.
  if (!attributes.raw && UNCHANGED_BY_ENCODING.test(value)) {
    const key = `${name}\0${attributes.path}\0${attributes.httpOnly}\0${attributes.lifetime}\0${attributes.sameSite ?? policy.sameSite}\0${policy.secure}`;
    let after = attributesAfterValue.get(key);
    if (after === undefined) {
      after = serializeCookie(name, '', policy, attributes).slice(name.length + 1);
      if (attributesAfterValue.size < ATTRIBUTE_SETS_MAX) attributesAfterValue.set(key, after);
    }
    return `${name}=${value}${after}`;
  }
  return serializeCookie(name, value, policy, attributes);
}

/** Characters encodeURIComponent keeps and a cookie value may hold. */
const UNCHANGED_BY_ENCODING = /^[A-Za-z0-9._~-]*$/;
/** Names, paths and policies come from the code and the configuration: a handful. */
const ATTRIBUTE_SETS_MAX = 256;
const attributesAfterValue = new Map<string, string>();

function serializeCookie(name: string, value: string, policy: CookiePolicy, attributes: CookieAttributes): string {
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
