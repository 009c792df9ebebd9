import { createHash } from 'node:crypto';
import type { Logger } from '@gatehouse/logger';
import type { Metrics } from '@gatehouse/metrics';
import { request } from 'undici';
import type { BreachedPasswordCheck } from './types';

/** Why a check let a password through unchecked (a bounded label). */
export type BreachedCheckFailure = 'timeout' | 'error';

export interface BreachedPasswordSettings {
  /** The range API's base (AUTH_BREACHED_PASSWORDS_URL), e.g. https://api.pwnedpasswords.com; `/range/<prefix>` is added. */
  url: string;
  /** The deadline of one call, the reading of its answer included. */
  timeoutMs: number;
  log: Logger;
  /** Told of each check given up (gatehouse_auth_breached_check_failures_total; breachedCheckFailures below). */
  counter?: { inc(labels: { reason: BreachedCheckFailure }): void };
}

/** The counter of checks given up, on the service's metrics (docs/operations.md). */
export function breachedCheckFailures(metrics: Metrics) {
  return metrics.counter(
    'gatehouse_auth_breached_check_failures_total',
    'Breached-password checks given up (the password let through), by reason',
    ['reason'],
  );
}

/**
 * A breached-password service's k-anonymity range API (Have I Been Pwned's Pwned Passwords and its
 * self-hosted mirrors): only the first 5 hex characters of the password's SHA-1 leave the process, the
 * answer lists every known suffix under that prefix, and the match is made here. `Add-Padding` asks for
 * decoy lines (count 0) so the answer's size tells an observer nothing either. It fails open: a sign-up
 * must not stop when the service is down, so a timeout or an error answers "not breached", is logged
 * (without the prefix or the password) and counted.
 */
export function breachedPasswordCheck(settings: BreachedPasswordSettings): BreachedPasswordCheck {
  const base = settings.url.replace(/\/+$/, '');
  return {
    async isBreached(password) {
      const sha1 = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
      const prefix = sha1.slice(0, 5);
      const suffix = sha1.slice(5);
      const signal = AbortSignal.timeout(settings.timeoutMs);
      try {
        const answer = await request(`${base}/range/${prefix}`, {
          method: 'GET',
          headers: { 'Add-Padding': 'true', Accept: 'text/plain' },
          signal,
        });
        if (answer.statusCode !== 200) {
          await answer.body.dump();
          throw Object.assign(new Error('the range API refused'), { code: `HTTP_${answer.statusCode}` });
        }
        return listsSuffix(await answer.body.text(), suffix);
      } catch (err) {
        const reason: BreachedCheckFailure = signal.aborted ? 'timeout' : 'error';
        settings.counter?.inc({ reason });
        // The error's message only: undici's carries the URL, which holds the prefix.
        settings.log.warn(
          { reason, failure: reason === 'timeout' ? undefined : errorName(err) },
          'breached-password check given up; the password was let through',
        );
        return false;
      }
    },
  };
}

/**
 * Whether the range answer (`SUFFIX:COUNT` lines, CRLF) has `suffix` with a count above 0; a padding
 * line has count 0 and means absent.
 */
export function listsSuffix(body: string, suffix: string): boolean {
  for (const line of body.split('\n')) {
    const colon = line.indexOf(':');
    if (colon !== 35) continue;
    if (line.slice(0, 35).toUpperCase() !== suffix) continue;
    const count = Number.parseInt(line.slice(colon + 1).trim(), 10);
    return Number.isFinite(count) && count > 0;
  }
  return false;
}

/** The error's code or class name: never its message, which for undici names the URL. */
function errorName(err: unknown): string {
  if (typeof err !== 'object' || err === null) return 'unknown';
  const { code, name } = err as { code?: unknown; name?: unknown };
  return typeof code === 'string' ? code : typeof name === 'string' ? name : 'unknown';
}
