import {
  duration,
  flag,
  list,
  logFormat,
  logLevel,
  optionalText,
  poolSize,
  port,
  validateConfig,
  z,
} from '@gatehouse/config';

const schema = z.object({
  GRPC_HOST: z.string().min(1).default('127.0.0.1'),
  INTERNAL_KEYS_DIR: optionalText(),
  AVATAR_GRPC_PORT: port(50052),
  METRICS_PORT: port(9462),
  /** The metrics listener's address: loopback unless asked, whatever the service's own host is. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: logLevel(),
  LOG_FORMAT: logFormat(),
  AUTH_AVATAR_STORE: z
    .string()
    .default('.data/avatars')
    .refine((s) => s.trim() !== '', 'must name a store, e.g. .data/avatars or lmdb://.data/avatars.lmdb')
    .refine(
      (s) => !s.startsWith('bolt://'),
      'bolt:// stores are BoltDB files, which only Go can read: use lmdb://<path> for an embedded key-value file ' +
        '(an existing BoltDB store must be exported by a Go program first)',
    ),
  /** A postgres:// store's pool, and a transaction-mode pooler in front of it. */
  DATABASE_POOL_MAX: poolSize(4),
  DATABASE_TRANSACTION_POOLING: flag(false),
  AUTH_AVATAR_RESIZE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(0),
  /** Hosts (`host` or `host:port`) whose pictures may come from private or loopback addresses. */
  AVATAR_ALLOW_PRIVATE_HOSTS: list(),
  /** Budget of one fetch attempt of a picture. */
  AVATAR_FETCH_TIMEOUT: duration('5s'),
  AVATAR_FETCH_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  AVATAR_FETCH_RETRY_DELAY: duration('500ms'),
  /** Budget of the whole fetch, every attempt and redirect included: keeps a login from hanging. */
  AVATAR_FETCH_BUDGET: duration('8s'),
});

/**
 * The variables this process reads, every one: `pnpm start` gives it these (and the secrets it is listed
 * for), no others (packages/config/src/declared-settings.ts, checked equal by test/documented-variables.test.ts).
 */
export const declaredSettings: readonly string[] = Object.keys(schema.shape);

export interface AvatarConfig {
  host: string;
  /** Internal authentication keys (INTERNAL_KEYS_DIR); unset: loopback-only, unauthenticated. */
  internalKeysDir?: string;
  port: number;
  /** Prometheus `GET /metrics` port on the gRPC host; 0 (or unset in a config built in code): off. */
  metricsPort?: number;
  metricsHost: string;
  /** Pino level (LOG_LEVEL); unset in a config built in code: info. */
  logLevel?: string;
  logFormat?: 'json' | 'pretty';
  store: string;
  /** DATABASE_POOL_MAX and DATABASE_TRANSACTION_POOLING, for a postgres:// store. */
  database?: { poolMax: number; transactionPooling: boolean };
  resizeLimit: number;
  allowPrivateHosts: string[];
  fetchTimeoutMs: number;
  fetchAttempts: number;
  fetchRetryDelayMs: number;
  fetchBudgetMs: number;
}

/** Reads and validates the avatar service's settings; throws one error listing every problem. */
export function loadAvatarConfig(env: Record<string, string | undefined>): AvatarConfig {
  const c = validateConfig('avatar', schema, env);
  return {
    host: c.GRPC_HOST,
    internalKeysDir: c.INTERNAL_KEYS_DIR,
    port: c.AVATAR_GRPC_PORT,
    metricsPort: c.METRICS_PORT,
    metricsHost: c.METRICS_HOST,
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT,
    store: c.AUTH_AVATAR_STORE,
    database: { poolMax: c.DATABASE_POOL_MAX, transactionPooling: c.DATABASE_TRANSACTION_POOLING },
    resizeLimit: c.AUTH_AVATAR_RESIZE_LIMIT,
    allowPrivateHosts: c.AVATAR_ALLOW_PRIVATE_HOSTS,
    fetchTimeoutMs: c.AVATAR_FETCH_TIMEOUT,
    fetchAttempts: c.AVATAR_FETCH_ATTEMPTS,
    fetchRetryDelayMs: c.AVATAR_FETCH_RETRY_DELAY,
    fetchBudgetMs: c.AVATAR_FETCH_BUDGET,
  };
}
