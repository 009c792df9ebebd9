import { type Claims, userJson } from './claims';
import { audienceAllowed, canonicalAudience, randomToken, signClaims, TokenError, verifyToken } from './jwt';
import { keySetVerification, type SecretReader, type SigningKeySet, type VerificationKeys } from './keys';

export interface TokenServiceOptions {
  issuer: string;
  tokenDurationMs: number;
  /** Cookie lifetime, and the absolute session lifetime counted from the first login. */
  cookieDurationMs: number;
  audiences: string[];
  secrets: SecretReader;
  /** HS256 only: retired secrets that still verify (AUTH_SECRET_PREVIOUS) but never sign. */
  previousSecrets?: (aud: string) => string[];
  /**
   * HS256 only: whether an audience's secret is a site's own (AUTH_SECRETS_FILE), which that site's
   * application holds too: its tokens verify with `signer: 'site'` (siteSecretAudiences). Unset: none is.
   */
  siteSecret?: (aud: string) => boolean;
  /** ES256/EdDSA (AUTH_SIGNING_KEYS_FILE): when set, one key set signs every audience, `secrets` none. */
  signingKeys?: SigningKeySet;
  /** Whether a provider may have sessions (refresh refuses the others); unset: every provider. */
  providerAllowed?: (name: string) => boolean;
  /**
   * Runs at every login and refresh before updateClaims: the auth service's user directory maps a login's
   * identity to its user (`user.id` becomes the user's id) and refuses blocked users by throwing.
   */
  resolveUser?: (claims: Claims, subject: SessionSubject) => Promise<Claims>;
  /** Runs at login and at every refresh (the application's claims updater). */
  updateClaims?: (claims: Claims) => Promise<Claims>;
  /** The `amr` of a session when the login names none: by provider (the auth service's composition root). */
  amrFor?: (provider: string) => string[];
  now?: () => number;
}

/**
 * Whose session is being signed: `identity` when `user.id` is the id a provider gave for this login,
 * `user` when it is already a user's id (a refresh, a passkey, a second factor completing a login).
 * `email`/`emailVerified` are what the provider asserted, for the directory only (never a claim).
 */
export interface SessionSubject {
  kind: 'identity' | 'user';
  /** A refresh of a live session (its login time is the claims' `auth_time`), not a new login. */
  refresh?: boolean;
  /**
   * A refresh of a session the session list does not know (issued while the list did not answer): the
   * user's status is read whatever the directory remembers, as a block ended only listed sessions.
   */
  unlisted?: boolean;
  email?: string;
  emailVerified?: boolean;
}

export interface Issued {
  token: string;
  jti: string;
  claims: Claims;
  /** Cookie Max-Age in seconds; 0 means a session cookie. */
  maxAgeSeconds: number;
}

/** The subject of every refresh of a listed session: one object, not one a refresh. */
const REFRESH: SessionSubject = Object.freeze({ kind: 'user', refresh: true });

/** Handshakes (login in progress) and confirmation tokens live 30 minutes, as in go-pkgz/auth. */
export const HANDSHAKE_TTL_MS = 30 * 60 * 1000;

/** Issues, verifies and refreshes tokens. Signing happens only here (the auth service). */
export class TokenService {
  private readonly now: () => number;
  private readonly keys: VerificationKeys;

  constructor(private readonly options: TokenServiceOptions) {
    this.now = options.now ?? Date.now;
    this.keys = options.signingKeys
      ? keySetVerification(options.signingKeys)
      : { alg: 'HS256', secrets: options.secrets, previous: options.previousSecrets, siteSecret: options.siteSecret };
  }

  get audiences(): string[] {
    return this.options.audiences;
  }

  /** The `iss` of every token (AUTH_ISSUER); verification refuses any other. */
  get issuer(): string {
    return this.options.issuer;
  }

  /** How long a token lives (AUTH_TOKEN_DURATION): no token outlives its signing by more. */
  get tokenDurationMs(): number {
    return this.options.tokenDurationMs;
  }

  /** The audience a login without `site`/`aud` gets: the first allowed one, else the issuer. */
  defaultAudience(): string {
    return this.options.audiences[0] ?? this.options.issuer;
  }

  /** Signs a session token for a user that just logged in. */
  async issueSession(input: {
    user: Claims['user'];
    aud: string;
    provider: string;
    sessionOnly: boolean;
    noAvatar?: boolean;
    /** How the user proved who they are (RFC 8176); unset: `amrFor(provider)`. */
    amr?: string[];
    /** Unset: `user.id` is the login's identity (see SessionSubject). */
    subject?: SessionSubject;
  }): Promise<Issued> {
    const nowSec = Math.floor(this.now() / 1000);
    const amr = input.amr ?? this.options.amrFor?.(input.provider);
    const claims: Claims = {
      aud: input.aud,
      jti: randomToken(),
      user: input.user ? userJson(input.user) : undefined,
      sess_only: input.sessionOnly,
      'no-ava': input.noAvatar,
      auth_provider: { name: input.provider },
      auth_time: nowSec,
      amr: amr && amr.length > 0 ? amr : undefined,
    };
    const resolved = await this.resolve(claims, input.subject ?? { kind: 'identity' });
    return this.sign(await this.update(resolved));
  }

  /** Signs a handshake token (state of a login in progress): no user, 30 minutes, session cookie. */
  async issueHandshake(input: {
    aud: string;
    provider: string;
    state: string;
    from?: string;
    sessionOnly: boolean;
    noAvatar: boolean;
    /** A link in progress (Handshake.link). */
    link?: { user: string; jti: string };
  }): Promise<Issued> {
    const nowSec = Math.floor(this.now() / 1000);
    return this.sign({
      aud: input.aud,
      exp: nowSec + HANDSHAKE_TTL_MS / 1000,
      nbf: nowSec - 60,
      jti: randomToken(),
      handshake: { state: input.state, from: input.from || undefined, link: input.link },
      sess_only: input.sessionOnly,
      'no-ava': input.noAvatar,
      auth_provider: { name: input.provider },
    });
  }

  async verify(token: string) {
    return verifyToken(token, {
      secrets: this.keys,
      audiences: this.options.audiences,
      issuer: this.options.issuer,
      providerAllowed: this.options.providerAllowed,
      now: this.now,
    });
  }

  /**
   * Re-issues a user token: new exp and iat, same jti (so the XSRF cookie stays valid), claims updated.
   * Refused once auth_time + cookie duration has passed; the new exp and cookie never reach past it.
   */
  async refresh(token: string): Promise<Issued> {
    const { claims } = await this.verify(token);
    return this.refreshVerified(claims);
  }

  /**
   * refresh() for claims the caller has just verified (verify), so a refresh checks its token once.
   * `unlisted`: the session list does not know the session (SessionSubject.unlisted).
   */
  async refreshVerified(claims: Claims, { unlisted = false } = {}): Promise<Issued> {
    if (!claims.user || claims.handshake) throw new TokenError('invalid kind of token');
    if (this.sessionEnd(claims) <= this.now()) throw new TokenError('session expired, log in again');
    const next: Claims = { ...claims, exp: undefined, iat: undefined, nbf: undefined };
    if (next.user) next.user = userJson({ ...next.user, aud: undefined });
    const subject: SessionSubject = unlisted ? { kind: 'user', refresh: true, unlisted } : REFRESH;
    return this.sign(await this.update(await this.resolve(next, subject)));
  }

  /** When the session must end: first login plus the cookie duration (ms). */
  sessionEnd(claims: Claims): number {
    const start = claims.auth_time ?? claims.iat ?? Math.floor(this.now() / 1000);
    return start * 1000 + this.options.cookieDurationMs;
  }

  private async resolve(claims: Claims, subject: SessionSubject): Promise<Claims> {
    return this.options.resolveUser ? this.options.resolveUser(claims, subject) : claims;
  }

  private async update(claims: Claims): Promise<Claims> {
    return this.options.updateClaims ? this.options.updateClaims(claims) : claims;
  }

  private async sign(input: Claims): Promise<Issued> {
    const aud = canonicalAudience(input.aud ?? '');
    const claims: Claims = { ...input, aud };
    if (this.options.audiences.length > 0 && !audienceAllowed(aud, this.options.audiences)) {
      throw new TokenError(`aud "${aud}" not allowed`);
    }
    const nowMs = this.now();
    const nowSec = Math.floor(nowMs / 1000);
    const full: Claims = { ...claims, iss: this.options.issuer, iat: nowSec };
    let maxAgeSeconds = 0;
    if (!full.handshake) {
      const end = this.sessionEnd(full);
      full.exp = Math.floor(Math.min(nowMs + this.options.tokenDurationMs, end) / 1000);
      // Whole seconds from the same clock reading as iat, so a fresh login gets exactly the cookie duration.
      if (!full.sess_only) maxAgeSeconds = Math.max(0, Math.floor(end / 1000) - nowSec);
    }
    const token = await this.signToken(full);
    return { token, jti: full.jti as string, claims: full, maxAgeSeconds };
  }

  /**
   * Signs claims as they are: with the first key of the key set, else the audience's current secret
   * (never a previous one). The verified login's confirmation tokens use it too.
   */
  async signToken(claims: Claims): Promise<string> {
    const signing = this.options.signingKeys;
    if (signing) return signClaims(claims, { alg: signing.alg, ...signing.signing });
    let secret: string;
    try {
      secret = await this.options.secrets(canonicalAudience(claims.aud ?? ''));
    } catch {
      throw new TokenError("can't get secret");
    }
    return signClaims(claims, secret);
  }
}
