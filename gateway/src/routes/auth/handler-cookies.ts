import type { Pair } from '@gatehouse/grpc-kit';
import { parse } from 'cookie';
import { type CookiePolicy, cookieText } from '../../auth/cookies';

/**
 * A login handler's own cookies. A handler may keep state in the browser (the Telegram bot binds a
 * login request to the browser that created it) under names gh_<provider>_*, and nothing else: the
 * session cookies (JWT, XSRF-TOKEN) and any other cookie stay the gateway's. The gateway decides the
 * attributes so that a handler cannot widen them: HttpOnly, scoped to /auth/<provider>/, SameSite=Lax,
 * Secure as the gateway's policy says, short-lived.
 */

/** Longest lifetime of a handler cookie, whatever the handler asks. */
export const HANDLER_COOKIE_MAX_AGE_S = 3600;

/** Cookie names as RFC 6265 allows them (token characters), below the prefix. */
const NAME_REST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/;
/** A cookie value as RFC 6265 allows it (cookie-octets), passed on as it is, neither encoded nor decoded. */
const VALUE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]{0,4096}$/;
const asIs = (v: string) => v;

export function handlerCookiePrefix(provider: string): string {
  return `gh_${provider}_`;
}

/**
 * Whether a cookie name is the provider's. `others` are the other handler names: with handlers "tg"
 * and "tg_x", gh_tg_x_req is tg_x's although it starts with gh_tg_.
 */
function ownName(name: string, provider: string, others: readonly string[]): boolean {
  const prefix = handlerCookiePrefix(provider);
  if (!name.startsWith(prefix) || !NAME_REST.test(name.slice(prefix.length))) return false;
  return !others.some((o) => o !== provider && o.length > provider.length && name.startsWith(handlerCookiePrefix(o)));
}

/** The request's cookies a handler may read: its own, nothing else. */
export function handlerCookies(header: string, provider: string, others: readonly string[] = []): Pair[] {
  if (!header) return [];
  const out: Pair[] = [];
  for (const [name, value] of Object.entries(parse(header, { decode: asIs }))) {
    if (value !== undefined && ownName(name, provider, others)) out.push({ name, value });
  }
  return out;
}

/**
 * The Set-Cookie headers of a handler's response that it may set, rewritten with the gateway's
 * attributes; anything else (a foreign name, JWT, a malformed header) is dropped. Of the handler's
 * attributes only Max-Age is read, and capped.
 */
export function handlerSetCookies(
  headers: Pair[] | undefined,
  provider: string,
  policy: CookiePolicy,
  others: readonly string[] = [],
): string[] {
  const out: string[] = [];
  for (const { name: header, value } of headers ?? []) {
    if (header?.toLowerCase() !== 'set-cookie' || !value) continue;
    const [pair = '', ...attributes] = value.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const cookieValue = pair.slice(eq + 1).trim();
    if (!ownName(name, provider, others) || !VALUE.test(cookieValue)) continue;
    let maxAge = HANDLER_COOKIE_MAX_AGE_S;
    for (const attr of attributes) {
      const m = /^\s*max-age\s*=\s*(-?\d{1,10})\s*$/i.exec(attr);
      if (m) maxAge = Math.min(Math.max(Number(m[1]), 0), HANDLER_COOKIE_MAX_AGE_S);
    }
    out.push(
      cookieText(name, cookieValue, policy, {
        path: `/auth/${provider}/`,
        httpOnly: true,
        sameSite: 'lax',
        lifetime: maxAge,
        raw: true,
      }),
    );
  }
  return out;
}
