import type { Limit, RateLimiter } from './limiter';

/**
 * Failed password attempts of a check that runs on every request (basic auth for `admin`, or an
 * application's basic-auth checker), in two fixed windows, as direct login counts them:
 * - per client address and user: after `perClient` failures the client is refused (429) until its
 *   window ends, even with the right password, so guessing from one address stops;
 * - per user, from every address: `perUser` failures in a much shorter window only slow guessing from
 *   many addresses down; it never locks the real user out for long (anyone could trigger it).
 * Every attempt is counted before its password is checked, and a right one taken back (basic auth is
 * sent with every request). With a Redis limiter every process counts into the same windows, so N
 * replicas do not give N times the guesses.
 */
export interface PasswordAttemptLimits {
  perClient: Limit;
  perUser: Limit;
}

export const DEFAULT_PASSWORD_ATTEMPT_LIMITS: PasswordAttemptLimits = {
  perClient: { limit: 10, windowMs: 15 * 60_000 },
  perUser: { limit: 60, windowMs: 60_000 },
};

/** The shortest admin password accepted anywhere (gateway and koa-auth): shorter ones can be guessed. */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;

export class PasswordAttempts {
  constructor(
    private readonly limiter: RateLimiter,
    /** Names these counters in the limiter's key space, e.g. `basic` for the gateway's admin basic auth. */
    private readonly scope: string,
    private readonly limits: PasswordAttemptLimits = DEFAULT_PASSWORD_ATTEMPT_LIMITS,
  ) {}

  /**
   * Counts this attempt on both counters first, atomically (each limiter hit is one INCR), and only
   * then says whether its password may be checked: 0 when it may, else the seconds to wait. However
   * many attempts arrive at once, on however many processes, at most the limit of them are checked.
   * Every allowed attempt ends in `succeeded` or stays counted as a failure.
   */
  async attempt(user: string, client: string): Promise<number> {
    const verdicts = await Promise.all(this.keys(user, client).map(([key, limit]) => this.limiter.hit(key, limit)));
    return Math.max(0, ...verdicts.map((v) => (v.allowed ? 0 : v.retryAfterSeconds)));
  }

  /**
   * The password was right: the client's failures are forgotten, and this attempt is taken back off
   * the user's count (basic auth comes with every request: the admin's own requests never add up).
   */
  async succeeded(user: string, client: string): Promise<void> {
    const [[clientKey], [userKey]] = this.keys(user, client);
    await Promise.all([this.limiter.reset(clientKey), this.limiter.release(userKey)]);
  }

  private keys(user: string, client: string): [[string, Limit], [string, Limit]] {
    // Bounded keys: a user name is the caller's text, so only a prefix of it is kept.
    const name = user.slice(0, 64);
    return [
      [`${this.scope}:c:${client}:${name}`, this.limits.perClient],
      [`${this.scope}:u:${name}`, this.limits.perUser],
    ];
  }
}
