// Linking another login to the account (docs/accounts.md "Linking"): `POST /auth/<provider>/link` from a
// cookie session with its XSRF header (a cross-site page can navigate a browser to a GET, so a link is
// never started by one: issue 43), answering the provider's URL that the page then opens. The link's
// handshake travels in a cookie of its own, so the browser's session cookies stay as they are throughout: the session is
// still logged in afterwards, and its token is what the callback presents to prove it is the same
// session that started the link (the auth service bound the link to its jti). That token travels in the
// link's cookies too: a provider answering with a cross-site form_post (Sign in with Apple) brings back
// no SameSite=Lax cookie, so the link's cookies are written with the login handshake's policy
// (SameSite=None with Secure for form_post, as the login's own handshake is).
import { describeCallError } from '@gatehouse/grpc-kit';
import { JWT_COOKIE } from '@gatehouse/token';
import { parse as parseCookies } from 'cookie';
import type Koa from 'koa';
import { type CookiePolicy, cookieText, HttpError, queryParam, setNoStore, type TokenCookie } from '../kit';

/** The link's handshake (HttpOnly, /auth only): a login handshake that is not the session's JWT cookie. */
export const LINK_HANDSHAKE_COOKIE = 'LINK-HANDSHAKE';
/**
 * The session token the link was started from (HttpOnly, /auth only), for the callback. Never a
 * credential: the gateway authenticates by the JWT cookie or header only, and the auth service links
 * only for the session (jti) the handshake names, while it is live and its login fresh.
 */
export const LINK_SESSION_COOKIE = 'LINK-SESSION';
const LINK_PATH = '/auth';

const LINK_FRESH = 'linking needs a recent login: log in again, then link another account within 5 minutes';

/** `link=1` asks for a link rather than a login. */
export function wantsLink(ctx: Koa.Context): boolean {
  const value = queryParam(ctx, 'link');
  return value === '1' || value === 'true';
}

/** What `GET /auth/<provider>/login?link=1` answers (403): a link starts with the POST below. */
export const LINK_BY_GET_REFUSED = 'a link starts with POST /auth/<provider>/link and the X-XSRF-TOKEN header';

/**
 * The session a link is started from: a cookie session the gateway accepts for its own routes (the
 * auth service's own key, XSRF header checked, not ended), as `/auth/identities` asks, else 401.
 * `ctx.state.auth` is requireUser's result (a refreshed token when the cookie's had expired).
 */
export function linkSessionToken(ctx: Koa.Context): string {
  const auth = ctx.state.auth;
  if (auth?.source !== 'cookie' || !auth.token || !auth.claims?.jti) {
    throw new HttpError(401, 'linking needs a session: log in first (and send the X-XSRF-TOKEN header)');
  }
  return auth.token;
}

/** The auth service's "fresh login required" as a refusal that says what to do. */
export function linkRefusal(err: unknown): never {
  const failure = describeCallError(err);
  if (failure.answeredByService && failure.code === 'FRESH_LOGIN_REQUIRED') throw new HttpError(403, LINK_FRESH);
  throw err;
}

/**
 * Writes the link's handshake and the session token it was started from beside the session cookies,
 * which are left alone. `policy` is the login handshake's (handshakeCookiePolicy).
 */
export function setLinkHandshake(
  ctx: Koa.Context,
  policy: CookiePolicy,
  handshake: TokenCookie,
  sessionToken: string,
): void {
  setNoStore(ctx);
  const lifetime = handshake.maxAgeSeconds > 0 ? handshake.maxAgeSeconds : 'session';
  const attributes = { path: LINK_PATH, httpOnly: true, lifetime } as const;
  ctx.append('Set-Cookie', cookieText(LINK_HANDSHAKE_COOKIE, handshake.token, policy, attributes));
  ctx.append('Set-Cookie', cookieText(LINK_SESSION_COOKIE, sessionToken, policy, attributes));
}

/**
 * A callback's link, when the browser holds one: the link's handshake and the session token it was
 * started from (its own cookie, else the session's). Both link cookies are expired at once, whatever
 * the outcome: they are good for one try.
 */
export function takeLink(
  ctx: Koa.Context,
  policy: CookiePolicy,
): { handshakeToken: string; linkSessionToken: string } | undefined {
  const cookies = parseCookies(ctx.get('cookie'));
  const handshakeToken = cookies[LINK_HANDSHAKE_COOKIE];
  if (!handshakeToken) return undefined;
  setNoStore(ctx);
  for (const name of [LINK_HANDSHAKE_COOKIE, LINK_SESSION_COOKIE]) {
    ctx.append('Set-Cookie', cookieText(name, '', policy, { path: LINK_PATH, httpOnly: true, lifetime: 0 }));
  }
  return { handshakeToken, linkSessionToken: cookies[LINK_SESSION_COOKIE] || cookies[JWT_COOKIE] || '' };
}
