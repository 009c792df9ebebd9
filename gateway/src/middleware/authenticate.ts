import type Koa from 'koa';
import type { Authenticator, Refused, RouteOwner } from '../auth/authenticator';
import type { CookiePolicy } from '../auth/cookies';
import { clearTokenCookies, setTokenCookies } from './cookies';
import '../state';

export interface AuthenticateOptions {
  /** Answer 401 when there is no valid user (go-pkgz Auth); otherwise pass through without one (go-pkgz Trace). */
  required: boolean;
  /**
   * The body of a refusal, for routes whose contract has its own error shape (the card-loading API);
   * go-pkgz's `{"error": message}` when unset. Status, Retry-After and cookies are decided here either way.
   */
  refusalBody?: (status: number, refusal: Refused) => unknown;
  /**
   * Whose route this is (RouteOwner): `gateway` unless said, so that a new route takes only tokens of
   * the auth service's own key; `site` for what a site's own token is good for.
   */
  owner?: RouteOwner;
}

const goPkgzRefusal = (_status: number, refusal: Refused) => ({ error: refusal.error });

/** Authenticates the request and puts the user in `ctx.state.user`. */
export function authenticate(
  authenticator: Authenticator,
  cookies: CookiePolicy,
  { required, refusalBody = goPkgzRefusal, owner = 'gateway' }: AuthenticateOptions,
): Koa.Middleware {
  return async function authenticateRequest(ctx, next) {
    const result = authenticator.authenticateCached(ctx.req, owner) ?? (await authenticator.authenticate(ctx, owner));
    if (result.ok) {
      if (result.refreshed) setTokenCookies(ctx, cookies, result.refreshed);
      ctx.state.user = result.user;
      ctx.state.auth = result;
    } else {
      if (result.clearCookies) clearTokenCookies(ctx, cookies);
      if (required) {
        const status = result.status ?? 401;
        ctx.status = status;
        if (result.retryAfterSeconds) ctx.set('Retry-After', String(result.retryAfterSeconds));
        ctx.body = refusalBody(status, result);
        return;
      }
    }
    await next();
  };
}
