import { createHash } from 'node:crypto';
import { safeEqual } from '@gatehouse/token';
import type { Redis } from 'ioredis';

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

// A request is a hash {expires_at, browser?, starter?, candidate?, code?, fails?, user?}; browser never
// changes after create. Each script reads and changes it in one step, so two checks of the same
// confirmed request cannot both get the user, and concurrent wrong codes are all counted.
const PEEK = `
local exp = redis.call('HGET', KEYS[1], 'expires_at')
if not exp then return 'not_found' end
if tonumber(exp) <= tonumber(ARGV[1]) then return 'expired' end
if redis.call('HEXISTS', KEYS[1], 'user') == 1 then return 'confirmed' end
if redis.call('HEXISTS', KEYS[1], 'starter') == 1 then return 'started' end
return 'pending'`;

const START = `
local exp = redis.call('HGET', KEYS[1], 'expires_at')
if not exp or tonumber(exp) <= tonumber(ARGV[1]) then return false end
if redis.call('HEXISTS', KEYS[1], 'starter') == 1 then return false end
redis.call('HSET', KEYS[1], 'starter', ARGV[2], 'candidate', ARGV[3])
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'code', ARGV[4]) end
return exp`;

// ARGV[3] 'confirm' or 'cancel'. A code-mode request has no buttons to press.
const PRESS = `
local exp = redis.call('HGET', KEYS[1], 'expires_at')
if not exp or tonumber(exp) <= tonumber(ARGV[1]) then return 'gone' end
if redis.call('HEXISTS', KEYS[1], 'user') == 1 or redis.call('HEXISTS', KEYS[1], 'code') == 1 then return 'gone' end
local starter = redis.call('HGET', KEYS[1], 'starter')
if not starter then return 'gone' end
if starter ~= ARGV[2] then return 'not_yours' end
if ARGV[3] == 'cancel' then redis.call('DEL', KEYS[1]) else
redis.call('HSET', KEYS[1], 'user', redis.call('HGET', KEYS[1], 'candidate')) end
return 'ok'`;

const TAKE = `
local exp = redis.call('HGET', KEYS[1], 'expires_at')
if not exp then return {'not_found'} end
if (redis.call('HGET', KEYS[1], 'browser') or '') ~= ARGV[2] then return {'not_found'} end
if tonumber(exp) <= tonumber(ARGV[1]) then return {'expired'} end
local user = redis.call('HGET', KEYS[1], 'user')
if not user then
  if redis.call('HEXISTS', KEYS[1], 'code') == 1 then return {'code_required'} end
  return {'not_verified'}
end
redis.call('DEL', KEYS[1])
return {'ok', user}`;

// ARGV[3]: the code's hash when the caller found it equal to the stored one (in constant time), else ''.
const CHECK_CODE = `
local exp = redis.call('HGET', KEYS[1], 'expires_at')
if not exp then return {'not_found'} end
if (redis.call('HGET', KEYS[1], 'browser') or '') ~= ARGV[2] then return {'not_found'} end
if tonumber(exp) <= tonumber(ARGV[1]) then return {'expired'} end
local code = redis.call('HGET', KEYS[1], 'code')
if not code then return {'not_verified'} end
if ARGV[3] ~= '' and ARGV[3] == code then
  local user = redis.call('HGET', KEYS[1], 'candidate')
  redis.call('DEL', KEYS[1])
  return {'ok', user}
end
local fails = redis.call('HINCRBY', KEYS[1], 'fails', 1)
if fails >= tonumber(ARGV[4]) then
  redis.call('DEL', KEYS[1])
  return {'too_many_attempts'}
end
return {'wrong_code', tostring(tonumber(ARGV[4]) - fails)}`;

export class RedisLoginRequestStore implements LoginRequestStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(token: string): string {
    return `${this.prefix}request:${token}`;
  }

  async create(token: string, expiresAtMs: number, browserHash = ''): Promise<void> {
    const key = this.key(token);
    await this.redis
      .multi()
      .hset(key, 'expires_at', String(expiresAtMs), ...(browserHash ? ['browser', browserHash] : []))
      .pexpireat(key, expiresAtMs + EXPIRED_GRACE_MS)
      .exec();
  }

  async peek(token: string, nowMs: number): Promise<RequestState> {
    return (await this.redis.eval(PEEK, 1, this.key(token), String(nowMs))) as RequestState;
  }

  async start(token: string, starter: string, userJson: string, codeHash: string, nowMs: number) {
    const exp = await this.redis.eval(START, 1, this.key(token), String(nowMs), starter, userJson, codeHash);
    return typeof exp === 'string' ? Number(exp) : undefined;
  }

  async confirm(token: string, presser: string, nowMs: number): Promise<PressResult> {
    return (await this.redis.eval(PRESS, 1, this.key(token), String(nowMs), presser, 'confirm')) as PressResult;
  }

  async cancel(token: string, presser: string, nowMs: number): Promise<PressResult> {
    return (await this.redis.eval(PRESS, 1, this.key(token), String(nowMs), presser, 'cancel')) as PressResult;
  }

  async take(token: string, nowMs: number, browserHash = ''): Promise<CheckResult> {
    // The hashes are compared here in constant time; TAKE compares them again (Lua's == is not
    // constant-time, but by then they are known to be equal) so the check and the delete are one step.
    const stored = (await this.redis.hget(this.key(token), 'browser')) ?? '';
    if (!safeEqual(stored, browserHash)) return { state: 'not_found' };
    const [state, userJson] = (await this.redis.eval(TAKE, 1, this.key(token), String(nowMs), browserHash)) as [
      string,
      string?,
    ];
    if (state === 'ok' && userJson !== undefined) return { state: 'ok', userJson };
    return { state: state as 'not_found' | 'expired' | 'not_verified' | 'code_required' };
  }

  async checkCode(token: string, code: string, nowMs: number, browserHash = ''): Promise<CodeResult> {
    // As in take(): secrets are compared here in constant time, and the script only acts on the outcome.
    const [browser, stored] = await this.redis.hmget(this.key(token), 'browser', 'code');
    if (!safeEqual(browser ?? '', browserHash)) return { state: 'not_found' };
    const given = hashCode(code);
    const match = stored ? safeEqual(stored, given) : false;
    const args = [String(nowMs), browserHash, match ? given : '', String(MAX_CODE_ATTEMPTS)];
    const [state, value] = (await this.redis.eval(CHECK_CODE, 1, this.key(token), ...args)) as [string, string?];
    if (state === 'ok' && value !== undefined) return { state: 'ok', userJson: value };
    if (state === 'wrong_code') return { state, attemptsLeft: Number(value) };
    return { state: state as 'not_found' | 'expired' | 'not_verified' | 'too_many_attempts' };
  }
}
