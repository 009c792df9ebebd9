import type { Logger } from '@gatehouse/logger';
import type { LimitRule } from '../limits';
import { NotifiedCache } from '../notified-cache';
import { applicableRules, type PolicySnapshot } from './policy';
import type { PolicyStore } from './store';

/** The channel migrations/008_limit_policies.sql notifies on every change of a policy or a tier. */
export const POLICY_CHANNEL = 'payment_limit_policies';

const EMPTY: PolicySnapshot = { policies: [], tiers: new Map() };

/**
 * The limit policies held in the process: read at start and again whenever Postgres notifies a change
 * (every replica listens; ../notified-cache.ts), so a load reads none of them.
 */
export class PolicyCache extends NotifiedCache<PolicySnapshot> {
  constructor(
    private readonly deps: {
      store: PolicyStore;
      databaseUrl: string;
      envRules: readonly LimitRule[];
      log: Logger;
      retryMs?: number;
      /** Re-read every this many ms too, where no notification arrives (PgBouncer, transaction mode). */
      pollMs?: number;
    },
  ) {
    super({
      ...deps,
      channel: POLICY_CHANNEL,
      what: 'limit policies',
      read: () => deps.store.snapshot(),
      initial: EMPTY,
    });
  }

  /** The rules of a load of `ownerId` on `cardId`, from memory. */
  rulesFor(ownerId: string, cardId: number): LimitRule[] {
    return applicableRules(this.current(), this.deps.envRules, ownerId, cardId);
  }
}
