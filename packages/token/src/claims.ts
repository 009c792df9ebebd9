import { createHash, timingSafeEqual } from 'node:crypto';

/** The token user, in go-pkgz/auth's JSON shape: name, id and picture always present. */
export interface User {
  name: string;
  id: string;
  picture: string;
  /** Filled from the token's audience when a request is authenticated, never at login. */
  aud?: string;
  ip?: string;
  email?: string;
  attrs?: Record<string, unknown>;
  role?: string;
}

/** State of a login in progress; carried by the handshake token in the JWT cookie. */
export interface Handshake {
  state?: string;
  from?: string;
  id?: string;
  /**
   * A link in progress (the auth service's directory): the login's identity is attached to this user
   * instead of starting a session, and only from the session (jti) that asked for it.
   */
  link?: { user: string; jti: string };
}

/** Token claims, go-pkgz/auth v2 shape (`aud` a single string) plus OIDC's `auth_time`. */
export interface Claims {
  iss?: string;
  sub?: string;
  aud?: string;
  exp?: number;
  nbf?: number;
  iat?: number;
  jti?: string;
  user?: User;
  sess_only?: boolean;
  handshake?: Handshake;
  'no-ava'?: boolean;
  auth_provider?: { name: string };
  /**
   * When the user first logged in (seconds). Refresh keeps it, so a session can never outlive
   * AUTH_COOKIE_DURATION counted from here; go-pkgz/auth has no such cap.
   */
  auth_time?: number;
  /**
   * How the session was obtained (RFC 8176 Authentication Method Reference values, as OIDC's `amr`):
   * the first factor, then "otp" and "mfa" after a second factor. Refresh keeps it.
   */
  amr?: string[];
}

/**
 * go-pkgz HashID: lowercase sha1 hex of the raw id; an id that already is 40 hex characters is kept,
 * so ids hashed once are never hashed again.
 */
export function hashId(raw: string): string {
  if (/^[0-9a-f]{40}$/i.test(raw)) return raw;
  return createHash('sha1').update(raw).digest('hex');
}

/**
 * `<provider>_<sha1(raw id)>`, the user id every provider produces. Unlike hashId, a raw
 * id that already looks like 40 hex characters is hashed too: raw ids are often chosen by the user (a
 * login name, a direct-login user, an address), and passing one through would let somebody pick
 * `sha1("alice")` as a name and become alice.
 */
export function userId(provider: string, rawId: string): string {
  return `${provider}_${createHash('sha1').update(rawId).digest('hex')}`;
}

/** Constant-time string comparison, for XSRF values and passwords. */
export function safeEqual(a: string, b: string): boolean {
  return safeEqualBytes(a, Buffer.from(b));
}

/**
 * safeEqual against a value already encoded (a cached token's jti), so a hot path encodes only the
 * string it was given.
 */
export function safeEqualBytes(a: string, expected: Buffer): boolean {
  const given = Buffer.from(a);
  // Compare against itself on a length mismatch so the time taken does not depend on where they differ.
  if (given.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(given, expected);
}

/** Orders claims as go-pkgz writes them, so tokens read the same as the Go library's. */
export function orderClaims(c: Claims): Claims {
  const ordered: Claims = {};
  const keys: (keyof Claims)[] = [
    'iss',
    'sub',
    'aud',
    'exp',
    'nbf',
    'iat',
    'jti',
    'user',
    'sess_only',
    'handshake',
    'no-ava',
    'auth_provider',
    'auth_time',
    'amr',
  ];
  for (const key of keys) {
    const value = c[key];
    if (value !== undefined && value !== false && value !== '') (ordered as Record<string, unknown>)[key] = value;
  }
  return ordered;
}

/** The user JSON with go-pkgz key order: name, id, picture always; the rest only when set. */
export function userJson(u: User): User {
  const out: User = { name: u.name ?? '', id: u.id ?? '', picture: u.picture ?? '' };
  if (u.aud) out.aud = u.aud;
  if (u.ip) out.ip = u.ip;
  if (u.email) out.email = u.email;
  if (u.attrs && Object.keys(u.attrs).length > 0) out.attrs = u.attrs;
  if (u.role) out.role = u.role;
  return out;
}

export function isAdmin(u: User): boolean {
  return u.attrs?.admin === true;
}
