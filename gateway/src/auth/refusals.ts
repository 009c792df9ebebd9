import { type CallFailure, describeCallError } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import { REFUSAL_TEXT, TokenError, type TokenRefusal } from '@gatehouse/token';

/**
 * Why the gateway refused a request's credentials: the reasons every verifier shares (@gatehouse/token)
 * and the gateway's own. Code decides on these, never on the text sent beside them.
 */
export type RefusalReason =
  | TokenRefusal
  /** The session was logged out; its tokens are refused until they expire. */
  | 'session_ended'
  /** The application's validator failed to answer: refused, fail closed. */
  | 'validator_unavailable'
  /** Too many failed basic-auth attempts from this client (429). */
  | 'too_many_attempts'
  /** The auth service decided against refreshing an expired cookie token. */
  | 'refresh_refused'
  /** The auth service could not be asked to refresh (503, cookies kept). */
  | 'refresh_unavailable'
  /** A token signed with a site's own secret (AUTH_SECRETS_FILE) on a route the gateway owns. */
  | 'site_token';

const REFUSAL_TEXTS: Readonly<Record<RefusalReason, string>> = {
  ...REFUSAL_TEXT,
  session_ended: 'session ended, log in again',
  validator_unavailable: 'validator unavailable',
  too_many_attempts: 'too many failed attempts, try again later',
  refresh_refused: 'token expired',
  refresh_unavailable: 'the session cannot be refreshed right now, try again shortly',
  site_token: "this token is its site's: log in to Gatehouse itself for this route",
};

export interface Refused {
  ok: false;
  reason: RefusalReason;
  /** The text the client is sent. */
  error: string;
  /** The cookies hold a token that can never work again: clear them. */
  clearCookies: boolean;
  /** The answer when it is not 401: 429 (too many basic-auth failures), 503 (refresh undecided). */
  status?: number;
  /** With `status`: the Retry-After seconds. */
  retryAfterSeconds?: number;
}

/** A refusal with the reason's usual text, or `error` when the refusing party wrote its own. */
export function refused(
  reason: RefusalReason,
  clearCookies: boolean,
  error?: string,
  extra?: Pick<Refused, 'status' | 'retryAfterSeconds'>,
): Refused {
  return { ok: false, reason, error: error ?? REFUSAL_TEXTS[reason], clearCookies, ...extra };
}

/** Failures of a refresh the auth service decided against (its texts are written for clients). */
const REFUSALS = new Set<CallFailure['kind']>([
  'unauthenticated',
  'permission_denied',
  'invalid_argument',
  'failed_precondition',
  'not_found',
]);

/**
 * A refresh the auth service refused (revoked, past the session's end, invalid) ends the session here
 * too: 401, cookies cleared. One it could not decide (it or its Redis is down, a deadline passed) is
 * a 503 with Retry-After that keeps the cookies, so an outage logs nobody out. Clients see our own
 * texts only; transport details go to the log.
 */
export function refreshFailed(err: unknown, log: Logger): Refused {
  if (REFUSALS.has(describeCallError(err).kind)) {
    log.info({ err }, 'refresh refused');
    const details = (err as { details?: unknown }).details;
    return refused('refresh_refused', true, typeof details === 'string' && details ? details : undefined);
  }
  if (err instanceof TokenError) {
    log.warn({ err }, 'refreshed token refused');
    return refused('invalid_token', true, err.message);
  }
  log.warn({ err }, 'refresh not decided: auth service unavailable');
  return refused('refresh_unavailable', false, undefined, { status: 503, retryAfterSeconds: 5 });
}
