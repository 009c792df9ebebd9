import type Koa from 'koa';
import type { Authenticator } from '../auth/authenticator';
import { type CookiePolicy, clearTokenCookies, setTokenCookies } from '../auth/cookies';
import '../state';

/**
 * Authenticates the request and puts the user in `ctx.state.user`. `required`: answer 401 when there is
 * no valid user (go-pkgz Auth); otherwise pass through without one (go-pkgz Trace).
 */
export function authenticate(
  authenticator: Authenticator,
  cookies: CookiePolicy,
  { required }: { required: boolean },
): Koa.Middleware {
  return async function authenticateRequest(ctx, next) {
    const result = authenticator.authenticateCached(ctx) ?? (await authenticator.authenticate(ctx));
    if (result.ok) {
      if (result.refreshed) setTokenCookies(ctx, cookies, result.refreshed);
      ctx.state.user = result.user;
      ctx.state.auth = result;
    } else {
      if (result.clearCookies) clearTokenCookies(ctx, cookies);
      if (required) {
        ctx.status = result.status ?? 401;
        if (result.retryAfterSeconds) ctx.set('Retry-After', String(result.retryAfterSeconds));
        ctx.body = { error: result.error };
        return;
      }
    }
    await next();
  };
}
