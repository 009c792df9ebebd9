// What crosses the gateway on the way to the OpenID provider and back (auth.v1.OidcService/Http), shared
// by the Koa route (provider.routes.ts) and the token endpoint's lane (lanes/oidc-token.ts), so the two
// cannot drift: which of the client's headers the provider sees, which of its headers the client gets.
import type http from 'node:http';

/** The provider's own cookies (oidc-provider's, renamed): the only ones it is given, and may set. */
export const OWN_COOKIE = /^gh_oidc_[a-z_]+(\.sig)?$/;
/** A request's body at most: a token request, a form, a JSON registration. */
export const MAX_BODY = 64 * 1024;
/** The provider answers from Postgres; a code exchange is a handful of statements. */
export const DEADLINE_MS = 15_000;
/** Headers of the browser or client that the provider never sees: the session's, the transports'. */
export const WITHHELD =
  /^(cookie|host|content-length|connection|keep-alive|transfer-encoding|upgrade|x-jwt|x-xsrf-token|x-forwarded-.*|x-gatehouse-.*|forwarded|x-real-ip)$/;

export interface Header {
  name: string;
  value: string;
}

/** The provider's cookies of the request, as one Cookie header. */
function ownCookies(header: string): string {
  return header
    .split(';')
    .map((c) => c.trim())
    .filter((c) => OWN_COOKIE.test(c.slice(0, c.indexOf('=') >>> 0)))
    .join('; ');
}

/** The client's headers the provider is given: all but WITHHELD, and its own cookies only. */
export function providerRequestHeaders(incoming: http.IncomingHttpHeaders): Header[] {
  const headers: Header[] = [];
  for (const name in incoming) {
    const value = incoming[name];
    if (value === undefined || WITHHELD.test(name)) continue;
    headers.push({ name, value: Array.isArray(value) ? value.join(', ') : value });
  }
  const cookies = ownCookies(incoming.cookie ?? '');
  if (cookies) headers.push({ name: 'cookie', value: cookies });
  return headers;
}

/** The provider's headers the client gets: its own cookies only, nothing of the transports'. */
export function forEachAnswerHeader(
  headers: readonly Header[],
  set: (name: string, value: string) => void,
  setCookie: (value: string) => void,
): void {
  for (const h of headers) {
    if (h.name === 'set-cookie') {
      if (OWN_COOKIE.test(h.value.slice(0, h.value.indexOf('=') >>> 0))) setCookie(h.value);
    } else if (!WITHHELD.test(h.name)) {
      set(h.name, h.value);
    }
  }
}
