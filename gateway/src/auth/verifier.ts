import {
  type Claims,
  type TokenSigner,
  type User,
  userJson,
  type VerificationKeys,
  verifyToken,
} from '@gatehouse/token';
import { LRUCache } from 'lru-cache';

/** A token verified before, as the cache keeps it; shared between requests, never modified. */
export interface CachedToken {
  token: string;
  claims: Claims;
  /** exp in milliseconds (Infinity without exp): the one thing re-checked on every hit. */
  expMs: number;
  /** The token's user with its audience, in the go-pkgz JSON shape. */
  user: User | undefined;
  /** `user` serialized, as GET /auth/user answers it: done once per token, not once per request. */
  userBody: string | undefined;
  /** The jti (the XSRF value) as bytes, for the constant-time comparison. */
  jtiBytes: Buffer;
  /** The key it verified with: the auth service's own, or a site's secret (see Authenticator's routes). */
  signer: TokenSigner;
}

/** A verified token: its claims, whether only exp has passed, and its user as requests see it. */
export interface Verified {
  claims: Claims;
  expired: boolean;
  /** The token's user with its audience, in the go-pkgz JSON shape; frozen, shared between requests. */
  user: User | undefined;
  signer: TokenSigner;
}

function requestUser(claims: Claims): User | undefined {
  return claims.user ? Object.freeze(userJson({ ...claims.user, aud: claims.aud })) : undefined;
}

/**
 * The cache key: the signature segment. Hashing a ~600-character token for every lookup was the
 * largest cost of an authenticated request; the 43-character HS256 MAC is as unique (an ES256 or
 * EdDSA signature, 86 characters, more so), and a hit still has to equal the whole token (see peek).
 */
function cacheKey(token: string): string {
  return token.slice(token.lastIndexOf('.') + 1);
}

/**
 * Verifies tokens in the gateway process, with a cache of tokens already verified: a token string is
 * immutable, so a good signature stays good; only expiry is re-checked on each hit. The short TTL bounds
 * how long a rotated-away secret keeps working.
 */
export class TokenVerifier {
  private readonly cache = new LRUCache<string, CachedToken>({ max: 20_000, ttl: 60_000 });

  constructor(
    private readonly secrets: VerificationKeys,
    private readonly audiences: string[],
    private readonly now: () => number = Date.now,
    private readonly rules: {
      issuer?: string;
      providerAllowed?: (name: string) => boolean;
      /** Called on every check (hit or miss): the provider list refreshes itself on use (ProviderNames). */
      inUse?: () => void;
    } = {},
  ) {}

  /** Forgets every verified token: the rules changed (a provider removed), so each is checked again. */
  clear(): void {
    this.cache.clear();
  }

  /** A token verified before and still cached, without any waiting; undefined on a miss. */
  peek(token: string): CachedToken | undefined {
    this.rules.inUse?.();
    const hit = this.cache.get(cacheKey(token));
    // Only the very token that was verified: another header or payload under a copied MAC is a miss.
    return hit !== undefined && hit.token === token ? hit : undefined;
  }

  /** Whether a cached token's exp has passed. */
  expired(entry: CachedToken): boolean {
    return entry.expMs <= this.now();
  }

  /** Throws TokenError when the token is refused; `expired` when only exp has passed. */
  async verify(token: string): Promise<Verified> {
    const hit = this.peek(token);
    if (hit) return { claims: hit.claims, expired: this.expired(hit), user: hit.user, signer: hit.signer };
    const verified = await verifyToken(token, {
      secrets: this.secrets,
      audiences: this.audiences,
      now: this.now,
      issuer: this.rules.issuer,
      providerAllowed: this.rules.providerAllowed,
    });
    const { claims } = verified;
    const user = requestUser(claims);
    this.cache.set(cacheKey(token), {
      token,
      claims,
      expMs: (claims.exp as number) * 1000, // verifyToken requires exp
      user,
      userBody: user && JSON.stringify(user),
      jtiBytes: Buffer.from(claims.jti ?? ''),
      signer: verified.signer,
    });
    return { ...verified, user };
  }
}
