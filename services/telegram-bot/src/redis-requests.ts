import { z } from '@gatehouse/config';
import { type RecordSeal, safeEqual, userSchema } from '@gatehouse/token';
import type { Redis } from 'ioredis';
import {
  type CheckResult,
  type CodeResult,
  EXPIRED_GRACE_MS,
  hashCode,
  type LoginRequestStore,
  MAX_CODE_ATTEMPTS,
  type PressResult,
  type RequestState,
} from './requests';

// A request is a hash {expires_at, sealed, browser?, starter?, candidate?, code?, fails?, user?}; browser
// never changes after create. Each script reads and changes it in one step, so two checks of the same
// confirmed request cannot both get the user, and concurrent wrong codes are all counted.
//
// The plain fields drive the scripts; what hands a user over is sealed (RecordSeal, a key Redis never
// holds) and checked once the script is done: `sealed` (expiry and browser, at create), `candidate`
// (that, plus the starter, the user and the code's hash, at /start) and `user` (the confirmed login,
// written only by the starter's Confirm). Changing a plain field, or writing a request, from Redis alone
// gets nobody logged in.
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

// ARGV[3] 'confirm' (ARGV[4]: the sealed confirmed login) or 'cancel'. A code-mode request has no buttons.
const PRESS = `
local exp = redis.call('HGET', KEYS[1], 'expires_at')
if not exp or tonumber(exp) <= tonumber(ARGV[1]) then return 'gone' end
if redis.call('HEXISTS', KEYS[1], 'user') == 1 or redis.call('HEXISTS', KEYS[1], 'code') == 1 then return 'gone' end
local starter = redis.call('HGET', KEYS[1], 'starter')
if not starter then return 'gone' end
if starter ~= ARGV[2] then return 'not_yours' end
if ARGV[3] == 'cancel' then redis.call('DEL', KEYS[1]) else redis.call('HSET', KEYS[1], 'user', ARGV[4]) end
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

/** The request as created for a browser (`browser` empty for the TelegramBotService API's own callers). */
const created = z.strictObject({ exp: z.number(), browser: z.string() });
/** After /start: who started it, the user it would log in (JSON) and the code's hash ('' in button mode). */
const candidate = created.extend({ starter: z.string(), user: z.string(), code: z.string() });
/** Confirmed by the starter's button: the login, ready to be taken by its browser. */
const confirmed = created.extend({ user: z.string() });

type Stage = 'created' | 'candidate' | 'confirmed';
/** Each sealed value is bound to its request and its stage: none stands in for another. */
const context = (stage: Stage, token: string) => `telegram-login:${stage}:${token}`;

/** The user JSON when it parses as a token user; undefined otherwise. */
function userOf(json: string): string | undefined {
  try {
    return userSchema.safeParse(JSON.parse(json)).success ? json : undefined;
  } catch {
    return undefined;
  }
}

export class RedisLoginRequestStore implements LoginRequestStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** Keyed from the bot token (service.ts): only the telegram-bot workload holds it. */
    private readonly seal: RecordSeal,
  ) {}

  private key(token: string): string {
    return `${this.prefix}request:${token}`;
  }

  private open<T extends z.ZodType>(schema: T, stage: Stage, token: string, sealed: string | null | undefined) {
    const parsed = schema.safeParse(sealed ? this.seal.open(sealed, context(stage, token)) : undefined);
    return parsed.success ? (parsed.data as z.output<T>) : undefined;
  }

  async create(token: string, expiresAtMs: number, browserHash = ''): Promise<void> {
    const key = this.key(token);
    const sealed = this.seal.seal({ exp: expiresAtMs, browser: browserHash }, context('created', token));
    await this.redis
      .multi()
      .hset(key, 'expires_at', String(expiresAtMs), 'sealed', sealed, ...(browserHash ? ['browser', browserHash] : []))
      .pexpireat(key, expiresAtMs + EXPIRED_GRACE_MS)
      .exec();
  }

  async peek(token: string, nowMs: number): Promise<RequestState> {
    return (await this.redis.eval(PEEK, 1, this.key(token), String(nowMs))) as RequestState;
  }

  async start(token: string, starter: string, userJson: string, codeHash: string, nowMs: number) {
    // Only a request this service created can be started: its browser and expiry come from the seal.
    const made = this.open(created, 'created', token, await this.redis.hget(this.key(token), 'sealed'));
    if (!made || made.exp <= nowMs) return undefined;
    const next = this.seal.seal({ ...made, starter, user: userJson, code: codeHash }, context('candidate', token));
    const exp = await this.redis.eval(START, 1, this.key(token), String(nowMs), starter, next, codeHash);
    return typeof exp === 'string' ? made.exp : undefined;
  }

  async confirm(token: string, presser: string, nowMs: number): Promise<PressResult> {
    // The starter and the mode are the sealed candidate's, not whatever the plain fields say now.
    const started = this.open(candidate, 'candidate', token, await this.redis.hget(this.key(token), 'candidate'));
    if (!started || started.exp <= nowMs || started.code !== '') return 'gone';
    if (!safeEqual(started.starter, presser)) return 'not_yours';
    const login = this.seal.seal(
      { exp: started.exp, browser: started.browser, user: started.user },
      context('confirmed', token),
    );
    return (await this.redis.eval(PRESS, 1, this.key(token), String(nowMs), presser, 'confirm', login)) as PressResult;
  }

  async cancel(token: string, presser: string, nowMs: number): Promise<PressResult> {
    return (await this.redis.eval(PRESS, 1, this.key(token), String(nowMs), presser, 'cancel', '')) as PressResult;
  }

  async take(token: string, nowMs: number, browserHash = ''): Promise<CheckResult> {
    // The hashes are compared here in constant time; TAKE compares them again (Lua's == is not
    // constant-time, but by then they are known to be equal) so the check and the delete are one step.
    const stored = (await this.redis.hget(this.key(token), 'browser')) ?? '';
    if (!safeEqual(stored, browserHash)) return { state: 'not_found' };
    const [state, sealed] = (await this.redis.eval(TAKE, 1, this.key(token), String(nowMs), browserHash)) as [
      string,
      string?,
    ];
    if (state !== 'ok') return { state: state as 'not_found' | 'expired' | 'not_verified' | 'code_required' };
    const login = this.open(confirmed, 'confirmed', token, sealed);
    const userJson = login && login.exp > nowMs && safeEqual(login.browser, browserHash) && userOf(login.user);
    return userJson ? { state: 'ok', userJson } : { state: 'not_found' };
  }

  async checkCode(token: string, code: string, nowMs: number, browserHash = ''): Promise<CodeResult> {
    // As in take(): secrets are compared here in constant time, and the script only acts on the outcome.
    const [browser, stored] = await this.redis.hmget(this.key(token), 'browser', 'code');
    if (!safeEqual(browser ?? '', browserHash)) return { state: 'not_found' };
    const given = hashCode(code);
    const match = stored ? safeEqual(stored, given) : false;
    const args = [String(nowMs), browserHash, match ? given : '', String(MAX_CODE_ATTEMPTS)];
    const [state, value] = (await this.redis.eval(CHECK_CODE, 1, this.key(token), ...args)) as [string, string?];
    if (state === 'wrong_code') return { state, attemptsLeft: Number(value) };
    if (state !== 'ok') return { state: state as 'not_found' | 'expired' | 'not_verified' | 'too_many_attempts' };
    // The code that counts is the one sealed at /start: a code hash replaced in Redis matched nothing.
    const login = this.open(candidate, 'candidate', token, value);
    const ok = login && login.exp > nowMs && safeEqual(login.code, given) && safeEqual(login.browser, browserHash);
    const userJson = ok && userOf(login.user);
    return userJson ? { state: 'ok', userJson } : { state: 'not_found' };
  }
}
