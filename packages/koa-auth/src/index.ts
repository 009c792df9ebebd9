import {
  type Claims,
  isAdmin,
  JWT_COOKIE,
  JWT_HEADER,
  JWT_QUERY,
  type SecretReader,
  safeEqual,
  TokenError,
  type User,
  userJson,
  verifyToken,
  XSRF_HEADER,
} from '@gatehouse/token';
import { parse as parseCookies } from 'cookie';
import type { Context, Middleware } from 'koa';

export type { User } from '@gatehouse/token';

export interface KoaAuthOptions {
  /** The signing secret shared with Gatehouse (AUTH_SECRET); or `secrets` for one per audience. */
  secret?: string;
  secrets?: SecretReader;
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

const ADMIN_USER: User = { name: 'admin', id: 'admin', picture: '', attrs: { admin: true } };
const USER_KEY = Symbol.for('gatehouse.koa-auth.user');

type Outcome = { user: User } | { error: string };

/**
 * Koa middleware for applications that verify Gatehouse tokens themselves (go-pkgz/auth's middleware):
 * basic auth (admin password or checker), then a JWT from ?token=, X-JWT or the JWT cookie (which needs
 * the X-XSRF-TOKEN header). Only the auth service signs, so an expired token is refused here (401): a
 * browser gets it refreshed by any call through the gateway (e.g. GET /auth/user).
 */
export function createAuth(options: KoaAuthOptions): KoaAuth {
  const secrets: SecretReader | undefined =
    options.secrets ?? (options.secret !== undefined ? () => options.secret as string : undefined);
  if (!secrets) throw new Error('koa-auth: secret or secrets is required');
  const audiences = options.audiences ?? [];
  const refuse =
    options.onError ??
    ((ctx: Context, status: number, message: string) => {
      ctx.status = status;
      ctx.body = { error: message };
    });

  async function identify(ctx: Context): Promise<Outcome> {
    const header = ctx.get('authorization');
    if (header.startsWith('Basic ') && (options.basicAuthChecker || options.adminPasswd)) {
      const { user, password } = basicCredentials(header);
      if (options.basicAuthChecker) {
        const found = await options.basicAuthChecker(user, password);
        return found ? { user: found } : { error: 'basic auth refused' };
      }
      const okUser = safeEqual(user, 'admin');
      const okPassword = safeEqual(password, options.adminPasswd as string);
      if (okUser && okPassword) return { user: ADMIN_USER };
    }
    const found = findToken(ctx);
    if (!found) return { error: 'token cookie was not presented' };
    let claims: Claims;
    let expired: boolean;
    try {
      ({ claims, expired } = await verifyToken(found.token, { secrets: secrets as SecretReader, audiences }));
    } catch (err) {
      return { error: err instanceof TokenError ? err.message : 'token is invalid' };
    }
    if (claims.handshake) return { error: 'invalid kind of token' };
    if (!claims.user) return { error: 'user is nil' };
    if (found.fromCookie && !safeEqual(ctx.get(XSRF_HEADER), claims.jti ?? '')) return { error: 'xsrf mismatch' };
    if (expired) return { error: 'token expired' };
    if (options.validator && !(await options.validator(found.token, claims))) return { error: 'token is not valid' };
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

function findToken(ctx: Context): { token: string; fromCookie: boolean } | undefined {
  const fromQuery = ctx.query[JWT_QUERY];
  if (typeof fromQuery === 'string' && fromQuery !== '') return { token: fromQuery, fromCookie: false };
  const fromHeader = ctx.get(JWT_HEADER);
  if (fromHeader) return { token: fromHeader, fromCookie: false };
  const cookie = parseCookies(ctx.get('cookie'))[JWT_COOKIE];
  return cookie ? { token: cookie, fromCookie: true } : undefined;
}

function basicCredentials(header: string): { user: string; password: string } {
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0
    ? { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
    : { user: decoded, password: '' };
}
