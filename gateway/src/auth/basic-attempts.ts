/**
 * Failed basic-auth attempts, counted in this gateway's memory (basic auth is checked here, per request,
 * with no call to the auth service). Two fixed windows, as direct login counts them:
 * - per client address and user: after `perClient` failures the client is refused (429) until its
 *   window ends, even with the right password, so guessing from one address stops;
 * - per user, from every address: `perUser` failures in a much shorter window only slow guessing
 *   from many addresses down; it never locks the real user out for long (anyone could trigger it).
 * With several gateways, each counts its own: the budget is per instance.
 */
export interface BasicAttemptLimits {
  perClient: { limit: number; windowMs: number };
  perUser: { limit: number; windowMs: number };
}

export const DEFAULT_BASIC_LIMITS: BasicAttemptLimits = {
  perClient: { limit: 10, windowMs: 15 * 60_000 },
  perUser: { limit: 60, windowMs: 60_000 },
};

interface Window {
  count: number;
  endsAt: number;
}

const MAX_KEYS = 50_000;

export class BasicAttempts {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limits: BasicAttemptLimits = DEFAULT_BASIC_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds the caller must wait before its credentials are checked at all; 0 when it may try. */
  retryAfter(user: string, client: string): number {
    const now = this.now();
    let wait = 0;
    for (const [key, limit] of this.keys(user, client)) {
      const w = this.windows.get(key);
      if (w && w.endsAt > now && w.count >= limit.limit) wait = Math.max(wait, Math.ceil((w.endsAt - now) / 1000));
    }
    return wait;
  }

  failed(user: string, client: string): void {
    const now = this.now();
    if (this.windows.size > MAX_KEYS) for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
    for (const [key, limit] of this.keys(user, client)) {
      let w = this.windows.get(key);
      if (!w || w.endsAt <= now) {
        w = { count: 0, endsAt: now + limit.windowMs };
        this.windows.set(key, w);
      }
      w.count += 1;
    }
  }

  succeeded(user: string, client: string): void {
    this.windows.delete(`c:${client}:${user}`);
  }

  private keys(user: string, client: string): [string, { limit: number; windowMs: number }][] {
    // Bounded keys: a user name is the caller's text, so only a prefix of it is kept.
    const name = user.slice(0, 64);
    return [
      [`c:${client}:${name}`, this.limits.perClient],
      [`u:${name}`, this.limits.perUser],
    ];
  }
}
