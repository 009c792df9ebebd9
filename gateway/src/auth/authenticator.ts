import type http from 'node:http';
import type { Logger } from '@gatehouse/logger';
import { MemoryRateLimiter, PasswordAttempts } from '@gatehouse/redis';
import {
  basicCredentials,
  type Claims,
  type CredentialRequest,
  type FoundToken,
  findToken,
  hasBasicCredentials,
  TokenError,
  type TokenSource as TokenPlace,
  type TokenSigner,
  type User,
  xsrfHolds,
} from '@gatehouse/token';
import type Koa from 'koa';
import { BasicAuth } from './basic-auth';
import type { TokenCookie } from './cookies';
import { RawCredentialRequest, sessionHeaders } from './raw-headers';
import { type Refused, refreshFailed, refused } from './refusals';
import { EndedSessions, SharedRefresh } from './session-marks';
import type { CachedToken, TokenVerifier } from './verifier';

export type { RefusalReason, Refused } from './refusals';

export type TokenSource = TokenPlace | 'basic';

/**
 * Whose a route is, which decides the tokens that count on it (the one place this is decided):
 * - `gateway`, the default, so also every route added later: the gateway's own routes (account,
 *   second factor, passkeys, sessions, cards, client tokens, the card load before Koa). Only tokens
 *   signed with the auth service's own key count there, whatever their audience; a token that verifies
 *   with a site's own HS256 secret (AUTH_SECRETS_FILE) is refused (401): the site's application holds
 *   that secret, so it could sign any user and any `auth_time` or `amr` with it.
 * - `site`: what a site's own sessions are for: /auth/user, /auth/status, logout and the applications'
 *   proxied routes, where a site's token is as good as any.
 * Without per-site secrets every token is the auth service's, and the two are the same.
 */
export type RouteOwner = 'gateway' | 'site';

/** Whether a token signed by `signer` counts on a route of `owner`. */
const counts = (signer: TokenSigner, owner: RouteOwner) => signer === 'auth' || owner === 'site';

/**
 * The shared decisions authenticateCached calls, read once. Under CommonJS (tsx, which runs the gateway
 * in `pnpm start` and `pnpm bench`) every use of an imported binding is a getter call; on the hot path
 * those cost about 60 ns a request, measured in-process: more than the inline lookup this replaced
 * (docs/benchmarks.md holds this path to a bare Koa handler).
 */
const hotPath = { findToken, xsrfHolds, hasBasicCredentials } as const;

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

/**
 * Whether a token's exp, as its payload says before any check, has passed: the cheap first look that
 * picks the requests to refresh; the token is verified in full afterwards. False when it cannot be read.
 */
function claimsExpired(token: string, nowMs: number): boolean {
  const first = token.indexOf('.');
  const last = token.lastIndexOf('.');
  if (first < 0 || last <= first) return false;
  try {
    const { exp } = JSON.parse(Buffer.from(token.slice(first + 1, last), 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof exp === 'number' && exp * 1000 <= nowMs;
  } catch {
    return false;
  }
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
  /**
   * Failed basic-auth attempts by client and user: on Redis, shared by every gateway; unset, counted in
   * this process (one development gateway only).
   */
  basicAttempts?: PasswordAttempts;
  /** Told of every basic-auth password actually compared (or given to the hook), right or not: metrics. */
  passwordChecked?: (right: boolean) => void;
  /** The clock ended sessions are held by (tests move it). */
  now?: () => number;
}

/**
 * How long past its token's exp a session ended here stays refused here. Past exp a copy of the token is
 * only good for a refresh, and a refresh made in the last REFRESH_REUSE_MS (the logout's own, when the
 * token had expired) is handed out again without asking the auth service, which refuses it: the mark
 * must outlast that, and clocks that disagree (the auth service's feed uses the same minute).
 */
const ENDED_HELD_PAST_EXP_MS = 60_000;

/**
 * Finds and checks the caller's identity, in go-pkgz/auth's order: basic auth for `admin` (when enabled),
 * then a JWT from `?token=`, the X-JWT header or the JWT cookie. Cookie tokens need the XSRF header and
 * are refreshed when expired; header and query tokens are not.
 */
export class Authenticator {
  private readonly refreshes: SharedRefresh;
  private readonly ended: EndedSessions;
  private readonly basic: BasicAuth;
  private readonly now: () => number;

  constructor(private readonly options: AuthenticatorOptions) {
    this.basic = new BasicAuth(
      options.basicAttempts ?? new PasswordAttempts(new MemoryRateLimiter(), 'basic'),
      options,
    );
    this.now = options.now ?? Date.now;
    this.ended = new EndedSessions(this.now);
    this.refreshes = new SharedRefresh((token) => options.refresh(token));
  }

  /** Records a logout handled here: tokens of this session are refused until well past the presented one's exp. */
  endSession(claims: Claims | undefined): void {
    if (claims?.jti && claims.exp) this.endSessionUntil(claims.jti, claims.exp * 1000 + ENDED_HELD_PAST_EXP_MS);
  }

  /** Records a session ended anywhere (the auth service's feed): its tokens are refused until `untilMs`. */
  endSessionUntil(jti: string, untilMs: number): void {
    this.ended.end(jti, untilMs);
  }

  /**
   * The common case answered without waiting: a valid, unexpired token already verified once, and no
   * hook to ask. Undefined means "take the full path" (authenticate), never a refusal. Every request
   * with a session passes here, so it allocates little and reads only the headers it needs.
   */
  authenticateCached(req: http.IncomingMessage, owner: RouteOwner = 'gateway'): Authenticated | undefined {
    if (this.options.validate) return undefined; // a validator must see every request
    const headers = sessionHeaders(req);
    // Basic credentials go first (go-pkgz order), and are never cached.
    if (hotPath.hasBasicCredentials(headers.authorization)) return undefined;
    // The same lookup and XSRF rule as authenticate, fed from the headers read above.
    const request = new RawCredentialRequest(req, headers);
    const found = hotPath.findToken(request);
    if (found === undefined) return undefined;
    const { token, source } = found;
    const { verifier } = this.options;
    const entry = verifier.peek(token);
    if (!entry?.user || entry.claims.handshake || verifier.expired(entry)) return undefined;
    if (!counts(entry.signer, owner) || this.ended.has(entry.claims.jti)) return undefined;
    if (!hotPath.xsrfHolds(request, found, entry.jtiBytes)) return undefined;
    return { ok: true, user: entry.user, userBody: entry.userBody, source, claims: entry.claims, token };
  }

  /**
   * authenticate for a request whose cookie token is due for a refresh (a session's next request after
   * its token's exp), started at once: a token verified here before, expired and passing authenticate's
   * checks, or one never verified here whose exp has passed by its own claims (then checked in full, as
   * authenticate checks it). Undefined, at once, for any other request, which takes authenticate (basic
   * auth, a validator hook, a header or query token, an unexpired token). The HTTP server answers GET
   * /auth/user with it before Koa (lanes/user-refresh.ts).
   */
  authenticateExpiredCookie(
    req: http.IncomingMessage,
    owner: RouteOwner = 'gateway',
  ): Promise<Authenticated | Refused> | undefined {
    if (this.options.validate) return undefined;
    const headers = sessionHeaders(req);
    if (hotPath.hasBasicCredentials(headers.authorization)) return undefined;
    const request = new RawCredentialRequest(req, headers);
    const found = hotPath.findToken(request);
    if (found?.source !== 'cookie') return undefined;
    const entry = this.options.verifier.peek(found.token);
    if (entry === undefined) {
      return claimsExpired(found.token, this.now()) ? this.tokenChecked(request, found, owner) : undefined;
    }
    if (!this.entryHolds(entry, request, found, owner) || !this.options.verifier.expired(entry)) return undefined;
    return this.refreshExpired(found.token, owner);
  }

  /** authenticate's checks of a token it verified before, but its expiry: a user token that counts on the route, of a live session, the XSRF rule held. */
  private entryHolds(entry: CachedToken, request: RawCredentialRequest, found: FoundToken, owner: RouteOwner): boolean {
    if (!entry.user || entry.claims.handshake) return false;
    if (!counts(entry.signer, owner) || this.ended.has(entry.claims.jti)) return false;
    return hotPath.xsrfHolds(request, found, entry.jtiBytes);
  }

  /** The full check of the caller for a route of `owner` (see RouteOwner: the gateway's own by default). */
  async authenticate(ctx: Koa.Context, owner: RouteOwner = 'gateway'): Promise<Authenticated | Refused> {
    const credentials = basicCredentials(ctx.get('authorization'));
    if (credentials && this.basic.hooked) return this.basic.byHook(ctx, credentials);
    const basic = credentials && (await this.basic.admin(ctx, credentials));
    if (basic) return basic;

    const found = findToken(ctx);
    if (!found) return refused('no_token', false);
    return this.tokenChecked(ctx, found, owner);
  }

  /**
   * The browser's session for a top-level navigation to the OpenID provider (an application sends its
   * user to /oidc/auth, the provider to its login page): the JWT cookie alone, as for the gateway's own
   * routes (the auth service's key, not ended, refreshed when expired), without the XSRF header a
   * navigation cannot carry. It lets the provider log the user in to the application they came from
   * (single sign-on) and nothing else: every change the provider makes has a guard of its own (its
   * interaction cookie, the consent form's token).
   */
  async authenticateNavigation(ctx: Koa.Context): Promise<Authenticated | Refused> {
    const found = findToken(ctx);
    if (found?.source !== 'cookie') return refused('no_token', false);
    return this.tokenChecked(ctx, found, 'gateway', false);
  }

  /** authenticate's decision on the request's token: verified, refreshed when an expired cookie token, or refused. */
  private async tokenChecked(
    request: CredentialRequest,
    found: FoundToken,
    owner: RouteOwner,
    xsrf = true,
  ): Promise<Authenticated | Refused> {
    const { token, source } = found;
    let claims: Claims;
    let expired: boolean;
    let user: User | undefined;
    let signer: TokenSigner;
    try {
      ({ claims, expired, user, signer } = await this.options.verifier.verify(token));
    } catch (err) {
      return refused('invalid_token', source === 'cookie', err instanceof TokenError ? err.message : undefined);
    }
    if (claims.handshake) return refused('wrong_kind', false);
    if (!claims.user || !user) return refused('no_user', false);
    // Before any refresh: a site's token is refreshed into a site's token, which counts here no more.
    if (!counts(signer, owner)) return refused('site_token', false);
    if (this.ended.has(claims.jti)) return refused('session_ended', true);
    if (xsrf && !xsrfHolds(request, found, claims.jti ?? '')) return refused('xsrf_mismatch', false);
    const refusal = await this.validated(token, claims);
    if (refusal) return refusal;
    if (!expired) return { ok: true, user, source, claims, token };
    if (source !== 'cookie') return refused('expired', false);
    return this.refreshExpired(token, owner);
  }

  /** Refreshes an expired cookie token, checked by the caller, and checks the new one as authenticate would. */
  private async refreshExpired(token: string, owner: RouteOwner): Promise<Authenticated | Refused> {
    let refreshed: TokenCookie;
    let claims: Claims;
    let user: User | undefined;
    let signer: TokenSigner;
    try {
      refreshed = await this.refreshes.of(token);
      ({ claims, user, signer } = await this.options.verifier.verify(refreshed.token));
    } catch (err) {
      return refreshFailed(err, this.options.log);
    }
    if (!counts(signer, owner)) return refused('site_token', false);
    // The claims updater ran again on refresh (it may have blocked the user): validate what it made.
    const refusedNow = await this.validated(refreshed.token, claims);
    if (refusedNow) return refusedNow;
    if (!user) return refused('no_user', true);
    const userBody = this.options.verifier.peek(refreshed.token)?.userBody;
    return { ok: true, user, userBody, source: 'cookie', claims, token: refreshed.token, refreshed };
  }

  private async validated(token: string, claims: Claims): Promise<Refused | undefined> {
    if (!this.options.validate) return undefined;
    try {
      if (await this.options.validate(token, claims)) return undefined;
      return refused('not_valid', false);
    } catch (err) {
      // Fail closed: a validator that cannot answer never lets a (possibly blocked) user in.
      this.options.log.error({ err }, 'validator failed');
      return refused('validator_unavailable', false);
    }
  }
}
