import { createHash } from 'node:crypto';
import { SESSION_ID } from '@gatehouse/contract';
import type { Redis } from 'ioredis';

/** One session (a login and its refreshes) as its user sees it in their list. */
export interface SessionEntry {
  /** Public and opaque: sessionIdOf(jti). */
  id: string;
  /** Never shown: it is the session's XSRF value, and what revocation and the gateways' feed work by. */
  jti: string;
  provider: string;
  createdMs: number;
  lastSeenMs: number;
  /** The session's absolute end (first login plus AUTH_COOKIE_DURATION): the entry goes then. */
  endMs: number;
  userAgent: string;
  ip: string;
}

/** 22 base64url characters: 132 bits of a SHA-256. */
export { SESSION_ID };

/**
 * The public id of the session a jti belongs to. The jti is the XSRF value, readable by page script
 * from its cookie, so the list cannot show it; a one-way function of it (the jti is 160 random bits,
 * so it cannot be guessed back from the digest) lets the list mark the caller's own session without a
 * lookup and can never pass an XSRF check.
 */
export function sessionIdOf(jti: string): string {
  return createHash('sha256').update(`gatehouse session id\0${jti}`).digest('base64url').slice(0, 22);
}

/**
 * Every user's live sessions, shared by every auth instance. Entries are recorded at login, touched at
 * refresh, removed at logout; expired ones are dropped as they are read.
 */
export interface SessionRegistry {
  /** Records `entry`; answers how many unexpired entries the user has with it (revoked ones included). */
  record(userId: string, entry: SessionEntry): Promise<number>;
  /** Sets last_seen of a recorded session; false when it is not recorded (nothing is written then). */
  touch(userId: string, id: string, atMs: number): Promise<boolean>;
  /** The user's unexpired entries, in no particular order. */
  list(userId: string): Promise<SessionEntry[]>;
  get(userId: string, id: string): Promise<SessionEntry | undefined>;
  remove(userId: string, ids: string[]): Promise<void>;
  /** How many sessions are live now, every user's (the admin overview): never a scan of the users. */
  countLive(): Promise<number>;
}

/** What a hash field holds: the entry but its id (the field name) and last_seen (a field of its own). */
type Stored = Omit<SessionEntry, 'id' | 'lastSeenMs'>;

function parseStored(text: string | null | undefined): Stored | undefined {
  if (!text) return undefined;
  try {
    const s = JSON.parse(text) as Partial<Stored>;
    const ok =
      typeof s.jti === 'string' &&
      typeof s.provider === 'string' &&
      Number.isFinite(s.createdMs) &&
      Number.isFinite(s.endMs) &&
      typeof s.userAgent === 'string' &&
      typeof s.ip === 'string';
    return ok ? (s as Stored) : undefined;
  } catch {
    return undefined;
  }
}

const SEEN = ':seen';

/** HSET of last_seen only while the session's own field is there: a refresh never revives a removed one. */
const TOUCH_SCRIPT = `if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then
  redis.call('HSET', KEYS[1], ARGV[1] .. '${SEEN}', ARGV[2])
  return 1
end
return 0`;

/**
 * Redis: one hash per user (`device-sessions:<user id>`), field `<id>` the entry's JSON and `<id>:seen`
 * its last refresh, so a refresh writes one small field and never rewrites the entry. One key per
 * user keeps every command on one hash slot (Redis Cluster) and lets the key expire with the user's
 * last session.
 */
export class RedisSessionRegistry implements SessionRegistry {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {}

  private key(userId: string): string {
    return `${this.prefix}device-sessions:${userId}`;
  }

  /**
   * Every live session once, scored by its end (`<user id> <session id>`): the admin overview counts
   * it with ZCOUNT. Written beside the user's hash, not in its MULTI: a key of its own may sit on
   * another hash slot. A session ended while this write failed is counted until its end at most.
   */
  private get liveKey(): string {
    return `${this.prefix}device-sessions-live`;
  }

  async record(userId: string, entry: SessionEntry): Promise<number> {
    const key = this.key(userId);
    const { live, expiredFields } = this.split(await this.redis.hgetall(key));
    const { id, lastSeenMs, ...stored } = entry;
    // The key lives as long as the user's longest session; logins are rare, so reading the hash first
    // (also to drop what expired) costs nothing that matters.
    const until = Math.max(entry.endMs, ...live.map((e) => e.endMs));
    const tx = this.redis.multi();
    if (expiredFields.length > 0) tx.hdel(key, ...expiredFields);
    tx.hset(key, id, JSON.stringify(stored), `${id}${SEEN}`, String(lastSeenMs));
    tx.pexpireat(key, until);
    const results = await tx.exec();
    const failed = results?.find(([err]) => err)?.[0];
    if (!results || failed) throw failed ?? new Error('redis transaction aborted');
    // Trimmed of ended sessions as it grows: logins are what add to it.
    await this.redis
      .multi()
      .zadd(this.liveKey, String(entry.endMs), `${userId} ${id}`)
      .zremrangebyscore(this.liveKey, '-inf', String(this.now()))
      .exec();
    return live.filter((e) => e.id !== id).length + 1;
  }

  async touch(userId: string, id: string, atMs: number): Promise<boolean> {
    return (await this.redis.eval(TOUCH_SCRIPT, 1, this.key(userId), id, String(atMs))) === 1;
  }

  async list(userId: string): Promise<SessionEntry[]> {
    const key = this.key(userId);
    const { live, expiredFields } = this.split(await this.redis.hgetall(key));
    if (expiredFields.length > 0) await this.redis.hdel(key, ...expiredFields);
    return live;
  }

  async get(userId: string, id: string): Promise<SessionEntry | undefined> {
    const [text, seen] = await this.redis.hmget(this.key(userId), id, `${id}${SEEN}`);
    const stored = parseStored(text);
    if (!stored || stored.endMs <= this.now()) return undefined;
    return { id, ...stored, lastSeenMs: Number(seen) || stored.createdMs };
  }

  async remove(userId: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.redis.hdel(this.key(userId), ...ids.flatMap((id) => [id, `${id}${SEEN}`]));
    await this.redis.zrem(this.liveKey, ...ids.map((id) => `${userId} ${id}`));
  }

  async countLive(): Promise<number> {
    return this.redis.zcount(this.liveKey, `(${this.now()}`, '+inf');
  }

  /** The hash's live entries, and the fields to drop: expired or unreadable entries, orphaned last_seen. */
  private split(hash: Record<string, string>): { live: SessionEntry[]; expiredFields: string[] } {
    const now = this.now();
    const live: SessionEntry[] = [];
    const expiredFields: string[] = [];
    for (const [field, text] of Object.entries(hash)) {
      if (field.endsWith(SEEN)) {
        if (!Object.hasOwn(hash, field.slice(0, -SEEN.length))) expiredFields.push(field);
        continue;
      }
      const stored = parseStored(text);
      if (!stored || stored.endMs <= now) {
        expiredFields.push(field, `${field}${SEEN}`);
        continue;
      }
      live.push({ id: field, ...stored, lastSeenMs: Number(hash[`${field}${SEEN}`]) || stored.createdMs });
    }
    return { live, expiredFields };
  }
}

/** In process: one auth instance only (development without Redis). */
export class MemorySessionRegistry implements SessionRegistry {
  private readonly users = new Map<string, Map<string, SessionEntry>>();

  constructor(private readonly now: () => number = Date.now) {}

  async record(userId: string, entry: SessionEntry): Promise<number> {
    const sessions = this.users.get(userId) ?? new Map<string, SessionEntry>();
    this.users.set(userId, sessions);
    this.prune(sessions);
    sessions.set(entry.id, { ...entry });
    return sessions.size;
  }

  async touch(userId: string, id: string, atMs: number): Promise<boolean> {
    const entry = this.users.get(userId)?.get(id);
    if (!entry) return false;
    entry.lastSeenMs = atMs;
    return true;
  }

  async list(userId: string): Promise<SessionEntry[]> {
    const sessions = this.users.get(userId);
    if (!sessions) return [];
    this.prune(sessions);
    if (sessions.size === 0) this.users.delete(userId);
    return [...sessions.values()].map((e) => ({ ...e }));
  }

  async get(userId: string, id: string): Promise<SessionEntry | undefined> {
    const entry = this.users.get(userId)?.get(id);
    return entry && entry.endMs > this.now() ? { ...entry } : undefined;
  }

  async remove(userId: string, ids: string[]): Promise<void> {
    const sessions = this.users.get(userId);
    for (const id of ids) sessions?.delete(id);
  }

  async countLive(): Promise<number> {
    let n = 0;
    for (const sessions of this.users.values()) {
      this.prune(sessions);
      n += sessions.size;
    }
    return n;
  }

  private prune(sessions: Map<string, SessionEntry>): void {
    const now = this.now();
    for (const [id, e] of sessions) if (e.endMs <= now) sessions.delete(id);
  }
}
