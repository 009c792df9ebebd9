import type { KoaContextWithOIDC } from 'oidc-provider';
import type { OidcSettings } from './config';
import type { DeviceState } from './device-state';

export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** The gateway's user-code page (its `/device`): where a device sends its user (`verification_uri`). */
export const DEVICE_PAGE_PATH = '/device';

/**
 * The library's own user-code pages (`/oidc/device`, `/oidc/device/<uid>`): they would approve a code
 * with the provider's cookie session, past the page's limits and binding, so they only send the browser on.
 */
const LIBRARY_PAGES = /^\/oidc\/device(\/[^/]+)?\/?$/;
/**
 * The device authorization endpoint shares that shape: a POST (and a CORS preflight) is the library's
 * grant; any other method would reach its page of a code named "auth" (`/device/:uid`, which throws on
 * a browser without an interaction), so it is sent on like the other pages.
 */
const DEVICE_AUTHORIZATION = /^\/oidc\/device\/auth\/?$/;
const isLibraryPage = (path: string, method: string) =>
  LIBRARY_PAGES.test(path) && !(DEVICE_AUTHORIZATION.test(path) && (method === 'POST' || method === 'OPTIONS'));

export interface DeviceFlowDeps {
  /** AUTH_URL: the page's address is the issuer's. */
  issuer: string;
  settings: OidcSettings['device'];
  state: DeviceState;
}

type DeviceAuthorizationBody = { device_code: string; user_code: string; expires_in: number };

/**
 * What Gatehouse adds to the library's device authorization grant (RFC 8628), as a provider middleware
 * (`provider.use`) around its routes:
 * - the device authorization answer names the gateway's page (`verification_uri`, and
 *   `verification_uri_complete` with the code) and the polling `interval`, which the library leaves out;
 * - a device polling the token endpoint sooner than its interval while the code is pending gets
 *   `slow_down`, and its interval grows by 5 s (kept in Postgres: every replica counts the same polls);
 * - the library's own user-code page sends the browser to the gateway's.
 */
export function deviceFlowMiddleware(deps: DeviceFlowDeps) {
  const page = `${deps.issuer.replace(/\/+$/, '')}${DEVICE_PAGE_PATH}`;
  return async function deviceFlow(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
    if (isLibraryPage(ctx.path, ctx.method)) {
      const code = ctx.query.user_code;
      ctx.redirect(typeof code === 'string' ? `${page}?${new URLSearchParams({ user_code: code })}` : page);
      ctx.status = 303;
      return;
    }
    await next();
    const route = ctx.oidc?.route;
    if (route === 'device_authorization' && ctx.status === 200) {
      const body = ctx.body as DeviceAuthorizationBody;
      ctx.body = {
        device_code: body.device_code,
        user_code: body.user_code,
        verification_uri: page,
        verification_uri_complete: `${page}?${new URLSearchParams({ user_code: body.user_code })}`,
        expires_in: body.expires_in,
        interval: deps.settings.pollIntervalS,
      };
      return;
    }
    if (route === 'token' && ctx.status === 400) await throttle(ctx, deps);
  };
}

/** A pending poll: counted, and answered slow_down when it came too soon. */
async function throttle(ctx: KoaContextWithOIDC, deps: DeviceFlowDeps): Promise<void> {
  const params = ctx.oidc.params as { grant_type?: unknown; device_code?: unknown } | undefined;
  const error = (ctx.body as { error?: unknown } | undefined)?.error;
  if (params?.grant_type !== DEVICE_CODE_GRANT || error !== 'authorization_pending') return;
  if (typeof params.device_code !== 'string') return;
  const poll = await deps.state.poll(params.device_code, deps.settings.pollIntervalS, deps.settings.codeTtlS);
  if (!poll.slowDown) return;
  ctx.body = {
    error: 'slow_down',
    error_description: `polling too fast: wait ${poll.intervalS} seconds between requests`,
  };
}
