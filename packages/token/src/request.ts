import { parse as parseCookies } from 'cookie';
import { safeEqual, safeEqualBytes } from './claims';

// Cookie, header and query names of the go-pkgz/auth contract. Defined here, where requests are read,
// so the lookups below use them as local bindings: under CommonJS (tsx, Jest) an imported binding is a
// getter call on every use, which the per-request hot path measurably pays for.
export const JWT_COOKIE = 'JWT';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const JWT_HEADER = 'x-jwt';
export const XSRF_HEADER = 'x-xsrf-token';
export const JWT_QUERY = 'token';

/**
 * The parts of an HTTP request that authentication reads, as plain getters, so this package needs no
 * web framework: a Koa context fits as it is (`ctx.get`, `ctx.query`), a hot path may answer from
 * headers it read itself.
 */
export interface CredentialRequest {
  /** The header `name` (always asked in lower case); '' when absent. */
  get(name: string): string;
  /** The parsed query string: a value is a string, an array when repeated, or absent. */
  readonly query: Readonly<Record<string, unknown>>;
}

export type TokenSource = 'query' | 'header' | 'cookie';

export interface FoundToken {
  token: string;
  source: TokenSource;
}

/**
 * The request's JWT in go-pkgz/auth's order: `?token=`, then the X-JWT header, then the JWT cookie. The
 * first place that has one wins, even when a later one would verify; a repeated `?token=` counts as none.
 * A cookie-borne token is good only with the XSRF header (xsrfHolds).
 */
export function findToken(req: CredentialRequest): FoundToken | undefined {
  const fromQuery = req.query[JWT_QUERY];
  if (typeof fromQuery === 'string' && fromQuery !== '') return { token: fromQuery, source: 'query' };
  const fromHeader = req.get(JWT_HEADER);
  if (fromHeader) return { token: fromHeader, source: 'header' };
  const cookies = req.get('cookie');
  const fromCookie = cookies ? parseCookies(cookies)[JWT_COOKIE] : undefined;
  return fromCookie ? { token: fromCookie, source: 'cookie' } : undefined;
}

/**
 * The double-submit check (docs/security.md): a token from the cookie, which the browser sends
 * on its own, counts only when the X-XSRF-TOKEN header carries its jti, which only a page that could
 * read the XSRF cookie can send. Query and header tokens were put there by the caller: no check.
 * `jti` may come already encoded (a cached token's), so a hot path encodes nothing.
 */
export function xsrfHolds(req: CredentialRequest, found: FoundToken, jti: string | Buffer): boolean {
  if (found.source !== 'cookie') return true;
  const given = req.get(XSRF_HEADER);
  return typeof jti === 'string' ? safeEqual(given, jti) : safeEqualBytes(given, jti);
}
