import { createHash } from 'node:crypto';

/** Outcome of checking a login request; `ok` consumes it (a login request is used once). */
export type CheckResult =
  | { state: 'ok'; userJson: string }
  | { state: 'not_found' }
  | { state: 'expired' }
  | { state: 'not_verified' }
  /** Code mode: the bot has sent the code; only checkCode can finish this request. */
  | { state: 'code_required' };

/** Outcome of a code the browser posted (code mode). A wrong code is counted; the last one ends the request. */
export type CodeResult =
  | Exclude<CheckResult, { state: 'code_required' }>
  | { state: 'wrong_code'; attemptsLeft: number }
  | { state: 'too_many_attempts' };

/** What a button press did: confirmed/cancelled, pressed by someone else, or on a request no longer open. */
export type PressResult = 'ok' | 'not_yours' | 'gone';

export type RequestState = 'pending' | 'started' | 'confirmed' | 'expired' | 'not_found';

/** Wrong codes a request survives: the third ends it (issue 16, part 3). */
export const MAX_CODE_ATTEMPTS = 3;

/**
 * The login requests (go-pkgz keeps them in a map; here they are shared). A request is created by the
 * browser, started by "/start <token>" (which binds it to that Telegram user and holds the user it
 * would log in), and confirmed either by that user's Confirm button or by the browser posting the code
 * the bot sent; only then does take()/checkCode() hand the user over, once.
 */
export interface LoginRequestStore {
  /**
   * `browserHash` (sha256 of the secret cookie given to the browser that asked, hex) binds the request
   * to that browser: take() then hands the user only to a caller presenting the same hash. Empty for
   * requests made through the TelegramBotService API, whose caller keeps the token to itself.
   */
  create(token: string, expiresAtMs: number, browserHash?: string): Promise<void>;
  peek(token: string, nowMs: number): Promise<RequestState>;
  /**
   * Binds a pending request to the Telegram user who pressed Start (`starter`) with the user it would
   * log in; `codeHash` (code mode) is the sha256 of the code the bot sends. Returns the request's expiry,
   * or undefined when it is not pending (unknown, expired, already started or confirmed).
   */
  start(token: string, starter: string, userJson: string, codeHash: string, nowMs: number): Promise<number | undefined>;
  /** Confirm button (button mode): only the starter can press it, only on a started request. */
  confirm(token: string, presser: string, nowMs: number): Promise<PressResult>;
  /** Cancel button: the starter ends the request. */
  cancel(token: string, presser: string, nowMs: number): Promise<PressResult>;
  /**
   * Returns the user of a confirmed request and deletes it, atomically. A request bound to another
   * browser (`browserHash` differs from the stored one) is 'not_found' and stays as it is, so neither
   * its state nor its existence leaks and its own browser can still finish the login.
   */
  take(token: string, nowMs: number, browserHash?: string): Promise<CheckResult>;
  /** Code mode: the right code hands over the user (once); a wrong one is counted, atomically. */
  checkCode(token: string, code: string, nowMs: number, browserHash?: string): Promise<CodeResult>;
}

/** Codes are kept hashed, so a Redis dump or a debug listing does not show a usable one. */
export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Expired requests stay this long past their lifetime so that a late check says "request expired"
 * rather than "request is not found"; Redis then drops them by itself.
 */
export const EXPIRED_GRACE_MS = 10 * 60 * 1000;
