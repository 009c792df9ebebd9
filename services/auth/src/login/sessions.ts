import { type Issued, TokenError, type TokenService } from '@gatehouse/token';
import type { Revocations } from '../stores/revocations';
import { loginErrors } from './errors';

/**
 * A session's life after login: refresh (refused once the session was ended by logout or reached its
 * absolute end) and logout, which records the session's jti until it would have ended anyway. The
 * gateway verifies tokens itself, so a copied token stays usable until its own exp
 * (AUTH_TOKEN_DURATION), but can never be refreshed again.
 */
export class Sessions {
  constructor(
    private readonly tokens: TokenService,
    private readonly revocations: Revocations,
    private readonly now: () => number = Date.now,
  ) {}

  async refresh(token: string): Promise<Issued> {
    try {
      const { claims } = await this.tokens.verify(token);
      if (claims.jti && (await this.revocations.isRevoked(claims.jti))) {
        throw new TokenError('session ended, log in again');
      }
      return await this.tokens.refresh(token);
    } catch (err) {
      if (err instanceof TokenError) throw loginErrors.tokenRefused(err.message);
      throw err;
    }
  }

  /** Ends the session a token belongs to; a token that does not verify has no session to end. */
  async end(token: string): Promise<void> {
    if (!token) return;
    let claims: Awaited<ReturnType<TokenService['verify']>>['claims'];
    try {
      ({ claims } = await this.tokens.verify(token));
    } catch {
      return;
    }
    if (!claims.jti || !claims.user) return;
    const remaining = this.tokens.sessionEnd(claims) - this.now();
    if (remaining > 0) await this.revocations.revoke(claims.jti, remaining);
  }
}
