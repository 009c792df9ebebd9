import type Koa from 'koa';
import { type CookiePolicy, clearedCookies, type TokenCookie, tokenCookies } from '../auth/cookies';
import { NO_STORE } from './security-headers';

/** Writes the session cookie pair (auth/cookies.ts tokenCookies) on a Koa answer. */
export function setTokenCookies(ctx: Koa.Context, policy: CookiePolicy, t: TokenCookie): void {
  // An answer that sets a token is never cached (a login, a handshake, a refresh on any route).
  ctx.set(...NO_STORE);
  for (const cookie of tokenCookies(policy, t)) ctx.append('Set-Cookie', cookie);
}

/** Logout: both session cookies emptied and expired (auth/cookies.ts clearedCookies), never cached. */
export function clearTokenCookies(ctx: Koa.Context, policy: CookiePolicy): void {
  ctx.set(...NO_STORE);
  for (const cookie of clearedCookies(policy)) ctx.append('Set-Cookie', cookie);
}
