import type { Limit, RateLimiter } from '../stores/limits';

/**
 * Password accounts' limits (docs/password-accounts.md "Bots and guessing"). Login attempts are counted
 * per address tried and client together, per client, and per address tried from every client; the
 * per-address-and-client count has a second, longer window, so a guesser's wait grows from minutes
 * to a day while the real user, from their own client, is never locked out by a stranger.
 */
export interface PasswordAccountLimits {
  perUser: Limit;
  perUserDay: Limit;
  perIp: Limit;
  perUserAllClients: Limit;
  /** Messages sent (sign-up, reset, address change) per address, and per client. */
  messagesPerAddress: Limit;
  messagesPerIp: Limit;
  /** Failed logins, per address tried or per client, after which a CAPTCHA is asked for (when configured). */
  captchaAfterFailures: number;
}

/** The window failures are counted in for the CAPTCHA's threshold. */
const FAILURE_WINDOW_MS = 60 * 60_000;

/** Counts each hit first (count-then-check: at most the limit of them pass, on any number of replicas). */
export async function hitAll(limiter: RateLimiter, hits: [string, Limit][]): Promise<number> {
  const verdicts = await Promise.all(hits.map(([key, limit]) => limiter.hit(key, limit)));
  return Math.max(0, ...verdicts.map((v) => (v.allowed ? 0 : v.retryAfterSeconds)));
}

/** The counters of one login attempt; `reset` is cleared by a successful one. */
export function loginKeys(account: string, ip: string, l: PasswordAccountLimits) {
  const reset = `password:user:${account}:ip:${ip}`;
  return {
    hits: [
      [`password:ip:${ip}`, l.perIp],
      [reset, l.perUser],
      [`password:day:${account}:ip:${ip}`, l.perUserDay],
      [`password:user:${account}`, l.perUserAllClients],
    ] as [string, Limit][],
    reset,
  };
}

/** The failure counters that decide whether a CAPTCHA is asked for at login. */
export function failureKeys(account: string, ip: string, l: PasswordAccountLimits): [string, Limit][] {
  const limit = { limit: l.captchaAfterFailures, windowMs: FAILURE_WINDOW_MS };
  return [
    [`password:failed:user:${account}`, limit],
    [`password:failed:ip:${ip}`, limit],
  ];
}

/** Whether a login from here for this address must come with a solved CAPTCHA (N failures or more). */
export async function captchaDue(limiter: RateLimiter, keys: [string, Limit][]): Promise<boolean> {
  const verdicts = await Promise.all(keys.map(([key, limit]) => limiter.peek(key, limit)));
  return verdicts.some((v) => !v.allowed);
}

export function messageKeys(address: string, ip: string, l: PasswordAccountLimits): [string, Limit][] {
  return [
    [`password:mail:ip:${ip}`, l.messagesPerIp],
    [`password:mail:to:${address}`, l.messagesPerAddress],
  ];
}
