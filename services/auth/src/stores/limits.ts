import type { Limit } from '@gatehouse/redis';

// The one rate limiter (Redis, or memory for one development process) lives in @gatehouse/redis, shared
// with the gateway's basic auth and koa-auth's admin password.
export { type Limit, type LimitVerdict, MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from '@gatehouse/redis';

/** Password-attempt limits of a login form (direct login, the local server's login page). */
export interface PasswordLimits {
  /** Attempts for one user from one client address: the guessing brake (AUTH_LIMIT_DIRECT_USER). */
  perUser: Limit;
  /** Attempts from one client address, any user (AUTH_LIMIT_DIRECT_IP). */
  perIp: Limit;
  /**
   * Attempts for one user from every address together, in a short window (AUTH_LIMIT_DIRECT_USER_ALL):
   * it slows guessing from many addresses down without locking the user out for long, since anyone can
   * trip it.
   */
  perUserAllClients: Limit;
}

/**
 * The counters one password attempt hits, in order; `reset` is the one a successful login clears.
 * Counting per user *and* address means a stranger's wrong guesses never lock the real user out.
 */
export function passwordAttemptKeys(
  scope: string,
  userKey: string,
  ip: string,
  limits: PasswordLimits,
): { hits: [string, Limit][]; reset: string } {
  const reset = `${scope}:user:${userKey}:ip:${ip}`;
  return {
    hits: [
      [`${scope}:ip:${ip}`, limits.perIp],
      [reset, limits.perUser],
      [`${scope}:user:${userKey}`, limits.perUserAllClients],
    ],
    reset,
  };
}
