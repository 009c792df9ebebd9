import {
  duration,
  flag,
  logFormat,
  logLevel,
  optionalText,
  parseDuration,
  poolSize,
  port,
  readStructuredFile,
  validateConfig,
  z,
} from '@gatehouse/config';
import { type LimitRule, standardRules } from './limits';
import { parseCents } from './money';
import { readVelocityRulesFile } from './velocity/file';
import { MAX_WINDOW_SECONDS, type VelocityRule } from './velocity/rule';

/** An amount setting, "500.00" (or 500 in a settings file), as cents; blank means unset when optional. */
function amount(what: string, defaultValue?: string) {
  return z
    .union([z.string(), z.number()])
    .optional()
    .transform((raw, ctx) => {
      const text = raw === undefined || String(raw).trim() === '' ? defaultValue : String(raw).trim();
      if (text === undefined) return undefined;
      const cents = parseCents(text);
      if (cents === null || cents === 0) {
        ctx.addIssue({ code: 'custom', message: `${what} "${text}" is not a positive amount such as 500.00` });
        return z.NEVER;
      }
      return cents;
    });
}

/** A duration that may be unset (or `never`): undefined then. */
function optionalDuration(what: string) {
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '' || text.trim() === 'never') return undefined;
      const ms = parseDuration(text.trim());
      if (ms === null || ms <= 0) {
        ctx.addIssue({
          code: 'custom',
          message: `${what} "${text}" is not a duration such as 3s, 15m or 2d, nor never`,
        });
        return z.NEVER;
      }
      return ms;
    });
}

const schema = z
  .object({
    DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (postgres://...)'),
    DATABASE_POOL_MAX: poolSize(10),
    DATABASE_TRANSACTION_POOLING: flag(false),
    GRPC_HOST: z.string().default('127.0.0.1'),
    INTERNAL_KEYS_DIR: optionalText(),
    PAYMENT_GRPC_PORT: port(50054),
    METRICS_PORT: port(9464),
    /** The metrics listener's address: loopback unless asked, whatever the service's own host is. */
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    LOG_LEVEL: logLevel(),
    LOG_FORMAT: logFormat(),
    PROCESSOR_MERCHANT_ID: optionalText(),
    PROCESSOR_PUBLIC_KEY: optionalText(),
    PROCESSOR_PRIVATE_KEY: optionalText(),
    PROCESSOR_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
    PROCESSOR_GATEWAY_URL: optionalText().pipe(
      z.url({ protocol: /^https?$/, message: 'PROCESSOR_GATEWAY_URL must be an http(s) URL' }).optional(),
    ),
    PROCESSOR_TIMEOUT: duration('10s'),
    /** The development processor (src/processor/dev): a loopback Braintree that moves no money. */
    PAYMENT_DEV_PROCESSOR: flag(false),
    PAYMENT_DEV_PROCESSOR_PORT: port(8086),
    /** The development processor settles a sale this long after it (settling from half of it); unset: never. */
    PAYMENT_DEV_SETTLE_AFTER: optionalDuration('PAYMENT_DEV_SETTLE_AFTER'),
    /** Where the development processor posts the notifications POST /dev/notifications makes (the gateway's route). */
    PAYMENT_DEV_WEBHOOK_URL: z
      .string()
      .default('http://127.0.0.1:8080/payment/webhooks/braintree')
      .pipe(z.url({ protocol: /^https?$/, message: 'PAYMENT_DEV_WEBHOOK_URL must be an http(s) URL' })),
    /** A refund frees the load's share of the compliance limits, as a void does (off: see docs/payments.md). */
    PAYMENT_REFUNDS_FREE_LIMITS: flag(false),
    /** Loads whose outcome is open for this long are looked up at the processor... */
    PAYMENT_RECONCILE_AFTER: duration('10m'),
    /** ...this often. */
    PAYMENT_RECONCILE_INTERVAL: duration('5m'),
    /** How far back each round searches the processor's credits and disputes. */
    PAYMENT_RECONCILE_LOOKBACK: duration('3d'),
    /** The daily settlement reconciliation takes a UTC day this long after it ends (the batches close). */
    PAYMENT_SETTLEMENT_RECONCILE_DELAY: duration('6h'),
    /** How long a load keeps the client address it came from (velocity rules per address read it). */
    PAYMENT_CLIENT_ADDRESS_RETENTION: duration('90d'),
    /** Cards one owner may hold: creating one more is refused (409). */
    PAYMENT_MAX_CARDS_PER_OWNER: z.coerce.number().int().min(1).max(100_000).default(100),
    PAYMENT_LIMIT_1_DAY: amount('PAYMENT_LIMIT_1_DAY', '500.00'),
    PAYMENT_LIMIT_30_DAYS: amount('PAYMENT_LIMIT_30_DAYS'),
    PAYMENT_LIMIT_365_DAYS: amount('PAYMENT_LIMIT_365_DAYS'),
    PAYMENT_LIMIT_BALANCE: amount('PAYMENT_LIMIT_BALANCE'),
    // Velocity rules in a file (JSON or YAML), written as the file rules at start (docs/payments.md).
    PAYMENT_VELOCITY_RULES_FILE: z.string().optional(), // empty (compose's default): none
  })
  .refine(
    (c) => {
      const keys = [c.PROCESSOR_MERCHANT_ID, c.PROCESSOR_PUBLIC_KEY, c.PROCESSOR_PRIVATE_KEY];
      return keys.every(Boolean) || !keys.some(Boolean);
    },
    {
      path: ['PROCESSOR_MERCHANT_ID'],
      message: 'set all of PROCESSOR_MERCHANT_ID, PROCESSOR_PUBLIC_KEY and PROCESSOR_PRIVATE_KEY, or none',
      // Checked even when other settings are wrong, so that one error lists every problem.
      when: () => true,
    },
  )
  .refine(
    (c) =>
      !c.PAYMENT_DEV_PROCESSOR ||
      ![c.PROCESSOR_MERCHANT_ID, c.PROCESSOR_PUBLIC_KEY, c.PROCESSOR_PRIVATE_KEY, c.PROCESSOR_GATEWAY_URL].some(
        Boolean,
      ),
    {
      path: ['PAYMENT_DEV_PROCESSOR'],
      message:
        'PAYMENT_DEV_PROCESSOR=true cannot be combined with PROCESSOR_MERCHANT_ID, PROCESSOR_PUBLIC_KEY, PROCESSOR_PRIVATE_KEY or PROCESSOR_GATEWAY_URL: the development processor moves no money; turn it off to use a real processor',
      when: () => true,
    },
  )
  .refine((c) => !(c.DATABASE_POOL_MAX < 2), {
    path: ['DATABASE_POOL_MAX'],
    message: 'must be at least 2 for payment: a reconciliation round holds one connection for its lock',
  })
  .refine((c) => !(c.PROCESSOR_TIMEOUT > 25_000), {
    path: ['PROCESSOR_TIMEOUT'],
    message: 'PROCESSOR_TIMEOUT must be at most 25s: the gateway waits 30s for a load',
  })
  .refine((c) => !(c.PAYMENT_CLIENT_ADDRESS_RETENTION < MAX_WINDOW_SECONDS * 1000), {
    path: ['PAYMENT_CLIENT_ADDRESS_RETENTION'],
    message:
      'PAYMENT_CLIENT_ADDRESS_RETENTION must be at least 30d: the velocity rules per address count up to 30 days back',
  })
  .refine((c) => !(c.PAYMENT_RECONCILE_AFTER < c.PROCESSOR_TIMEOUT + 60_000), {
    path: ['PAYMENT_RECONCILE_AFTER'],
    message:
      'PAYMENT_RECONCILE_AFTER must exceed PROCESSOR_TIMEOUT by at least a minute, so no load in flight is reconciled',
  });

/**
 * The variables this process reads, every one (PAYMENT_SETTINGS names the file read on top): `pnpm start`
 * gives it these (and the secrets it is listed for), no others (packages/config/src/declared-settings.ts,
 * checked equal by test/documented-variables.test.ts).
 */
export const declaredSettings: readonly string[] = [...Object.keys(schema.shape), 'PAYMENT_SETTINGS'];

export interface PaymentConfig {
  databaseUrl: string;
  /** DATABASE_POOL_MAX (10 when unset in a config built in code). */
  databasePoolMax?: number;
  /** DATABASE_TRANSACTION_POOLING: a transaction-mode pooler (PgBouncer) is in front of Postgres. */
  databaseTransactionPooling?: boolean;
  grpcHost: string;
  /** Internal authentication keys (INTERNAL_KEYS_DIR); unset: loopback-only, unauthenticated. */
  internalKeysDir: string | undefined;
  grpcPort: number;
  /** Prometheus `GET /metrics` port on the gRPC host; 0 (or unset in a config built in code): off. */
  metricsPort?: number;
  metricsHost: string;
  logLevel: string;
  logFormat: 'json' | 'pretty';
  /** Absent when no credentials are configured: the service runs, loads are refused. */
  processor?: {
    merchantId: string;
    publicKey: string;
    privateKey: string;
    environment: 'sandbox' | 'production';
    gatewayUrl?: string;
    timeoutMs: number;
  };
  /** PAYMENT_DEV_PROCESSOR: run the development processor on 127.0.0.1:`port` and use it (never with `processor`). */
  devProcessor?: { port: number; timeoutMs: number; settleAfterMs?: number; webhookUrl: string };
  /** PAYMENT_REFUNDS_FREE_LIMITS. */
  refundsFreeLimits?: boolean;
  /** PAYMENT_RECONCILE_LOOKBACK. */
  reconcileLookbackMs?: number;
  rules: LimitRule[];
  /** PAYMENT_MAX_CARDS_PER_OWNER (default 100). */
  maxCardsPerOwner?: number;
  reconcileAfterMs: number;
  reconcileIntervalMs: number;
  /**
   * PAYMENT_VELOCITY_RULES_FILE's rules, read and checked at start; they replace the file rules held in
   * Postgres (unset: none, so rules of a file no longer named go).
   */
  velocityRules?: VelocityRule[];
  /** PAYMENT_SETTLEMENT_RECONCILE_DELAY: how long after a UTC day ends its settlement is reconciled. */
  settlementDelayMs: number;
  /** PAYMENT_CLIENT_ADDRESS_RETENTION: a load's client address is forgotten this long after the load. */
  clientAddressRetentionMs?: number;
}

/**
 * The environment, overridden by the settings file named by PAYMENT_SETTINGS (JSON or YAML, the same
 * keys), so processor credentials can come from a file kept out of the environment.
 */
export function loadPaymentConfig(env: Record<string, string | undefined>): PaymentConfig {
  const fromFile = env.PAYMENT_SETTINGS ? readSettingsFile(env.PAYMENT_SETTINGS) : {};
  const c = validateConfig('payment', schema, { ...env, ...fromFile });
  const processor =
    c.PROCESSOR_MERCHANT_ID && c.PROCESSOR_PUBLIC_KEY && c.PROCESSOR_PRIVATE_KEY
      ? {
          merchantId: c.PROCESSOR_MERCHANT_ID,
          publicKey: c.PROCESSOR_PUBLIC_KEY,
          privateKey: c.PROCESSOR_PRIVATE_KEY,
          environment: c.PROCESSOR_ENVIRONMENT,
          gatewayUrl: c.PROCESSOR_GATEWAY_URL,
          timeoutMs: c.PROCESSOR_TIMEOUT,
        }
      : undefined;
  return {
    databaseUrl: c.DATABASE_URL,
    databasePoolMax: c.DATABASE_POOL_MAX,
    databaseTransactionPooling: c.DATABASE_TRANSACTION_POOLING,
    grpcHost: c.GRPC_HOST,
    internalKeysDir: c.INTERNAL_KEYS_DIR,
    grpcPort: c.PAYMENT_GRPC_PORT,
    metricsPort: c.METRICS_PORT,
    metricsHost: c.METRICS_HOST,
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT,
    processor,
    devProcessor: c.PAYMENT_DEV_PROCESSOR
      ? {
          port: c.PAYMENT_DEV_PROCESSOR_PORT,
          timeoutMs: c.PROCESSOR_TIMEOUT,
          settleAfterMs: c.PAYMENT_DEV_SETTLE_AFTER,
          webhookUrl: c.PAYMENT_DEV_WEBHOOK_URL,
        }
      : undefined,
    refundsFreeLimits: c.PAYMENT_REFUNDS_FREE_LIMITS,
    reconcileLookbackMs: c.PAYMENT_RECONCILE_LOOKBACK,
    maxCardsPerOwner: c.PAYMENT_MAX_CARDS_PER_OWNER,
    reconcileAfterMs: c.PAYMENT_RECONCILE_AFTER,
    reconcileIntervalMs: c.PAYMENT_RECONCILE_INTERVAL,
    settlementDelayMs: c.PAYMENT_SETTLEMENT_RECONCILE_DELAY,
    clientAddressRetentionMs: c.PAYMENT_CLIENT_ADDRESS_RETENTION,
    rules: standardRules({
      oneDayCents: c.PAYMENT_LIMIT_1_DAY!, // has a default
      thirtyDaysCents: c.PAYMENT_LIMIT_30_DAYS,
      yearCents: c.PAYMENT_LIMIT_365_DAYS,
      balanceCents: c.PAYMENT_LIMIT_BALANCE,
    }),
    velocityRules: c.PAYMENT_VELOCITY_RULES_FILE ? readVelocityRulesFile(c.PAYMENT_VELOCITY_RULES_FILE) : [],
  };
}

function readSettingsFile(filePath: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = readStructuredFile(filePath);
  } catch (err) {
    throw new Error(`PAYMENT_SETTINGS: cannot read ${filePath}: ${(err as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`PAYMENT_SETTINGS: ${filePath} must hold an object of settings`);
  }
  return parsed as Record<string, unknown>;
}
