import {
  ADMIN_USER,
  basicCredentials,
  type Claims,
  findToken,
  isAdmin,
  isAdminLogin,
  REFUSAL_TEXT,
  remoteKeySet,
  type SecretReader,
  TokenError,
  type TokenRefusal,
  type User,
  userJson,
  type VerificationKeys,
  verifyToken,
  xsrfHolds,
} from '@gatehouse/token';
import type { Context, Middleware } from 'koa';

export type { User } from '@gatehouse/token';

export interface KoaAuthOptions {
  /** The signing secret shared with Gatehouse (AUTH_SECRET); or `secrets` for one per audience. */
  secret?: string;
  secrets?: SecretReader;
  /** HS256 rotation (AUTH_SECRET_PREVIOUS): old secrets still accepted for every audience, never used to sign. */
  previousSecrets?: string[];
  /**
   * Instead of a secret, with AUTH_JWT_ALG=ES256 or EdDSA: Gatehouse's public key set, e.g.
   * `https://gatehouse.example/.well-known/jwks.json`. No secret is shared with the application.
   */
  jwksUrl?: string | URL;
  /** The algorithm Gatehouse signs with (AUTH_JWT_ALG) when verifying by jwksUrl; the only one accepted. */
  algorithm?: 'ES256' | 'EdDSA';
  /** The `iss` tokens must carry (AUTH_ISSUER); unset: any. */
  issuer?: string;
  /** Allowed audiences; empty or unset allows any. */
  audiences?: string[];
  /** Runs on every request with a token: false refuses it (401). The blacklist of go-pkgz. */
  validator?: (token: string, claims: Claims) => boolean | Promise<boolean>;
  /** Enables basic auth for user `admin` with this password. */
  adminPasswd?: string;
  /** Decides every basic-auth request when set (adminPasswd is then ignored): the user, or null. */
  basicAuthChecker?: (user: string, password: string) => User | null | Promise<User | null>;
  /** Writes the 401/403 answer; default `{"error": message}` as JSON. */
  onError?: (ctx: Context, status: 401 | 403, message: string) => void;
}

export interface KoaAuth {
  /** Requires a valid user (go-pkgz Auth). */
  auth: Middleware;
  /** Requires a valid admin user (attrs.admin): 401 without a user, 403 for others. */
  admin: Middleware;
  /** Sets the user when there is a valid one, lets everyone through (go-pkgz Trace). */
  trace: Middleware;
  /** Requires a valid user whose role is one of `roles` (case-insensitive): 401 / 403. */
  rbac(...roles: string[]): Middleware;
  /** Replaces the user with `fn(user)` on every request that has one; put it after auth or trace. */
  updateUser(fn: (user: User) => User | Promise<User>): Middleware;
}

const USER_KEY = Symbol.for('gatehouse.koa-auth.user');

type Outcome = { user: User } | { reason: TokenRefusal; error: string };

const refused = (reason: TokenRefusal, error = REFUSAL_TEXT[reason]): Outcome => ({ reason, error });

/**
 * Koa middleware for applications that verify Gatehouse tokens themselves (go-pkgz/auth's middleware):
 * basic auth (admin password or checker), then a JWT from ?token=, X-JWT or the JWT cookie (which needs
 * the X-XSRF-TOKEN header). Only the auth service signs, so an expired token is refused here (401): a
 * browser gets it refreshed by any call through the gateway (e.g. GET /auth/user).
 */
export function createAuth(options: KoaAuthOptions): KoaAuth {
  const secretReader: SecretReader | undefined =
    options.secrets ?? (options.secret !== undefined ? () => options.secret as string : undefined);
  if (secretReader && options.jwksUrl) throw new Error('koa-auth: give either secret(s) or jwksUrl, not both');
  const keys: VerificationKeys | undefined = options.jwksUrl
    ? remoteKeySet(options.jwksUrl, options.algorithm ?? 'ES256')
    : secretReader && { alg: 'HS256', secrets: secretReader, previous: () => options.previousSecrets ?? [] };
  if (!keys) throw new Error('koa-auth: secret, secrets or jwksUrl is required');
  const audiences = options.audiences ?? [];
  const refuse =
    options.onError ??
    ((ctx: Context, status: number, message: string) => {
      ctx.status = status;
      ctx.body = { error: message };
    });

  async function identify(ctx: Context): Promise<Outcome> {
    const credentials = basicCredentials(ctx.get('authorization'));
    if (credentials && options.basicAuthChecker) {
      const found = await options.basicAuthChecker(credentials.user, credentials.password);
      return found ? { user: found } : refused('basic_refused');
    }
    if (credentials && options.adminPasswd && isAdminLogin(credentials, options.adminPasswd))
      return { user: ADMIN_USER };
    const found = findToken(ctx);
    if (!found) return refused('no_token');
    let claims: Claims;
    let expired: boolean;
    try {
      ({ claims, expired } = await verifyToken(found.token, {
        secrets: keys as VerificationKeys,
        audiences,
        issuer: options.issuer,
      }));
    } catch (err) {
      return refused('invalid_token', err instanceof TokenError ? err.message : undefined);
    }
    if (claims.handshake) return refused('wrong_kind');
    if (!claims.user) return refused('no_user');
    if (!xsrfHolds(ctx, found, claims.jti ?? '')) return refused('xsrf_mismatch');
    if (expired) return refused('expired');
    if (options.validator && !(await options.validator(found.token, claims))) return refused('not_valid');
    return { user: userJson({ ...claims.user, aud: claims.aud }) };
  }

  const middleware = (required: boolean, allowed?: (user: User) => boolean): Middleware =>
    async function gatehouseAuth(ctx, next) {
      const outcome = await identify(ctx);
      if ('error' in outcome) {
        if (required) return refuse(ctx, 401, outcome.error);
        return next();
      }
      if (allowed && !allowed(outcome.user)) return refuse(ctx, 403, 'access denied');
      setUser(ctx, outcome.user);
      return next();
    };

  return {
    auth: middleware(true),
    admin: middleware(true, isAdmin),
    trace: middleware(false),
    rbac: (...roles) => {
      const wanted = roles.map((r) => r.toLowerCase());
      return middleware(true, (user) => wanted.includes((user.role ?? '').toLowerCase()));
    },
    updateUser: (fn) =>
      async function gatehouseUpdateUser(ctx, next) {
        const { user } = getUserInfo(ctx);
        if (user) setUser(ctx, await fn(user));
        return next();
      },
  };
}

function setUser(ctx: Context, user: User): void {
  (ctx.state as Record<symbol | string, unknown>)[USER_KEY] = user;
  ctx.state.user = user;
}

/** The request's user and no error, or an error (go-pkgz GetUserInfo: "no info about user"). */
export function getUserInfo(ctx: Context): { user: User; error: undefined } | { user: undefined; error: Error } {
  const user = (ctx.state as Record<symbol, unknown>)[USER_KEY] as User | undefined;
  return user ? { user, error: undefined } : { user: undefined, error: new Error('no info about user') };
}

/** The request's user; throws when there is none (go-pkgz MustGetUserInfo). Use after auth, admin or rbac. */
export function mustGetUserInfo(ctx: Context): User {
  const { user, error } = getUserInfo(ctx);
  if (error) throw error;
  return user as User;
}
