import type { Metrics } from '@gatehouse/metrics';
import type { LoginFinish } from '../sessions/finish-login';
import type { RateLimiter } from '../stores/limits';
import type { Revocations } from '../stores/revocations';

// The auth service's own series, made by the composition root only when metrics are on. Logins are
// counted where every login ends (sessions/finish-login.ts), refreshes and logouts where the gRPC answer
// is made; the limiter is wrapped, so the logins using it stay unaware.

/** Told of every session the service answers with (metrics). */
export interface SessionRecorder {
  /** A session issued at the end of a login, `via` how it finished (oauth2, handler, passkey, totp, recovery_code). */
  issued(provider: string, via: LoginFinish): void;
  refreshed(outcome: 'ok' | 'refused'): void;
  loggedOut(): void;
}

export function sessionRecorder(metrics: Metrics): SessionRecorder {
  const issued = metrics.counter('gatehouse_auth_sessions_issued_total', 'Sessions issued at login', [
    'provider',
    'via',
  ]);
  const refreshes = metrics.counter('gatehouse_auth_refreshes_total', 'Token refreshes, by outcome', ['outcome']);
  const logouts = metrics.counter('gatehouse_auth_logouts_total', 'Sessions ended by logout');
  return {
    // Only sessions actually issued are counted, so `provider` is always a configured name (bounded).
    issued: (provider, via) => issued.inc({ provider, via }),
    refreshed: (outcome) => refreshes.inc({ outcome }),
    loggedOut: () => logouts.inc(),
  };
}

/**
 * The limiter with every refusal counted by its scope (`direct`, `verify`, ...) and what it counts per
 * (ip, user, address); never the key itself, which holds user names and addresses.
 */
export function countedLimiter(limiter: RateLimiter, metrics: Metrics): RateLimiter {
  const refusals = metrics.counter('gatehouse_auth_rate_limit_refusals_total', 'Attempts refused by a rate limit', [
    'scope',
    'per',
  ]);
  return {
    async hit(key, limit) {
      const verdict = await limiter.hit(key, limit);
      if (!verdict.allowed) {
        const parts = key.split(':');
        const per =
          parts.includes('ip') && parts.at(-2) === 'ip' ? 'ip' : parts.includes('address') ? 'address' : 'user';
        refusals.inc({ scope: parts[0] ?? '', per });
      }
      return verdict;
    },
    peek: (key, limit) => limiter.peek(key, limit),
    release: (key) => limiter.release(key),
    reset: (key) => limiter.reset(key),
  };
}

/** Ended sessions whose tokens may still be presented, read from the store at scrape time. */
export function watchRevocations(metrics: Metrics, revocations: Revocations): void {
  const held = metrics.gauge('gatehouse_auth_revocations_held', 'Ended sessions whose tokens are still refused');
  metrics.beforeScrape(async () => held.set(await revocations.held()));
}

/**
 * Second factors checked against a user's TOTP secret or recovery codes, by factor and result: attempts
 * refused by the attempt limit before any check are not among them.
 */
export function totpCheckRecorder(metrics: Metrics): (factor: 'code' | 'recovery_code', right: boolean) => void {
  const checks = metrics.counter('gatehouse_totp_checks_total', 'TOTP codes and recovery codes checked, by result', [
    'factor',
    'result',
  ]);
  return (factor, right) => checks.inc({ factor, result: right ? 'right' : 'wrong' });
}
