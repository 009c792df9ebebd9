import { type Claims, type SecretReader, verifyToken } from '@gatehouse/token';
import { LRUCache } from 'lru-cache';

interface CachedClaims {
  claims: Claims;
  expMs: number;
}

/**
 * Verifies tokens in the gateway process, with a cache of tokens already verified: a token string is
 * immutable, so a good signature stays good; only expiry is re-checked on each hit. The short TTL bounds
 * how long a rotated-away secret keeps working.
 */
export class TokenVerifier {
  private readonly cache = new LRUCache<string, CachedClaims>({ max: 20_000, ttl: 60_000 });

  constructor(
    private readonly secrets: SecretReader,
    private readonly audiences: string[],
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws TokenError when the token is refused; `expired` when only exp has passed. */
  async verify(token: string): Promise<{ claims: Claims; expired: boolean }> {
    const hit = this.cache.get(token);
    if (hit) return { claims: hit.claims, expired: hit.expMs <= this.now() };
    const verified = await verifyToken(token, { secrets: this.secrets, audiences: this.audiences, now: this.now });
    const expMs = verified.claims.exp === undefined ? Number.POSITIVE_INFINITY : verified.claims.exp * 1000;
    this.cache.set(token, { claims: verified.claims, expMs });
    return verified;
  }
}
