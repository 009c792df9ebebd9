import type { Metrics } from '@gatehouse/metrics';
import { userId } from '@gatehouse/token';
import type { BuiltInLogin } from '../login/built-in-logins';
import { type LoginAnswer, type LoginRequest, requestFields } from '../login/http-like';
import type { AuthTrail } from '../sessions/session-events';
import type { Limit, RateLimiter } from '../stores/limits';

/** Answers of the built-in logins that are a failed attempt, and the reason each is counted under. */
const FAILED: Record<number, 'refused' | 'rate_limited'> = { 401: 'refused', 403: 'refused', 429: 'rate_limited' };

/**
 * How many refused attempts (wrong password, bad link) the trail takes one by one, per user tried (per
 * client address when the attempt names nobody), in a window: the rest are counted, not written.
 */
export const FAILED_IN_TRAIL: Limit = { limit: 5, windowMs: 15 * 60_000 };

/** When a limit's refusal says no window (it always does), one such event per this long. */
const DEFAULT_LIMIT_WINDOW_MS = 15 * 60_000;

export interface AuditedLoginsDeps {
  /** The audit trail; undefined without a database (then attempts are only counted). */
  trail?: AuthTrail;
  /** Where the trail's own budget is counted: the service's limiter (Redis, shared by every replica). */
  limiter: RateLimiter;
  /** Counts every failed attempt, written or not (gatehouse_auth_login_failures_total); unset: metrics off. */
  metrics?: Metrics;
  /** Told of every failed attempt too (tests). */
  failed?: (provider: string, reason: 'refused' | 'rate_limited') => void;
}

/**
 * The built-in direct and verified logins with their failed attempts in the trail: the one place every
 * attempt passes, whichever client sent it. Anyone can send attempts, so what they write is bounded by
 * time, never by how many are sent (issue 43): every one is counted (`failed`), the first few refusals
 * per user tried in FAILED_IN_TRAIL's window are `login.failed`, and a limit that refuses is one
 * `login.rate_limited` per limit and window, per user tried (whatever the number of addresses) or per
 * address for the per-address limit. The actor is `anonymous` with the client address (nobody logged
 * in acted); the subject is the user id the attempt was for (`<provider>_<sha1>`), never the name or the
 * password typed. The request's User-Agent is kept for admins, not shown to the user (trail.ts).
 */
export function auditedLogins(logins: readonly BuiltInLogin[], deps: AuditedLoginsDeps): BuiltInLogin[] {
  // `provider` is a configured built-in login's name (bounded), never anything the request chose.
  const failures = deps.metrics?.counter(
    'gatehouse_auth_login_failures_total',
    'Failed attempts of the direct and verified logins, by provider and reason',
    ['provider', 'reason'],
  );
  return logins.map((login) => ({
    name: login.name,
    async login(req) {
      const answer = await login.login(req);
      const reason = FAILED[answer.status];
      if (reason) {
        const provider = login.name.toLowerCase();
        failures?.inc({ provider, reason });
        deps.failed?.(provider, reason);
        if (deps.trail) await record(deps, deps.trail, provider, reason, req, answer);
      }
      return answer;
    },
  }));
}

async function record(
  deps: AuditedLoginsDeps,
  trail: AuthTrail,
  provider: string,
  reason: 'refused' | 'rate_limited',
  req: LoginRequest,
  answer: LoginAnswer,
): Promise<void> {
  const user = answer.attempt?.user ?? attemptedUser(provider, req);
  const ip = req.clientIp || 'unknown';
  const limit = answer.attempt?.limit;
  const perAddress = reason === 'rate_limited' && (limit?.per === 'ip' || !user);
  const subject = perAddress ? null : user;
  // The trail's own budget, in the limiter every replica shares: its keys are its own (`trail:`).
  const budget: [string, Limit] =
    reason === 'rate_limited'
      ? [
          `trail:login.rate_limited:${provider}:${limit?.per ?? 'any'}:${subject ? `user:${subject}` : `ip:${ip}`}`,
          { limit: 1, windowMs: limit?.windowMs ?? DEFAULT_LIMIT_WINDOW_MS },
        ]
      : [`trail:login.failed:${provider}:${user ? `user:${user}` : `ip:${ip}`}`, FAILED_IN_TRAIL];
  // A limiter that cannot count writes nothing: the trail is never the part a flood gets through.
  const verdict = await deps.limiter.hit(...budget).catch(() => undefined);
  if (!verdict?.allowed) return;
  const common = {
    actor: { kind: 'anonymous' as const, id: null },
    subjectUser: subject,
    clientAddress: req.clientIp || null,
    userAgent: req.headers['user-agent'] || null,
  };
  if (reason === 'rate_limited') {
    await trail.record({ ...common, type: 'login.rate_limited', data: { provider, limit: limit?.per ?? 'ip' } });
  } else {
    await trail.record({ ...common, type: 'login.failed', data: { provider, reason } });
  }
}

function attemptedUser(provider: string, req: LoginRequest): string | null {
  try {
    const user = requestFields(req).user;
    return user ? userId(provider, user) : null;
  } catch {
    return null;
  }
}
