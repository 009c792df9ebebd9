// Who may call the admin API (docs/accounts.md "Administration"), decided once for every admin route:
// a workload caller token for the audience `admin` (the `operator` identity: `pnpm -s internal-token
// admin`), or an admin user (one of AUTH_ADMIN_USERS, or one whose token's `role` claim is `admin`) by
// cookie session with its XSRF header, a login of two factors (twoFactorLogin) and a login at most 15
// minutes old. Basic auth (AUTH_ADMIN_PASSWD) is never accepted here: a shared password names nobody in
// the audit log.
import type { InternalAuth } from '@gatehouse/grpc-kit';
import type { Claims } from '@gatehouse/token';
import type Koa from 'koa';
import type { Authenticator } from '../../auth/authenticator';
import { authenticated, type CookiePolicy, HttpError } from '../kit';

/** The audience of workload caller tokens for the admin API. */
export const ADMIN_AUDIENCE = 'admin';
/** The workload identities that may administer users: the one for people and their tools. */
export const ADMIN_WORKLOADS: readonly string[] = ['operator'];
/** How old an admin user's login may be. */
export const ADMIN_FRESH_LOGIN_S = 15 * 60;

export interface AdminCallerDeps {
  authenticator: Authenticator;
  cookies: CookiePolicy;
  /** Verifies workload caller tokens; undefined without INTERNAL_KEYS_DIR (then only admin users). */
  internalAuth: InternalAuth | undefined;
  /** AUTH_ADMIN_USERS. */
  adminUsers: readonly string[];
}

/** The acting admin as the audit log and the auth service name them: `operator` or `user:<id>`. */
export type AdminActor = string;

/**
 * Whether the token's user is an admin: listed in AUTH_ADMIN_USERS, or given the admin role (issue 33)
 * by the `role` claim (go-pkgz's `user.role`, any case). The claim is set by the auth service's claims
 * hooks (the application's updater) in a token it signs, never by what a user sends, so it is as
 * trustworthy as the user id the list is checked against.
 */
export function isAdminUser(user: Claims['user'], adminUsers: readonly string[]): boolean {
  if (!user?.id) return false;
  if (adminUsers.includes(user.id)) return true;
  return typeof user.role === 'string' && user.role.toLowerCase() === 'admin';
}

/**
 * Whether the session's login gave two factors (RFC 8176 `amr`, as services/auth/src/totp writes it):
 * `mfa`, which the auth service adds once a second factor (TOTP) follows the first, or a passkey login,
 * `hwk` (a key held by the authenticator) with `user` (its user verification, PIN or biometrics, which
 * the passkey ceremony requires). Never `otp` alone: a verified (email-link) login carries it, and that
 * is one factor, the mailbox.
 */
export function twoFactorLogin(amr: readonly string[] | undefined): boolean {
  if (!amr) return false;
  return amr.includes('mfa') || (amr.includes('hwk') && amr.includes('user'));
}

/** The refusal of an admin user whose login was one factor. */
export const SECOND_FACTOR_REFUSAL = 'admins log in with a second factor: turn TOTP on, or log in with a passkey';

/**
 * The admin behind the request, or an HttpError: 401 when nobody is authenticated (or the credentials
 * are bad), 403 when somebody is but may not act as an admin.
 */
export async function adminCaller(ctx: Koa.Context, deps: AdminCallerDeps): Promise<AdminActor> {
  const authorization = ctx.get('authorization');
  if (authorization) {
    const [scheme, token] = authorization.split(/\s+/, 2);
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw new HttpError(401, 'the admin API takes a Bearer workload token or an admin session, not this');
    }
    if (!deps.internalAuth) throw new HttpError(401, 'workload tokens are not accepted: INTERNAL_KEYS_DIR is unset');
    let identity: string;
    try {
      identity = await deps.internalAuth.verify(token, ADMIN_AUDIENCE);
    } catch {
      throw new HttpError(401, 'invalid caller token');
    }
    if (!ADMIN_WORKLOADS.includes(identity)) throw new HttpError(403, 'this workload may not administer users');
    return identity;
  }
  const result = await authenticated(ctx, deps.authenticator, deps.cookies, 'gateway');
  if (!result.ok) throw new HttpError(result.status ?? 401, result.error);
  // A cookie session only: its XSRF header was checked, and a token passed in a URL or header is not a
  // browser session an admin is sitting at.
  const claims = result.claims;
  const userId = claims?.user?.id;
  if (result.source !== 'cookie' || !userId) throw new HttpError(403, 'the admin API needs an admin session cookie');
  if (!isAdminUser(claims.user, deps.adminUsers)) throw new HttpError(403, 'not an admin');
  if (!twoFactorLogin(claims.amr)) throw new HttpError(403, SECOND_FACTOR_REFUSAL);
  const authTime = claims.auth_time;
  if (typeof authTime !== 'number' || Date.now() / 1000 - authTime > ADMIN_FRESH_LOGIN_S) {
    throw new HttpError(403, 'admin actions need a login at most 15 minutes old: log in again');
  }
  return `user:${userId}`;
}
