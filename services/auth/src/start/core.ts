import { type Closers, type InternalAuth, openInternalAuth } from '@gatehouse/grpc-kit';
import { HooksClient, hookSecretReader } from '@gatehouse/hooks-sdk';
import type { Logger } from '@gatehouse/logger';
import { Metrics, watchRedis } from '@gatehouse/metrics';
import { DatabaseSettingError } from '@gatehouse/postgres';
import { configSecretReader, type SecretReader } from '@gatehouse/token';
import type { Pool } from 'pg';
import type { AuthConfig } from '../config';
import { countedLimiter, watchRevocations } from '../grpc/metrics';
import type { RateLimiter } from '../stores/limits';
import { openStores, type Stores } from '../stores/open';
import { createPool, runMigrations } from '../stores/postgres';

/** What every feature of the auth service stands on. */
export interface Core {
  log: Logger;
  internalAuth: InternalAuth | undefined;
  /** Undefined when METRICS_PORT is unset: no registry, no wrapped limiter, no recorder. */
  metrics: Metrics | undefined;
  hooks: HooksClient | undefined;
  /** Whether the application's hooks serve the secrets (read-secret). */
  hookSecrets: boolean;
  secrets: SecretReader;
  /** Auth's Postgres (migrated by migrate()); undefined without DATABASE_URL: no directory, passkeys, TOTP or trail. */
  pool: Pool | undefined;
  /** Redis (or this process's memory), its limiter counted in the metrics. */
  stores: Stores;
  /** The same limiter, not counted: the trail's budget of failed logins refuses no login. */
  trailLimiter: RateLimiter;
}

/** Internal authentication, metrics, the hooks client, the Postgres pool and the Redis stores. */
export async function openCore(config: AuthConfig, closers: Closers, log: Logger): Promise<Core> {
  const internalAuth = await openInternalAuth(config.internalKeysDir, 'auth', ['avatar', 'hooks', 'payment'], log);
  const metrics = config.metricsPort ? new Metrics('auth') : undefined;
  // Hook calls are counted by the gRPC client's interceptor, by hook (method) and outcome (status).
  const hooks =
    config.hooks &&
    closers.open('hooks client', new HooksClient(config.hooks, internalAuth, metrics), (h) => h.close());
  const hookSecrets = hooks?.has('read-secret') ?? false;
  const secrets =
    hooks && hookSecrets
      ? hookSecretReader(hooks)
      : configSecretReader(config.token.secret, config.token.secretsByAudience);
  const pool = config.databaseUrl
    ? closers.open(
        'Postgres pool',
        createPool(config.databaseUrl, (err) => log.warn({ err }, 'idle Postgres connection lost'), {
          max: config.database?.poolMax,
          transactionPooling: config.database?.transactionPooling,
        }),
        (p) => p.end(),
      )
    : undefined;
  const stores = openStores(config.redis, log);
  if (stores.redis) closers.open('Redis', stores.redis, (r) => r.disconnect());
  closers.open('ended sessions feed', stores.revocations, (r) => r.close());
  const trailLimiter = stores.limiter;
  if (metrics) {
    stores.limiter = countedLimiter(stores.limiter, metrics);
    watchRevocations(metrics, stores.revocations);
    if (stores.redis) watchRedis(metrics, 'auth', stores.redis);
  }
  return { log, internalAuth, metrics, hooks, hookSecrets, secrets, pool, stores, trailLimiter };
}

/** Auth's migrations, run before anything reads or writes Postgres (after the keys load, as a start always did). */
export async function migrate(core: Core): Promise<void> {
  if (!core.pool) {
    core.log.warn('DATABASE_URL is unset: the passkey provider and the user directory are off (both live in Postgres)');
    return;
  }
  // One line naming DATABASE_URL and the reason (a certificate that does not verify...), no stack.
  await runMigrations(core.pool).catch((err: unknown) => {
    throw new DatabaseSettingError(err);
  });
}
