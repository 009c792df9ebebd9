import type { Logger } from '@gatehouse/logger';
import { Client } from 'pg';
import type { VelocityRule } from './rule';

/** The channel migrations/010_velocity_rules.sql notifies on every change of a rule. */
export const VELOCITY_CHANNEL = 'payment_velocity_rules';

/**
 * The velocity rules held in the process, as ../policies/cache.ts holds the limit policies: read at
 * start and again whenever Postgres notifies a change (every replica listens), and every `pollMs` too
 * where no notification can arrive (PgBouncer in transaction mode), so a load reads none of them. A lost
 * listening connection is opened again and the rules re-read, since a change may have passed meanwhile.
 */
export class VelocityCache {
  private held: readonly VelocityRule[] = [];
  /** True once the rules were read: the service serves no load before (service.ts, health). */
  loaded = false;
  private client: Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private poll: NodeJS.Timeout | undefined;
  /** Bumped on each read, so a slow re-read never replaces a newer one. */
  private generation = 0;

  constructor(
    private readonly deps: {
      read: () => Promise<VelocityRule[]>;
      databaseUrl: string;
      log: Logger;
      retryMs?: number;
      pollMs?: number;
    },
  ) {}

  /** Every rule, from memory (empty until first read: no rule counts before the tables exist). */
  rules(): readonly VelocityRule[] {
    return this.held;
  }

  /** Listens, then reads: a change committed between the two is read, never missed. */
  async start(): Promise<void> {
    const client = new Client({ connectionString: this.deps.databaseUrl, connectionTimeoutMillis: 5_000 });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('listening connection ended')));
    client.on('notification', (msg) => {
      if (msg.channel === VELOCITY_CHANNEL) void this.reload();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${VELOCITY_CHANNEL}`);
    } catch (err) {
      void client.end().catch(() => {});
      this.lost(client, err);
      throw err;
    }
    this.client = client;
    if (this.deps.pollMs && !this.poll) {
      this.poll = setInterval(() => void this.reload(), this.deps.pollMs);
      this.poll.unref();
    }
    if (!(await this.reload())) this.lost(client, new Error('velocity rules not read'));
  }

  async reload(): Promise<boolean> {
    const generation = ++this.generation;
    try {
      const rules = await this.deps.read();
      if (generation === this.generation) this.held = rules;
      this.loaded = true;
      return true;
    } catch (err) {
      this.deps.log.error({ err }, 'velocity rules could not be read; the ones held stay in force');
      return false;
    }
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
    this.deps.log.warn({ err }, 'velocity rule notifications lost; listening again');
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.start().catch(() => {});
    }, this.deps.retryMs ?? 1_000);
  }
}
