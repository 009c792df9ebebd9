// The composition root's part for issue 49: where settlement reconciliation and dispute evidence reach
// the processor (Braintree, or the development processor's own HTTP port through the same SDK).
import type { Logger } from '@gatehouse/logger';
import type { Pool } from 'pg';
import type { PaymentConfig } from './config';
import type { VelocityHooks } from './loads/velocity';
import {
  BraintreeEvidence,
  type BraintreeSettings,
  BraintreeSettlement,
  type DisputeEvidence,
  type SettlementSource,
} from './processor';
import type { DevProcessor } from './processor/dev';
import { VelocityAdmin } from './velocity/admin';
import { VelocityCache } from './velocity/cache';
import { VelocityStore } from './velocity/store';

/** What tests give in code (PaymentServiceOverrides): a processor of their own brings these or none. */
interface Overrides {
  processor?: unknown;
  settlement?: SettlementSource;
  evidence?: DisputeEvidence;
}

/**
 * Where the settlement reconciliation asks what was settled: Braintree (PROCESSOR_*), or the development
 * processor's own HTTP port through the same SDK; a processor given in code brings its own (or none).
 */
export function settlementSource(
  config: PaymentConfig,
  overrides: Overrides,
  dev: DevProcessor | undefined,
  log: Logger,
): SettlementSource | undefined {
  if (overrides.settlement) return overrides.settlement;
  if (overrides.processor) return undefined;
  const settings = braintreeSettings(config, dev);
  return settings && new BraintreeSettlement(settings, log);
}

/** The processor's dispute API, from the same settings as settlementSource. */
export function evidenceOf(
  config: PaymentConfig,
  overrides: Overrides,
  dev: DevProcessor | undefined,
  log: Logger,
): DisputeEvidence | undefined {
  if (overrides.evidence) return overrides.evidence;
  if (overrides.processor) return undefined;
  const settings = braintreeSettings(config, dev);
  return settings && new BraintreeEvidence(settings, log);
}

/** Braintree's settings, or the development processor's HTTP port with its keys. */
function braintreeSettings(config: PaymentConfig, dev: DevProcessor | undefined): BraintreeSettings | undefined {
  if (config.processor) return config.processor;
  if (!dev || !config.devProcessor) return undefined;
  const { merchantId, publicKey, privateKey, url } = dev;
  return {
    merchantId,
    publicKey,
    privateKey,
    environment: 'sandbox',
    gatewayUrl: url,
    timeoutMs: config.devProcessor.timeoutMs,
  };
}

export const countKinds = (discrepancies: readonly { kind: string }[]) => {
  const kinds: Record<string, number> = {};
  for (const d of discrepancies) kinds[d.kind] = (kinds[d.kind] ?? 0) + 1;
  return kinds;
};

/**
 * The velocity rules (issue 49 §2): held in memory by a cache kept current by NOTIFY (and `pollMs`
 * behind transaction pooling), the file's rules written as the file rules before the first read (so
 * it waits for the migrations as the cache does), the load path's hooks, and the admin's domain.
 */
export function velocityParts(
  config: Pick<PaymentConfig, 'databaseUrl' | 'velocityRules'>,
  pool: Pool,
  log: Logger,
  options: { pollMs?: number; clock?: () => Date; recordFired?: (rule: string, action: string, mode: string) => void },
) {
  const store = new VelocityStore(pool);
  let synced = false;
  const cache = new VelocityCache({
    read: async () => {
      if (!synced) {
        await store.syncFile(config.velocityRules ?? []);
        synced = true;
      }
      return store.list();
    },
    databaseUrl: config.databaseUrl,
    log,
    pollMs: options.pollMs,
  });
  const hooks: VelocityHooks = {
    rules: () => cache.rules(),
    async fired(load, fired) {
      for (const f of fired) {
        options.recordFired?.(f.rule.name, f.rule.action, f.rule.mode);
        log.info(
          { rule: f.rule.name, action: f.rule.action, mode: f.rule.mode, loadId: load.loadId, cardId: load.cardId },
          f.message,
        );
      }
    },
  };
  return { cache, hooks, admin: new VelocityAdmin({ store, clock: options.clock }) };
}
