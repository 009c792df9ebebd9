import type { Metrics } from '@gatehouse/metrics';
import type { FailedLogin } from '../passwords/accounts';
import type { AuthTrail } from '../sessions/session-events';
import type { Limit, RateLimiter } from '../stores/limits';
import { FAILED_IN_TRAIL } from './login-events';

/** One `login.rate_limited` per address tried and window: the login limits' shortest window. */
const LIMITED_IN_TRAIL: Limit = { limit: 1, windowMs: 15 * 60_000 };

/**
 * Failed password logins in the trail under round 4's rules, as the direct login's (login-events.ts):
 * every one counted (gatehouse_auth_login_failures_total, provider `password`), the first few refusals
 * per address tried in a window written as `login.failed`, a limit's refusals as one
 * `login.rate_limited`; the subject is the id the address stands for, never the address or password.
 */
export function passwordFailures(deps: {
  /** The audit trail (made after the login engines, so asked for at each failure); undefined: none. */
  trail: () => AuthTrail | undefined;
  limiter: RateLimiter;
  metrics: Metrics | undefined;
}): (f: FailedLogin) => Promise<void> {
  const failures = deps.metrics?.counter(
    'gatehouse_auth_login_failures_total',
    'Failed attempts of the direct and verified logins, by provider and reason',
    ['provider', 'reason'],
  );
  return async (f) => {
    failures?.inc({ provider: 'password', reason: f.reason });
    const trail = deps.trail();
    if (!trail) return;
    const budget: [string, Limit] =
      f.reason === 'rate_limited'
        ? [`trail:login.rate_limited:password:user:${f.attempted}`, LIMITED_IN_TRAIL]
        : [`trail:login.failed:password:user:${f.attempted}`, FAILED_IN_TRAIL];
    const verdict = await deps.limiter.hit(...budget).catch(() => undefined);
    if (!verdict?.allowed) return;
    const common = {
      actor: { kind: 'anonymous' as const, id: null },
      subjectUser: f.attempted,
      clientAddress: f.clientIp || null,
      userAgent: f.userAgent || null,
    };
    if (f.reason === 'rate_limited') {
      await trail.record({ ...common, type: 'login.rate_limited', data: { provider: 'password', limit: 'user_ip' } });
    } else {
      await trail.record({ ...common, type: 'login.failed', data: { provider: 'password', reason: f.reason } });
    }
  };
}
