import { AppError, unavailable } from '@gatehouse/errors';
import { type Claims, type Issued, TokenError, type TokenService } from '@gatehouse/token';
import { AuthErrors, loginErrors } from '../errors';
import type { EndedListener, EndedSession, EndedWatch, Revocations } from '../stores/revocations';

/** What else follows a session's life. Never rejects: a refresh or logout does not fail for it (best effort). */
export interface SessionEvents {
  /**
   * A refresh is about to be signed: its last use is recorded. False when the session list does not
   * know the session (the refresh then reads the user's status, and lists it once signed).
   */
  refreshing(claims: Claims): Promise<boolean>;
  /** A refresh was signed; `listed` is what refreshing answered. */
  refreshed(claims: Claims, listed: boolean): Promise<void>;
  ended(claims: Claims): Promise<void>;
}

/**
 * A session just ended, as its listeners hear of it: the jti, and its user and login time (the token's
 * auth_time, seconds) when the road that ended it knew them (a logout does; the session list's ends do
 * not carry the login time).
 */
export interface SessionEnd {
  jti: string;
  userId?: string;
  authTime?: number;
}

/**
 * Told once a session is ended (revoked), on the instance that ended it: the OpenID provider logs the
 * session out of the applications it signed into (oidc/backchannel.ts). Called synchronously after the
 * revocation; a listener starts its own work and returns, so the road that ended the session (a logout,
 * a block) never waits for it.
 */
export type SessionEndListener = (ended: SessionEnd) => void;

/** Gateways forget an ended session this long after its last token's exp, for clocks that disagree. */
const CLOCK_SKEW_MS = 60_000;

/**
 * A session's life after login: refresh (refused once the session was ended by logout or reached its
 * absolute end) and logout, which records the session's jti until it would have ended anyway and
 * announces it to the gateways (watchEnded): they verify tokens themselves, and refuse every copy of an
 * ended session's token from then on rather than until its exp.
 */
export class Sessions {
  private readonly endListeners = new Set<SessionEndListener>();

  constructor(
    private readonly tokens: TokenService,
    private readonly revocations: Revocations,
    private readonly now: () => number = Date.now,
    /** Told of each refresh and logout: the list of sessions per device (device-sessions.ts). */
    private readonly events?: SessionEvents,
  ) {}

  /**
   * `adjust` changes the claims before they are signed again (a switch of the active organisation):
   * the same session (jti, auth_time), checked as any refresh is.
   */
  async refresh(token: string, adjust?: (claims: Claims) => Promise<Claims>): Promise<Issued> {
    try {
      const verified = (await this.tokens.verify(token)).claims;
      if (verified.jti && (await this.revocations.isRevoked(verified.jti))) {
        throw new TokenError('session ended, log in again');
      }
      const claims = adjust ? await adjust(verified) : verified;
      const listed = this.events ? await this.events.refreshing(claims) : true;
      const refreshed = await this.tokens.refreshVerified(claims, { unlisted: !listed });
      await this.events?.refreshed(refreshed.claims, listed);
      return refreshed;
    } catch (err) {
      if (err instanceof TokenError) throw loginErrors.tokenRefused(err.message);
      if (err instanceof AppError) throw err;
      // Redis or a hook did not answer: the refresh was not refused, only not decided. UNAVAILABLE tells
      // the gateway to keep the session's cookies and ask again, where INTERNAL would log the user out.
      throw unavailable(AuthErrors.SESSION_STORE_UNAVAILABLE, 'the session could not be checked now, try again', err);
    }
  }

  /**
   * Ends the session a token belongs to; a token that does not verify has no session to end. Answers
   * what ended (undefined for nothing).
   */
  async end(token: string): Promise<EndedSession | undefined> {
    if (!token) return undefined;
    let claims: Awaited<ReturnType<TokenService['verify']>>['claims'];
    try {
      ({ claims } = await this.tokens.verify(token));
    } catch {
      return undefined;
    }
    if (!claims.jti || !claims.user) return undefined;
    const who = { userId: claims.user.id, authTime: claims.auth_time };
    const ended = await this.endJti(claims.jti, this.tokens.sessionEnd(claims), who);
    await this.events?.ended(claims);
    return ended;
  }

  /**
   * Ends the session of `jti` (whose absolute end is `sessionEndMs`): refresh is refused, every gateway
   * told, and then the end listeners (onEnded). Undefined when the session had ended anyway. Every road
   * a session ends by comes here: logout (end), the session list's ends, an admin's, TOTP turned on, an
   * unlink. `who` says whose session it was, where the caller knows.
   */
  async endJti(
    jti: string,
    sessionEndMs: number,
    who: { userId?: string; authTime?: number } = {},
  ): Promise<EndedSession | undefined> {
    const now = this.now();
    if (sessionEndMs <= now) return undefined;
    // No token of this session can expire later than one signed just now (refresh is refused from here).
    const tokensUntil = Math.min(sessionEndMs, now + this.tokens.tokenDurationMs) + CLOCK_SKEW_MS;
    await this.revocations.revoke(jti, sessionEndMs - now, tokensUntil);
    // After the revocation: what a listener starts finds the session ended everywhere.
    for (const listener of this.endListeners) {
      try {
        listener({ jti, ...who });
      } catch {
        // A listener's own failure is its own: the session is ended either way.
      }
    }
    return { jti, untilMs: tokensUntil };
  }

  /** Registers a listener of every session ended through this instance; answers its removal. */
  onEnded(listener: SessionEndListener): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  /** Sessions ended recently (tokens possibly unexpired), then each one as it ends, on any instance. */
  watchEnded(listener: EndedListener): Promise<EndedWatch> {
    return this.revocations.watch(listener);
  }
}
