import { replicated } from '@gatehouse/redis';
import type { Redis } from 'ioredis';

/** A session ended by logout, as the gateways need to hear of it. */
export interface EndedSession {
  jti: string;
  /** When (ms) the last token of the session expires: until then a copy could still be presented. */
  untilMs: number;
}

export type EndedListener = (ended: EndedSession) => void;

export interface EndedWatch {
  /** Sessions ended whose tokens may still be unexpired, at the moment the watch began. */
  recent: EndedSession[];
  stop(): void;
}

/**
 * Sessions ended by logout: refused for refresh until they would have ended anyway, and announced to
 * everybody watching (the gateways, through the auth service's stream), whichever instance ended them.
 */
export interface Revocations {
  /** `refuseMs`: how long refresh stays refused; `tokensUntilMs`: when the session's last token expires. */
  revoke(jti: string, refuseMs: number, tokensUntilMs: number): Promise<void>;
  isRevoked(jti: string): Promise<boolean>;
  /** Listens for sessions ended from now on; `recent` covers the ones before. Duplicates are possible. */
  watch(listener: EndedListener): Promise<EndedWatch>;
  /** How many ended sessions still have tokens that could be presented (the list every gateway holds). */
  held(): Promise<number>;
  close(): void;
}

/** An announcement from the channel; anything else on it is ignored. */
function parseEnded(message: string): EndedSession | undefined {
  try {
    const { jti, untilMs } = JSON.parse(message) as Partial<EndedSession>;
    return typeof jti === 'string' && jti !== '' && Number.isFinite(untilMs)
      ? { jti, untilMs: untilMs as number }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Redis: `revoked:<jti>` keys refuse refresh; a sorted set of recent ends (score: until) serves the
 * list a new watcher starts with; a pub/sub channel carries each end to every auth instance, which
 * fans it out to its own watchers over one subscriber connection.
 */
export class RedisRevocations implements Revocations {
  private readonly listeners = new Set<EndedListener>();
  private subscriber: Redis | undefined;
  private subscribing: Promise<void> | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {}

  private get channel(): string {
    return `${this.prefix}ended-sessions`;
  }

  private get recentKey(): string {
    return `${this.prefix}ended-recent`;
  }

  async revoke(jti: string, refuseMs: number, tokensUntilMs: number): Promise<void> {
    // The refusal mark first, on its own: it is what isRevoked reads, so once this returns the session
    // is over. The recent list and the announcement follow in one transaction of their own, on one key:
    // no command spans two keys in different hash slots, so a Redis Cluster could hold these later.
    await this.redis.set(`${this.prefix}revoked:${jti}`, '1', 'PX', Math.max(1000, Math.ceil(refuseMs)));
    // Under Sentinel, a logout is done once a replica has it: a failover must not undo it.
    await replicated(this.redis);
    const results = await this.redis
      .multi()
      .zadd(this.recentKey, tokensUntilMs, jti)
      .zremrangebyscore(this.recentKey, '-inf', this.now())
      .publish(this.channel, JSON.stringify({ jti, untilMs: tokensUntilMs }))
      .exec();
    const failed = results?.find(([err]) => err)?.[0];
    if (!results || failed) throw failed ?? new Error('redis transaction aborted');
  }

  async isRevoked(jti: string): Promise<boolean> {
    return (await this.redis.exists(`${this.prefix}revoked:${jti}`)) === 1;
  }

  async watch(listener: EndedListener): Promise<EndedWatch> {
    this.listeners.add(listener);
    try {
      // Subscribed before the list is read, so an end between the two is heard at least once.
      await this.subscribe();
      return { recent: await this.recent(), stop: () => this.listeners.delete(listener) };
    } catch (err) {
      this.listeners.delete(listener);
      throw err;
    }
  }

  held(): Promise<number> {
    return this.redis.zcount(this.recentKey, this.now(), '+inf');
  }

  close(): void {
    this.listeners.clear();
    this.subscriber?.disconnect();
    this.subscriber = undefined;
    this.subscribing = undefined;
  }

  private async recent(): Promise<EndedSession[]> {
    const flat = await this.redis.zrangebyscore(this.recentKey, this.now(), '+inf', 'WITHSCORES');
    const list: EndedSession[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) list.push({ jti: flat[i] as string, untilMs: Number(flat[i + 1]) });
    return list;
  }

  private subscribe(): Promise<void> {
    this.subscribing ??= (async () => {
      // Named, so an operator (or a test) can tell it in CLIENT LIST.
      const subscriber = this.redis.duplicate({
        connectionName: `${this.redis.options.connectionName || 'gatehouse-auth'}:ended-sessions`,
      });
      this.subscriber = subscriber;
      subscriber.on('message', (_channel: string, message: string) => {
        const ended = parseEnded(message);
        if (ended) this.announce(ended);
      });
      // The main connection already logs this server's connection errors; this keeps ioredis from
      // printing each of the subscriber's as an unhandled error event.
      subscriber.on('error', () => {});
      // ioredis resubscribes after a reconnect, but what was published meanwhile is gone: replay the
      // recent list to every watcher then (they tolerate repeats), retrying while Redis settles.
      let connectedBefore = false;
      subscriber.on('ready', () => {
        if (connectedBefore) void this.replay(3);
        connectedBefore = true;
      });
      await subscriber.subscribe(this.channel);
    })().catch((err: unknown) => {
      this.close();
      throw err;
    });
    return this.subscribing;
  }

  private async replay(attempts: number): Promise<void> {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        for (const ended of await this.recent()) this.announce(ended);
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  private announce(ended: EndedSession): void {
    for (const listener of this.listeners) listener(ended);
  }
}

/** In process: one auth instance only (development without Redis). */
export class MemoryRevocations implements Revocations {
  private readonly refused = new Map<string, number>();
  private readonly tokensUntil = new Map<string, number>();
  private readonly listeners = new Set<EndedListener>();

  constructor(private readonly now: () => number = Date.now) {}

  async revoke(jti: string, refuseMs: number, tokensUntilMs: number): Promise<void> {
    const now = this.now();
    for (const map of [this.refused, this.tokensUntil])
      if (map.size > 10_000) for (const [k, t] of map) if (t <= now) map.delete(k);
    this.refused.set(jti, now + Math.max(1000, refuseMs));
    this.tokensUntil.set(jti, tokensUntilMs);
    for (const listener of this.listeners) listener({ jti, untilMs: tokensUntilMs });
  }

  async isRevoked(jti: string): Promise<boolean> {
    return (this.refused.get(jti) ?? 0) > this.now();
  }

  async watch(listener: EndedListener): Promise<EndedWatch> {
    this.listeners.add(listener);
    const now = this.now();
    const recent = [...this.tokensUntil].filter(([, until]) => until > now).map(([jti, untilMs]) => ({ jti, untilMs }));
    return { recent, stop: () => this.listeners.delete(listener) };
  }

  async held(): Promise<number> {
    const now = this.now();
    let n = 0;
    for (const until of this.tokensUntil.values()) if (until > now) n++;
    return n;
  }

  close(): void {
    this.listeners.clear();
  }
}
