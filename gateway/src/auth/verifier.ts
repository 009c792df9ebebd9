import { type Claims, type SecretReader, type User, userJson, verifyToken } from '@gatehouse/token';
import { LRUCache } from 'lru-cache';

interface CachedClaims {
  claims: Claims;
  expMs: number;
  user: User | undefined;
}

/** A verified token: its claims, whether only exp has passed, and its user as requests see it. */
export interface Verified {
  claims: Claims;
  expired: boolean;
  /** The token's user with its audience, in the go-pkgz JSON shape; frozen, shared between requests. */
  user: User | undefined;
}

function requestUser(claims: Claims): User | undefined {
  return claims.user ? Object.freeze(userJson({ ...claims.user, aud: claims.aud })) : undefined;
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
  /** A token verified before and still cached, without any waiting; undefined on a miss. */
  peek(token: string): Verified | undefined {
    const hit = this.cache.get(token);
    return hit && { claims: hit.claims, expired: hit.expMs <= this.now(), user: hit.user };
  }

  async verify(token: string): Promise<Verified> {
    const hit = this.cache.get(token);
    if (hit) return { claims: hit.claims, expired: hit.expMs <= this.now(), user: hit.user };
    const verified = await verifyToken(token, { secrets: this.secrets, audiences: this.audiences, now: this.now });
    const expMs = verified.claims.exp === undefined ? Number.POSITIVE_INFINITY : verified.claims.exp * 1000;
    const user = requestUser(verified.claims);
    this.cache.set(token, { claims: verified.claims, expMs, user });
    return { ...verified, user };
  }
}
