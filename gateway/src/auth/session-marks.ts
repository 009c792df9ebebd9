import { LRUCache } from 'lru-cache';
import type { TokenCookie } from './cookies';

/**
 * Sessions ended, by jti, each until its tokens would have expired: logged out here (at once) or
 * anywhere (through the auth service's feed). The auth service refuses to refresh them; the gateway
 * refuses every copy of their tokens with this.
 */
export class EndedSessions {
  private readonly until = new Map<string, number>();
  // Expired entries are swept when the map reaches this size, which then doubles past what is left:
  // a feed replaying thousands of unexpired ends must not rescan the whole map on every one.
  private sweepAt = 10_000;

  constructor(private readonly now: () => number) {}

  /** The session's tokens are refused until `untilMs` (the later of two ends of the same session). */
  end(jti: string, untilMs: number): void {
    const now = this.now();
    if (untilMs <= now) return;
    if (this.until.size >= this.sweepAt) {
      for (const [id, until] of this.until) if (until <= now) this.until.delete(id);
      this.sweepAt = Math.max(10_000, this.until.size * 2);
    }
    this.until.set(jti, Math.max(untilMs, this.until.get(jti) ?? 0));
  }

  has(jti: string | undefined): boolean {
    if (jti === undefined || this.until.size === 0) return false;
    const until = this.until.get(jti);
    return until !== undefined && until > this.now();
  }
}

/** Parallel requests with one expired cookie share its refresh for this long (go-pkgz RefreshCache). */
export const REFRESH_REUSE_MS = 10_000;

/**
 * One refresh per expired token: requests carrying the same expired cookie at once wait for the same
 * call, and those in the next REFRESH_REUSE_MS get its answer again (go-pkgz RefreshCache).
 */
export class SharedRefresh {
  private readonly inflight = new Map<string, Promise<TokenCookie>>();
  private readonly recent = new LRUCache<string, TokenCookie>({ max: 5_000, ttl: REFRESH_REUSE_MS });

  constructor(private readonly refresh: (token: string) => Promise<TokenCookie>) {}

  of(token: string): Promise<TokenCookie> {
    const done = this.recent.get(token);
    if (done) return Promise.resolve(done);
    let pending = this.inflight.get(token);
    if (!pending) {
      pending = this.refresh(token)
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
