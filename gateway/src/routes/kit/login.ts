// A login's start and end, written once (issue 44): the built-in providers' callbacks
// (routes/auth/go-pkgz.routes.ts), the login handlers', the TOTP code's and the passkey's all answer a
// finished login with answerLogin, and every logout is logout's. What a login's query asks is read here
// too, the same for every kind of login.
import type { auth } from '@gatehouse/proto';
import type Koa from 'koa';
import type { Authenticator } from '../../auth/authenticator';
import { type CookiePolicy, cookieText, type TokenCookie } from '../../auth/cookies';
import { clearTokenCookies, setTokenCookies } from '../../middleware/cookies';
import { HttpError } from '../../middleware/errors';
import { setNoStore } from './answers';
import { queryParam } from './request';

/**
 * Deadline of the calls that finish a login: the auth service may spend a provider timeout on the code
 * exchange, another on user info (or OIDC discovery), and up to 15 s storing the avatar. Cutting it
 * shorter would waste the one-time code the browser brought.
 */
export const LOGIN_DEADLINE_MS = 45_000;

/**
 * The pending login's cookie: an opaque id the auth service keeps 5 minutes (never a token the
 * authenticator could take for a session), sent only to /auth/totp/*.
 */
export const PENDING_COOKIE = 'TOTP-PENDING';
export const PENDING_PATH = '/auth/totp';
/** Where a login that was given `from` sends the browser for the code: the page's prompt. */
export const CODE_PROMPT_PATH = '/?second_factor=totp';

/** The OpenID provider's login page of an authorization (docs/openid-provider.md), a path of this site. */
const INTERACTION_PAGE = /^\/oidc\/interaction\/[A-Za-z0-9_-]{1,64}$/;

/**
 * The code prompt for a login given `from`: when `from` is an authorization's login page on this site,
 * the prompt carries it as `continue`, so the page goes back there itself after the code (its fetch
 * must not follow the answer's redirect into the provider and on to the client's origin).
 */
function codePromptFor(ctx: Koa.Context, redirectUrl: string): string {
  let target: URL;
  try {
    target = new URL(redirectUrl);
  } catch {
    return CODE_PROMPT_PATH;
  }
  if (target.host !== ctx.host || target.search || !INTERACTION_PAGE.test(target.pathname)) return CODE_PROMPT_PATH;
  return `${CODE_PROMPT_PATH}&continue=${encodeURIComponent(target.pathname)}`;
}

/** What a login's query asks (go-pkgz's parameters), each the first value given, cut to 2048 characters. */
export interface LoginQuery {
  /** The audience: `site`, else `aud`. */
  site: string;
  from: string;
  sessionOnly: boolean;
  /** `noava=1`: no avatar is stored. */
  noAvatar: boolean;
}

export function loginQuery(ctx: Koa.Context): LoginQuery {
  const text = (name: string) => queryParam(ctx, name)?.slice(0, 2048) ?? '';
  return {
    site: text('site') || text('aud'),
    from: text('from'),
    sessionOnly: wantsSessionCookie(queryParam(ctx, 'session') ?? queryParam(ctx, 'sess')),
    noAvatar: text('noava') === '1',
  };
}

/**
 * `session=1` asks for a session cookie; `0`, `false` or nothing for a persistent one (go-pkgz treats
 * `false` as true; we don't). `session` wins over the legacy `sess`.
 */
function wantsSessionCookie(value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  return !['0', 'false'].includes(value.toLowerCase());
}

/**
 * A provider that answers with response_mode=form_post (Sign in with Apple) sends the browser back with
 * a cross-site POST, which carries no SameSite=Lax cookie: that login's handshake cookie is written
 * SameSite=None, which browsers accept only with Secure, so only when cookies are Secure (https AUTH_URL).
 */
export function handshakeCookiePolicy(redirectUrl: string, policy: CookiePolicy): CookiePolicy {
  const formPost = new URL(redirectUrl).searchParams.get('response_mode') === 'form_post';
  return formPost && policy.secure ? { ...policy, sameSite: 'none' } : policy;
}

/** A login begun: its handshake in the session cookie (handshakeCookiePolicy), and off to the provider. */
export function answerLoginStart(
  ctx: Koa.Context,
  policy: CookiePolicy,
  started: { redirectUrl: string; handshake: TokenCookie | null },
): void {
  if (!started.handshake) throw new Error('the auth service began a login without a handshake');
  setTokenCookies(ctx, handshakeCookiePolicy(started.redirectUrl, policy), started.handshake);
  ctx.redirect(started.redirectUrl);
}

/** A finished login as the auth service answers it (CompleteLogin, IssueSession, VerifyTotp, PasskeyLogin). */
export interface FinishedLogin {
  session?: TokenCookie | null;
  /** The user as the token carries it (go-pkgz shape). */
  userJson?: string;
  /** Where to send the browser (303); empty: the user JSON is the answer. */
  redirectUrl?: string;
  /** TOTP: the user must give a code first, and this pending login stands for the session until then. */
  secondFactorPending?: TokenCookie | null;
  /** A link: the identity now attached to the caller's user; no session is issued. */
  linked?: auth.LinkedIdentity__Output | null;
}

/**
 * The answer of a finished login: a link's identity (the browser's own session stays as it was); the
 * pending second factor; else the session cookies and a 303 to the allowed `from`, or the user JSON.
 */
export function answerLogin(ctx: Koa.Context, policy: CookiePolicy, login: FinishedLogin): void {
  if (login.linked) {
    setNoStore(ctx);
    if (login.redirectUrl) seeOther(ctx, login.redirectUrl);
    else ctx.body = { linked: login.linked };
    return;
  }
  if (login.secondFactorPending) {
    answerSecondFactor(ctx, policy, login.secondFactorPending, login.redirectUrl ?? '');
    return;
  }
  if (!login.session) throw new Error('the auth service finished a login without a session');
  setTokenCookies(ctx, policy, login.session);
  if (login.redirectUrl) seeOther(ctx, login.redirectUrl);
  else ctx.body = JSON.parse(login.userJson ?? '');
}

function seeOther(ctx: Koa.Context, url: string): void {
  ctx.status = 303;
  ctx.redirect(url);
}

/**
 * A login whose user must give a code first: no session cookies (the handshake's are cleared), the
 * pending cookie instead, and 200 {"second_factor":"totp"}, or 303 to the page's prompt (codePromptFor) when
 * the login was given a `from` to return to (the pending login remembers it for after the code).
 */
function answerSecondFactor(ctx: Koa.Context, policy: CookiePolicy, pending: TokenCookie, redirectUrl: string): void {
  clearTokenCookies(ctx, policy);
  ctx.append(
    'Set-Cookie',
    cookieText(PENDING_COOKIE, pending.token, policy, {
      path: PENDING_PATH,
      httpOnly: true,
      lifetime: pending.maxAgeSeconds,
    }),
  );
  if (redirectUrl) {
    seeOther(ctx, codePromptFor(ctx, redirectUrl));
    return;
  }
  ctx.status = 200;
  ctx.body = { second_factor: 'totp' };
}

export interface LogoutDeps {
  authenticator: Authenticator;
  cookies: CookiePolicy;
}

/** Ends a session at the auth service by its token ('' for a caller without one, as basic auth). */
type EndSession = (token: string) => Promise<unknown>;

/**
 * Logout, by every route that logs out (/auth/logout, /auth/<provider>/logout, a login handler's):
 * the site's own session counts (RouteOwner `site`); a token without its XSRF header is a cross-site
 * logout attempt, refused (403) with its cookies kept, and anything broken is cleared and refused.
 * `provider` runs a login handler's own logout, whose answer the route writes; `end` then ends the
 * session at the auth service (so that it can never be refreshed), and loggedOut here. Without
 * `provider`, the answer is go-pkgz's empty 200.
 */
export async function logout(ctx: Koa.Context, deps: LogoutDeps, end: EndSession): Promise<void>;
export async function logout<T>(
  ctx: Koa.Context,
  deps: LogoutDeps,
  end: EndSession,
  provider: () => Promise<T>,
): Promise<T>;
export async function logout<T>(
  ctx: Koa.Context,
  deps: LogoutDeps,
  end: EndSession,
  provider?: () => Promise<T>,
): Promise<T | undefined> {
  const who = await deps.authenticator.authenticate(ctx, 'site');
  if (!who.ok) {
    if (who.reason !== 'xsrf_mismatch') clearTokenCookies(ctx, deps.cookies);
    throw new HttpError(403, 'logout not allowed');
  }
  const answer = await provider?.();
  await end(who.token ?? '');
  loggedOut(ctx, deps, who.claims);
  if (!provider) {
    ctx.status = 200;
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = '';
  }
  return answer;
}

/** A session ended (by logout, or by ending one's own session): refused here at once, its cookies cleared. */
export function loggedOut(
  ctx: Koa.Context,
  deps: LogoutDeps,
  claims: Parameters<Authenticator['endSession']>[0],
): void {
  deps.authenticator.endSession(claims);
  clearTokenCookies(ctx, deps.cookies);
}

/**
 * A session the auth service ended while answering a request of this browser (the OpenID provider's
 * RP-initiated logout, confirmed by its user): refused here at once, until its last token's expiry,
 * and its cookies cleared.
 */
export function endedByAuth(ctx: Koa.Context, deps: LogoutDeps, ended: { jti: string; untilMs: number }): void {
  deps.authenticator.endSessionUntil(ended.jti, ended.untilMs);
  clearTokenCookies(ctx, deps.cookies);
}
