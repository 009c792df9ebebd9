import type { Logger } from '@gatehouse/logger';
import { Client } from 'pg';

/** What a NotifiedCache reads, where changes are announced, and how it is named in the log. */
export interface NotifiedCacheOptions<T> {
  /** The NOTIFY channel a migration's trigger announces every change on. */
  channel: string;
  /** In the log's words: `limit policies`, `velocity rules`. */
  what: string;
  read: () => Promise<T>;
  /** Held until the first read (nothing applies before the tables exist). */
  initial: T;
  databaseUrl: string;
  log: Logger;
  retryMs?: number;
  /**
   * Re-read every this many ms as well: behind PgBouncer in transaction mode
   * (DATABASE_TRANSACTION_POOLING) a LISTEN holds no server connection of its own, so no notification
   * arrives, and a change would wait for a restart. Unset: notifications only.
   */
  pollMs?: number;
}

/**
 * Settings held in the process and kept current by Postgres (the limit policies, the velocity rules): read
 * at start and again whenever the channel announces a change (every replica listens), so a load reads
 * none of them. A lost listening connection is opened again and the settings re-read, since a change
 * may have passed meanwhile.
 */
export class NotifiedCache<T> {
  private held: T;
  /** True once read: the service serves no load before (service.ts, health). */
  loaded = false;
  /** When the settings were last read successfully (the metrics' gauge); undefined before. */
  readAt: Date | undefined;
  private client: Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private poll: NodeJS.Timeout | undefined;
  /** Bumped on each read, so a slow re-read never replaces a newer one. */
  private generation = 0;

  constructor(private readonly options: NotifiedCacheOptions<T>) {
    this.held = options.initial;
  }

  /** What was read last, from memory. */
  current(): T {
    return this.held;
  }

  /** Listens, then reads: a change committed between the two is read, never missed. */
  async start(): Promise<void> {
    const { channel, databaseUrl, pollMs, what } = this.options;
    const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('listening connection ended')));
    client.on('notification', (msg) => {
      if (msg.channel === channel) void this.reload();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      void client.end().catch(() => {});
      this.lost(client, err);
      throw err;
    }
    this.client = client;
    if (pollMs && !this.poll) {
      this.poll = setInterval(() => void this.reload(), pollMs);
      this.poll.unref();
    }
    if (!(await this.reload())) this.lost(client, new Error(`${what} not read`));
  }

  /** Re-reads now (also what a notification does); false when the read failed. */
  async reload(): Promise<boolean> {
    const generation = ++this.generation;
    try {
      const read = await this.options.read();
      if (generation === this.generation) this.held = read;
      this.loaded = true;
      this.readAt = new Date();
      return true;
    } catch (err) {
      this.options.log.error({ err }, `${this.options.what} could not be read; the ones held stay in force`);
      return false;
    }
  }

  /** True while the listening connection is open: a change is heard within moments. */
  listening(): boolean {
    return this.client !== undefined;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    clearInterval(this.poll);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private lost(client: Client, err: unknown): void {
    if (this.stopped || (this.client && this.client !== client) || this.retry) return;
    this.client = undefined;
    void client.end().catch(() => {});
    this.options.log.warn({ err }, `${this.options.what}: change notifications lost; listening again`);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.start().catch(() => {});
    }, this.options.retryMs ?? 1_000);
  }
}
