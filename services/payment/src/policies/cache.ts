import type { Logger } from '@gatehouse/logger';
import { Client } from 'pg';
import type { LimitRule } from '../limits';
import { applicableRules, type PolicySnapshot } from './policy';
import type { PolicyStore } from './store';

/** The channel migrations/008_limit_policies.sql notifies on every change of a policy or a tier. */
export const POLICY_CHANNEL = 'payment_limit_policies';

const EMPTY: PolicySnapshot = { policies: [], tiers: new Map() };

/**
 * The limit policies held in the process: read at start and again whenever Postgres notifies a change
 * (every replica listens), so a load reads none of them. A lost listening connection is opened again
 * and the policies re-read, since a change may have passed meanwhile.
 */
export class PolicyCache {
  private snapshot: PolicySnapshot = EMPTY;
  /** True once the policies were read: the service serves no load before (service.ts, health). */
  loaded = false;
  private client: Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  /** Bumped on each notification, so a slow re-read never replaces a newer one. */
  private generation = 0;

  constructor(
    private readonly deps: {
      store: PolicyStore;
      databaseUrl: string;
      envRules: readonly LimitRule[];
      log: Logger;
      retryMs?: number;
      /**
       * Re-read every this many ms as well: behind PgBouncer in transaction mode
       * (DATABASE_TRANSACTION_POOLING) a LISTEN holds no server connection of its own, so no
       * notification arrives, and a change would wait for a restart. Unset: notifications only.
       */
      pollMs?: number;
    },
  ) {}

  private poll: NodeJS.Timeout | undefined;

  /** The rules of a load of `ownerId` on `cardId`, from memory. */
  rulesFor(ownerId: string, cardId: number): LimitRule[] {
    return applicableRules(this.snapshot, this.deps.envRules, ownerId, cardId);
  }

  /** Listens, then reads: a change committed between the two is read, never missed. */
  async start(): Promise<void> {
    const client = new Client({ connectionString: this.deps.databaseUrl, connectionTimeoutMillis: 5_000 });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('listening connection ended')));
    client.on('notification', (msg) => {
      if (msg.channel === POLICY_CHANNEL) void this.reload();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${POLICY_CHANNEL}`);
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
    // Before the migrations have made the tables (a first start), the read fails: it is tried again.
    if (!(await this.reload())) this.lost(client, new Error('limit policies not read'));
  }

  /** Re-reads the policies now (also what a notification does). */
  async reload(): Promise<boolean> {
    const generation = ++this.generation;
    try {
      const snapshot = await this.deps.store.snapshot();
      if (generation === this.generation) this.snapshot = snapshot;
      this.loaded = true;
      return true;
    } catch (err) {
      this.deps.log.error({ err }, 'limit policies could not be read; the ones held stay in force');
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
    this.deps.log.warn({ err }, 'limit policy notifications lost; listening again');
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.start().catch(() => {});
    }, this.deps.retryMs ?? 1_000);
  }
}
