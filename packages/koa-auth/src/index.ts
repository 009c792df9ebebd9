import {
  MemoryRateLimiter,
  MIN_ADMIN_PASSWORD_LENGTH,
  type PasswordAttemptLimits,
  PasswordAttempts,
  type RateLimiter,
} from '@gatehouse/redis';
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
  /** Enables basic auth for user `admin` with this password (at least 12 characters). */
  adminPasswd?: string;
  /** Decides every basic-auth request when set (adminPasswd is then ignored): the user, or null. */
  basicAuthChecker?: (user: string, password: string) => User | null | Promise<User | null>;
  /**
   * Counts failed basic-auth attempts (the gateway's limiter): after 10 failures from one client address
   * in 15 minutes that client gets 429 with Retry-After, and 60 for a user from every address in a
   * minute slow everyone down for that minute. Give a `RedisRateLimiter` (from `@gatehouse/redis`) when
   * the application runs more than one process; the default counts in this process only.
   */
  attemptLimiter?: RateLimiter;
  /** Other windows than those above. */
  attemptLimits?: PasswordAttemptLimits;
  /** Writes the 401/403/429 answer; default `{"error": message}` as JSON. */
  onError?: (ctx: Context, status: 401 | 403 | 429, message: string) => void;
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

/** The gateway's wording for a client refused by the attempt limits. */
const TOO_MANY_ATTEMPTS = 'too many failed attempts, try again later';

type Outcome = { user: User } | { reason: TokenRefusal; error: string; retryAfterSeconds?: number };

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
  if (options.adminPasswd !== undefined && options.adminPasswd.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new Error(`koa-auth: adminPasswd must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`);
  }
  const attempts = new PasswordAttempts(
    options.attemptLimiter ?? new MemoryRateLimiter(),
    'koa-auth-basic',
    options.attemptLimits,
  );
  const audiences = options.audiences ?? [];
  const refuse =
    options.onError ??
    ((ctx: Context, status: number, message: string) => {
      ctx.status = status;
      ctx.body = { error: message };
    });

  /** A basic-auth attempt, counted: the user, a refusal, or undefined (not the admin: try a token). */
  async function basic(ctx: Context, credentials: { user: string; password: string }): Promise<Outcome | undefined> {
    const { basicAuthChecker, adminPasswd } = options;
    if (!basicAuthChecker && !adminPasswd) return undefined;
    // Counted before the password is checked: attempts sent at once cannot all be checked.
    const wait = await attempts.attempt(credentials.user, ctx.ip);
    if (wait > 0) return { ...refused('basic_refused', TOO_MANY_ATTEMPTS), retryAfterSeconds: wait };
    const found = basicAuthChecker
      ? await basicAuthChecker(credentials.user, credentials.password)
      : isAdminLogin(credentials, adminPasswd as string)
        ? ADMIN_USER
        : null;
    if (found) {
      await attempts.succeeded(credentials.user, ctx.ip);
      return { user: found };
    }
    return basicAuthChecker ? refused('basic_refused') : undefined;
  }

  async function identify(ctx: Context): Promise<Outcome> {
    const credentials = basicCredentials(ctx.get('authorization'));
    const byBasic = credentials && (await basic(ctx, credentials));
    if (byBasic) return byBasic;
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
        if (outcome.retryAfterSeconds) {
          ctx.set('Retry-After', String(outcome.retryAfterSeconds));
          return refuse(ctx, 429, outcome.error);
        }
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
