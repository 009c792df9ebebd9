import type { Logger } from '@gatehouse/logger';
import { NotifiedCache } from '../notified-cache';
import type { VelocityRule } from './rule';

/** The channel migrations/010_velocity_rules.sql notifies on every change of a rule. */
export const VELOCITY_CHANNEL = 'payment_velocity_rules';

/**
 * The velocity rules held in the process, as ../policies/cache.ts holds the limit policies: read at
 * start and again whenever Postgres notifies a change (every replica listens; ../notified-cache.ts), and
 * every `pollMs` too where no notification can arrive (PgBouncer in transaction mode).
 */
export class VelocityCache extends NotifiedCache<readonly VelocityRule[]> {
  constructor(deps: {
    read: () => Promise<VelocityRule[]>;
    databaseUrl: string;
    log: Logger;
    retryMs?: number;
    pollMs?: number;
  }) {
    super({ ...deps, channel: VELOCITY_CHANNEL, what: 'velocity rules', initial: [] });
  }

  /** Every rule, from memory (empty until first read: no rule counts before the tables exist). */
  rules(): readonly VelocityRule[] {
    return this.current();
  }
}
