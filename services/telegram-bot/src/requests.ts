import { safeEqual } from '@gatehouse/token';
import type { Redis } from 'ioredis';

/** Outcome of checking a login request; `ok` consumes it (a login request is used once). */
export type CheckResult =
  | { state: 'ok'; userJson: string }
  | { state: 'not_found' }
  | { state: 'expired' }
  | { state: 'not_verified' };

/** The login requests waiting for "/start <token>" (go-pkgz keeps them in a map; here they are shared). */
export interface LoginRequestStore {
  /**
   * `browserHash` (sha256 of the secret cookie given to the browser that asked, hex) binds the request
   * to that browser: take() then hands the user only to a caller presenting the same hash. Empty for
   * requests made through the TelegramBotService API, whose caller keeps the token to itself.
   */
  create(token: string, expiresAtMs: number, browserHash?: string): Promise<void>;
  /** 'pending' when the request exists, is unexpired and unconfirmed; what else it is otherwise. */
  peek(token: string, nowMs: number): Promise<'pending' | 'confirmed' | 'expired' | 'not_found'>;
  /** Attaches the user to a pending, unexpired request; false when there is no such request. */
  confirm(token: string, userJson: string, nowMs: number): Promise<boolean>;
  /**
   * Returns the user of a confirmed request and deletes it, atomically. A request bound to another
   * browser (`browserHash` differs from the stored one) is 'not_found' and stays as it is, so neither
   * its state nor its existence leaks and its own browser can still finish the login.
   */
  take(token: string, nowMs: number, browserHash?: string): Promise<CheckResult>;
}

/**
 * Expired requests stay this long past their lifetime so that a late check says "request expired"
 * rather than "request is not found"; Redis then drops them by itself.
 */
export const EXPIRED_GRACE_MS = 10 * 60 * 1000;

// A request is a hash {expires_at, browser?, user?}; browser never changes after create. Each script reads and changes it in one step, so two
// checks of the same confirmed request cannot both get the user.
const PEEK = `
local exp = redis.call('HGET', KEYS[1], 'expires_at')
if not exp then return 'not_found' end
if tonumber(exp) <= tonumber(ARGV[1]) then return 'expired' end
if redis.call('HEXISTS', KEYS[1], 'user') == 1 then return 'confirmed' end
return 'pending'`;

const CONFIRM = `
local exp = redis.call('HGET', KEYS[1], 'expires_at')
if not exp or tonumber(exp) <= tonumber(ARGV[1]) then return 0 end
if redis.call('HEXISTS', KEYS[1], 'user') == 1 then return 0 end
redis.call('HSET', KEYS[1], 'user', ARGV[2])
return 1`;

const TAKE = `
local exp = redis.call('HGET', KEYS[1], 'expires_at')
if not exp then return {'not_found'} end
if (redis.call('HGET', KEYS[1], 'browser') or '') ~= ARGV[2] then return {'not_found'} end
if tonumber(exp) <= tonumber(ARGV[1]) then return {'expired'} end
local user = redis.call('HGET', KEYS[1], 'user')
if not user then return {'not_verified'} end
redis.call('DEL', KEYS[1])
return {'ok', user}`;

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

  async peek(token: string, nowMs: number): Promise<'pending' | 'confirmed' | 'expired' | 'not_found'> {
    return (await this.redis.eval(PEEK, 1, this.key(token), String(nowMs))) as
      | 'pending'
      | 'confirmed'
      | 'expired'
      | 'not_found';
  }

  async confirm(token: string, userJson: string, nowMs: number): Promise<boolean> {
    return (await this.redis.eval(CONFIRM, 1, this.key(token), String(nowMs), userJson)) === 1;
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
    return { state: state as 'not_found' | 'expired' | 'not_verified' };
  }
}

/** One process, no Redis: for `pnpm start` on a fresh machine only (main.ts warns). */
export class MemoryLoginRequestStore implements LoginRequestStore {
  private readonly requests = new Map<string, { expiresAtMs: number; browserHash: string; userJson?: string }>();

  async create(token: string, expiresAtMs: number, browserHash = ''): Promise<void> {
    this.requests.set(token, { expiresAtMs, browserHash });
    // Forget requests past their grace period, so the map cannot grow without bound.
    const now = Date.now();
    for (const [t, r] of this.requests) if (r.expiresAtMs + EXPIRED_GRACE_MS < now) this.requests.delete(t);
  }

  async peek(token: string, nowMs: number): Promise<'pending' | 'confirmed' | 'expired' | 'not_found'> {
    const r = this.requests.get(token);
    if (!r || r.expiresAtMs + EXPIRED_GRACE_MS <= nowMs) return 'not_found';
    if (r.expiresAtMs <= nowMs) return 'expired';
    return r.userJson === undefined ? 'pending' : 'confirmed';
  }

  async confirm(token: string, userJson: string, nowMs: number): Promise<boolean> {
    const r = this.requests.get(token);
    if (!r || r.expiresAtMs <= nowMs || r.userJson !== undefined) return false;
    r.userJson = userJson;
    return true;
  }

  async take(token: string, nowMs: number, browserHash = ''): Promise<CheckResult> {
    if (!safeEqual(this.requests.get(token)?.browserHash ?? '', browserHash)) return { state: 'not_found' };
    const state = await this.peek(token, nowMs);
    if (state === 'pending') return { state: 'not_verified' };
    if (state !== 'confirmed') return { state };
    const userJson = this.requests.get(token)!.userJson!;
    this.requests.delete(token);
    return { state: 'ok', userJson };
  }
}

/**
 * Webhook updates seen lately. Telegram redelivers an update whose delivery it thinks failed (a slow
 * answer, a dropped connection); the second copy must not answer the user twice.
 */
export interface UpdateLog {
  /** True the first time an update id is seen (within a day). */
  firstSeen(updateId: number): Promise<boolean>;
}

const UPDATE_MEMORY_MS = 24 * 60 * 60 * 1000;

export class RedisUpdateLog implements UpdateLog {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async firstSeen(updateId: number): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}update:${updateId}`, '1', 'PX', UPDATE_MEMORY_MS, 'NX')) === 'OK';
  }
}

export class MemoryUpdateLog implements UpdateLog {
  private readonly seen = new Map<number, number>();

  async firstSeen(updateId: number): Promise<boolean> {
    const now = Date.now();
    for (const [id, at] of this.seen) if (at + UPDATE_MEMORY_MS < now) this.seen.delete(id);
    if (this.seen.has(updateId)) return false;
    this.seen.set(updateId, now);
    return true;
  }
}
