import type { Logger } from '@gatehouse/logger';
import {
  type Claims,
  JWT_COOKIE,
  JWT_HEADER,
  JWT_QUERY,
  safeEqual,
  safeEqualBytes,
  TokenError,
  type User,
  XSRF_HEADER,
} from '@gatehouse/token';
import { status as grpcStatus } from '@grpc/grpc-js';
import { parse as parseCookies } from 'cookie';
import type Koa from 'koa';
import { LRUCache } from 'lru-cache';
import { BasicAttempts } from './basic-attempts';
import type { TokenCookie } from './cookies';
import { sessionHeaders } from './raw-headers';
import type { TokenVerifier } from './verifier';

export type TokenSource = 'query' | 'header' | 'cookie' | 'basic';

/** gRPC statuses of a refresh the auth service decided against (its texts are written for clients). */
const REFUSALS = new Set([
  grpcStatus.UNAUTHENTICATED,
  grpcStatus.PERMISSION_DENIED,
  grpcStatus.INVALID_ARGUMENT,
  grpcStatus.FAILED_PRECONDITION,
  grpcStatus.NOT_FOUND,
]);

export interface Authenticated {
  ok: true;
  user: User;
  source: TokenSource;
  claims?: Claims;
  token?: string;
  /** Set when an expired cookie token was refreshed: the gateway writes these cookies. */
  refreshed?: TokenCookie;
  /** `user` as JSON, when it came from the verifier's cache (see CachedToken.userBody). */
  userBody?: string;
}

export interface Refused {
  ok: false;
  error: string;
  /** The cookies hold a token that can never work again: clear them. */
  clearCookies: boolean;
  /** The answer when it is not 401: 429 (too many basic-auth failures). */
  status?: number;
  /** With `status`: the Retry-After seconds. */
  retryAfterSeconds?: number;
}

/** Re-issues an expired cookie token through the auth service. */
export type Refresher = (token: string) => Promise<TokenCookie>;

export interface AuthenticatorOptions {
  verifier: TokenVerifier;
  refresh: Refresher;
  adminPassword: string | undefined;
  /**
   * The application's validator (Validate hook), run on every request with a token, after the signature
   * checks: false refuses the request (401). Unset: every verified token is valid.
   */
  validate?: (token: string, claims: Claims) => Promise<boolean>;
  /**
   * The application's basic-auth checker (CheckBasicAuth hook): the user for these credentials, or null.
   * When set, it decides every Basic header and adminPassword is ignored.
   */
  checkBasicAuth?: (user: string, password: string) => Promise<User | null>;
  log: Logger;
  /** Failed basic-auth attempts by client and user; a fresh counter when unset. */
  basicAttempts?: BasicAttempts;
}

const ADMIN_USER: User = { name: 'admin', id: 'admin', picture: '', attrs: { admin: true } };

/**
 * Finds and checks the caller's identity, in go-pkgz/auth's order: basic auth for `admin` (when enabled),
 * then a JWT from `?token=`, the X-JWT header or the JWT cookie. Cookie tokens need the XSRF header and
 * are refreshed when expired; header and query tokens are not.
 */
export class Authenticator {
  private readonly inflight = new Map<string, Promise<TokenCookie>>();
  // Parallel requests carrying the same expired cookie share one refresh (go-pkgz RefreshCache).
  private readonly recent = new LRUCache<string, TokenCookie>({ max: 5_000, ttl: 10_000 });

  // Sessions logged out, by jti, until their tokens expire: here at once, elsewhere through the auth
  // service's feed. The auth service refuses to refresh them; this refuses every copy of their tokens.
  private readonly ended = new Map<string, number>();
  // Expired entries are swept when the map reaches this size, which then doubles past what is left:
  // a feed replaying thousands of unexpired ends must not rescan the whole map on every one.
  private sweepAt = 10_000;

  private readonly basicAttempts: BasicAttempts;

  constructor(private readonly options: AuthenticatorOptions) {
    this.basicAttempts = options.basicAttempts ?? new BasicAttempts();
  }

  /** Records a logout handled here: tokens of this session are refused until the presented one's exp. */
  endSession(claims: Claims | undefined): void {
    if (claims?.jti && claims.exp) this.endSessionUntil(claims.jti, claims.exp * 1000);
  }

  /** Records a session ended anywhere (the auth service's feed): its tokens are refused until `untilMs`. */
  endSessionUntil(jti: string, untilMs: number): void {
    const now = Date.now();
    if (untilMs <= now) return;
    if (this.ended.size >= this.sweepAt) {
      for (const [id, until] of this.ended) if (until <= now) this.ended.delete(id);
      this.sweepAt = Math.max(10_000, this.ended.size * 2);
    }
    this.ended.set(jti, Math.max(untilMs, this.ended.get(jti) ?? 0));
  }

  private isEnded(jti: string | undefined): boolean {
    if (jti === undefined || this.ended.size === 0) return false;
    const until = this.ended.get(jti);
    return until !== undefined && until > Date.now();
  }

  /**
   * The common case answered without waiting: a valid, unexpired token already verified once, and no
   * hook to ask. Undefined means "take the full path" (authenticate), never a refusal. Every request
   * with a session passes here, so it allocates little and reads only the headers it needs.
   */
  authenticateCached(ctx: Koa.Context): Authenticated | undefined {
    if (this.options.validate) return undefined; // a validator must see every request
    const headers = sessionHeaders(ctx.req);
    // Basic credentials go first (go-pkgz order); the same token precedence as findToken.
    if (headers.authorization.startsWith('Basic ')) return undefined;
    let token: string | undefined;
    let source: TokenSource = 'query';
    if (ctx.req.url?.includes('?')) {
      const fromQuery = ctx.query[JWT_QUERY];
      if (typeof fromQuery === 'string' && fromQuery !== '') token = fromQuery;
    }
    if (token === undefined && headers.jwt) {
      token = headers.jwt;
      source = 'header';
    }
    if (token === undefined && headers.cookie) {
      token = parseCookies(headers.cookie)[JWT_COOKIE] || undefined;
      source = 'cookie';
    }
    if (token === undefined) return undefined;
    const { verifier } = this.options;
    const entry = verifier.peek(token);
    if (!entry?.user || entry.claims.handshake || verifier.expired(entry)) return undefined;
    if (this.isEnded(entry.claims.jti)) return undefined;
    if (source === 'cookie' && !safeEqualBytes(headers.xsrf, entry.jtiBytes)) return undefined;
    return { ok: true, user: entry.user, userBody: entry.userBody, source, claims: entry.claims, token };
  }

  async authenticate(ctx: Koa.Context): Promise<Authenticated | Refused> {
    if (this.options.checkBasicAuth && ctx.get('authorization').startsWith('Basic ')) return this.basicByHook(ctx);
    const basic = this.basicAdmin(ctx);
    if (basic) return basic;

    const found = this.findToken(ctx);
    if (!found) return { ok: false, error: 'token cookie was not presented', clearCookies: false };
    const { token, source } = found;

    let claims: Claims;
    let expired: boolean;
    let user: User | undefined;
    try {
      ({ claims, expired, user } = await this.options.verifier.verify(token));
    } catch (err) {
      const message = err instanceof TokenError ? err.message : 'token is invalid';
      return { ok: false, error: message, clearCookies: source === 'cookie' };
    }
    if (claims.handshake) return { ok: false, error: 'invalid kind of token', clearCookies: false };
    if (!claims.user || !user) return { ok: false, error: 'user is nil', clearCookies: false };
    if (this.isEnded(claims.jti)) return { ok: false, error: 'session ended, log in again', clearCookies: true };
    if (source === 'cookie' && !safeEqual(ctx.get(XSRF_HEADER), claims.jti ?? '')) {
      return { ok: false, error: 'xsrf mismatch', clearCookies: false };
    }
    const refusal = await this.validated(token, claims);
    if (refusal) return refusal;
    if (!expired) return { ok: true, user, source, claims, token };
    if (source !== 'cookie') return { ok: false, error: 'token expired', clearCookies: false };

    let refreshed: TokenCookie;
    try {
      refreshed = await this.refreshOnce(token);
      ({ claims, user } = await this.options.verifier.verify(refreshed.token));
    } catch (err) {
      return this.refreshFailed(err);
    }
    // The claims updater ran again on refresh (it may have blocked the user): validate what it made.
    const refusedNow = await this.validated(refreshed.token, claims);
    if (refusedNow) return refusedNow;
    if (!user) return { ok: false, error: 'user is nil', clearCookies: true };
    return { ok: true, user, source, claims, token: refreshed.token, refreshed };
  }

  /**
   * A refresh the auth service refused (revoked, past the session's end, invalid) ends the session here
   * too: 401, cookies cleared. One it could not decide (it or its Redis is down, a deadline passed) is
   * a 503 with Retry-After that keeps the cookies, so an outage logs nobody out. Clients see our own
   * texts only; transport details go to the log.
   */
  private refreshFailed(err: unknown): Refused {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'number' && REFUSALS.has(code)) {
      this.options.log.info({ err: (err as Error).message }, 'refresh refused');
      const details = (err as { details?: unknown }).details;
      return {
        ok: false,
        error: typeof details === 'string' && details ? details : 'token expired',
        clearCookies: true,
      };
    }
    if (err instanceof TokenError) {
      this.options.log.warn({ err: err.message }, 'refreshed token refused');
      return { ok: false, error: err.message, clearCookies: true };
    }
    this.options.log.warn({ err: (err as Error).message }, 'refresh not decided: auth service unavailable');
    return {
      ok: false,
      error: 'the session cannot be refreshed right now, try again shortly',
      clearCookies: false,
      status: 503,
      retryAfterSeconds: 5,
    };
  }

  private findToken(ctx: Koa.Context): { token: string; source: TokenSource } | undefined {
    const fromQuery = ctx.query[JWT_QUERY];
    if (typeof fromQuery === 'string' && fromQuery !== '') return { token: fromQuery, source: 'query' };
    const fromHeader = ctx.get(JWT_HEADER);
    if (fromHeader) return { token: fromHeader, source: 'header' };
    const header = ctx.get('cookie');
    if (!header) return undefined;
    const fromCookie = parseCookies(header)[JWT_COOKIE];
    return fromCookie ? { token: fromCookie, source: 'cookie' } : undefined;
  }

  private async validated(token: string, claims: Claims): Promise<Refused | undefined> {
    if (!this.options.validate) return undefined;
    try {
      if (await this.options.validate(token, claims)) return undefined;
      return { ok: false, error: 'token is not valid', clearCookies: false };
    } catch (err) {
      // Fail closed: a validator that cannot answer never lets a (possibly blocked) user in.
      this.options.log.error({ err: (err as Error).message }, 'validator failed');
      return { ok: false, error: 'validator unavailable', clearCookies: false };
    }
  }

  private async basicByHook(ctx: Koa.Context): Promise<Authenticated | Refused> {
    const { user, password } = basicCredentials(ctx.get('authorization'));
    const limited = this.basicLimited(user, ctx.ip);
    if (limited) return limited;
    try {
      const found = await this.options.checkBasicAuth?.(user, password);
      if (found) {
        this.basicAttempts.succeeded(user, ctx.ip);
        return { ok: true, user: found, source: 'basic' };
      }
    } catch (err) {
      this.options.log.error({ err: (err as Error).message }, 'basic auth checker failed');
      return { ok: false, error: 'basic auth refused', clearCookies: false };
    }
    this.basicAttempts.failed(user, ctx.ip);
    this.options.log.warn({ client: ctx.ip }, 'basic auth refused');
    return { ok: false, error: 'basic auth refused', clearCookies: false };
  }

  /** Admin basic auth: the admin user, a refusal when this client has failed too often, or undefined (no match). */
  private basicAdmin(ctx: Koa.Context): Authenticated | Refused | undefined {
    const password = this.options.adminPassword;
    const header = ctx.get('authorization');
    if (!password || !header.startsWith('Basic ')) return undefined;
    const { user, password: given } = basicCredentials(header);
    const limited = this.basicLimited(user, ctx.ip);
    if (limited) return limited;
    // Both checks always run, so timing does not tell which one failed.
    const okUser = safeEqual(user, 'admin');
    const okPassword = safeEqual(given, password);
    if (okUser && okPassword) {
      this.basicAttempts.succeeded(user, ctx.ip);
      return { ok: true, user: ADMIN_USER, source: 'basic' };
    }
    this.basicAttempts.failed(user, ctx.ip);
    // Neither the user name nor the password is logged: without a colon, the "user" is the password.
    this.options.log.warn({ client: ctx.ip }, 'admin basic auth failed');
    return undefined;
  }

  private basicLimited(user: string, client: string): Refused | undefined {
    const wait = this.basicAttempts.retryAfter(user, client);
    if (wait === 0) return undefined;
    return {
      ok: false,
      error: 'too many failed attempts, try again later',
      clearCookies: false,
      status: 429,
      retryAfterSeconds: wait,
    };
  }

  private refreshOnce(token: string): Promise<TokenCookie> {
    const done = this.recent.get(token);
    if (done) return Promise.resolve(done);
    let pending = this.inflight.get(token);
    if (!pending) {
      pending = this.options
        .refresh(token)
        .then((issued) => {
          this.recent.set(token, issued);
          return issued;
        })
        .finally(() => this.inflight.delete(token));
      this.inflight.set(token, pending);
    }
    return pending;
  }
}

function basicCredentials(header: string): { user: string; password: string } {
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0
    ? { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
    : { user: decoded, password: '' };
}
