import { userId } from '@gatehouse/token';
import type { BuiltInLogin } from '../login/built-in-logins';
import { requestFields } from '../login/http-like';
import type { AuthTrail } from './session-events';

/** Answers of the built-in logins that are a failed attempt, and the trail's reason code for each. */
const FAILED: Record<number, string> = { 401: 'refused', 403: 'refused', 429: 'rate_limited' };

/**
 * The built-in direct and verified logins with their failed attempts in the trail (login.failed): the
 * one place every attempt passes, whichever client sent it. The subject is the user id the name would
 * have (`<provider>_<sha1>`), never the name or the password typed.
 */
export function auditedLogins(logins: readonly BuiltInLogin[], trail: AuthTrail): BuiltInLogin[] {
  return logins.map((login) => ({
    name: login.name,
    async login(req) {
      const answer = await login.login(req);
      const reason = FAILED[answer.status];
      if (reason) {
        const subject = attemptedUser(login.name, req);
        await trail.record({
          type: 'login.failed',
          actor: { kind: 'user', id: subject },
          subjectUser: subject,
          clientAddress: req.clientIp || null,
          userAgent: req.headers['user-agent'] || null,
          data: { provider: login.name.toLowerCase(), reason },
        });
      }
      return answer;
    },
  }));
}

function attemptedUser(provider: string, req: Parameters<BuiltInLogin['login']>[0]): string | null {
  try {
    const user = requestFields(req).user;
    return user ? userId(provider, user) : null;
  } catch {
    return null;
  }
}
