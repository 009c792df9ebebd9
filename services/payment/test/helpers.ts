// What tests need to point the payment service, or a Payments of their own, at the development processor (the loopback Braintree gateway).
import type { Logger } from '@gatehouse/logger';
import type { Pool } from 'pg';
import { postgresLedger } from '../src/ledger';
import { type LimitRule, standardRules } from '../src/limits';
import type { VelocityHooks } from '../src/loads/velocity';
import { Payments } from '../src/payments';
import { BraintreeProcessor } from '../src/processor';
import type { DevProcessor } from '../src/processor/dev';

export { processorEnv } from '@gatehouse/test-kit/processor';

/** A Payments on a test database and the development processor, through the real braintree SDK. */
export function testPayments(
  pool: Pool,
  fake: DevProcessor,
  log: Logger,
  options: {
    rules?: LimitRule[];
    clock?: () => Date;
    timeoutMs?: number;
    refundsFreeLimits?: boolean;
    policies?: { rulesFor(ownerId: string, cardId: number): readonly LimitRule[] };
    velocity?: VelocityHooks;
  } = {},
): Payments {
  const processor = new BraintreeProcessor(
    {
      merchantId: fake.merchantId,
      publicKey: fake.publicKey,
      privateKey: fake.privateKey,
      environment: 'sandbox',
      gatewayUrl: fake.url,
      timeoutMs: options.timeoutMs ?? 5000,
    },
    log,
  );
  return new Payments({
    ...postgresLedger(pool),
    processor,
    rules: options.rules ?? standardRules({ oneDayCents: 50_000 }),
    log,
    clock: options.clock,
    refundsFreeLimits: options.refundsFreeLimits,
    policies: options.policies,
    velocity: options.velocity,
  });
}
