import { openInternalAuth, type RunningGrpcServer } from '@gatehouse/grpc-kit';
import { createLogger, type Logger } from '@gatehouse/logger';
import { Metrics, type MetricsServer, serveMetrics } from '@gatehouse/metrics';
import { Avatars, type PictureSource, type StoreRecorder } from './avatars';
import type { AvatarConfig } from './config';
import { PictureFetcher } from './fetch-picture';
import { startAvatarServer } from './grpc/server';
import { Migrator } from './migrate';
import { type AvatarStore, openStore, type StoreRegistry } from './stores';

export interface AvatarServiceOverrides {
  log?: Logger;
  /** A store built in code (a custom implementation of AvatarStore); AUTH_AVATAR_STORE is then ignored. */
  store?: AvatarStore;
  /** Custom store factories by URL scheme ("s3:"), usable in AUTH_AVATAR_STORE and migrations. */
  customStores?: StoreRegistry;
  /** Where pictures come from; the SSRF-guarded HTTP fetcher unless replaced. */
  source?: PictureSource;
}

export interface RunningAvatarService {
  port: number;
  store: AvatarStore;
  avatars: Avatars;
  grpc: RunningGrpcServer;
  stop(): Promise<void>;
}

/**
 * The composition root of the avatar service, in-process (port 0 works): config → store and picture
 * fetcher → domain → gRPC server. A store it opened is closed again if the server fails to start.
 */
export async function startAvatarService(
  config: AvatarConfig,
  overrides: AvatarServiceOverrides = {},
): Promise<RunningAvatarService> {
  const log = overrides.log ?? createLogger({ name: 'avatar', level: config.logLevel });
  const customStores = overrides.customStores ?? {};
  const store =
    overrides.store ??
    (await openStore(config.store, customStores, {
      max: config.database?.poolMax,
      transactionPooling: config.database?.transactionPooling,
    }));
  const fetcher = new PictureFetcher({
    timeoutMs: config.fetchTimeoutMs,
    attempts: config.fetchAttempts,
    retryDelayMs: config.fetchRetryDelayMs,
    budgetMs: config.fetchBudgetMs,
    allowPrivateHosts: config.allowPrivateHosts,
  });
  const source = overrides.source ?? fetcher;
  // Metrics cost nothing when off: no registry, no recorder.
  const metrics = config.metricsPort ? new Metrics('avatar') : undefined;
  const avatars = new Avatars({
    store,
    source,
    resizeLimit: config.resizeLimit,
    log,
    recorder: metrics && storeRecorder(metrics),
  });
  const migrator = new Migrator({ store, customStores, log });
  let grpc: RunningGrpcServer;
  let metricsServer: MetricsServer | undefined;
  try {
    if (metrics)
      metricsServer = await serveMetrics(metrics, { host: config.metricsHost, port: config.metricsPort ?? 0 });
    const internalAuth = await openInternalAuth(config.internalKeysDir, 'avatar', [], log);
    grpc = await startAvatarServer({
      avatars,
      migrator,
      log,
      internalAuth,
      host: config.host,
      port: config.port,
      checkDependencies: () => store.ping(),
      metrics,
    });
  } catch (err) {
    await Promise.all([fetcher.close(), overrides.store ? undefined : store.close(), metricsServer?.stop()]);
    throw err;
  }
  log.info({ store: store.description, resizeLimit: config.resizeLimit }, 'avatar store ready');
  return {
    port: grpc.port,
    store,
    avatars,
    grpc,
    async stop() {
      await Promise.all([grpc.shutdown(), metricsServer?.stop()]);
      await fetcher.close();
      if (!overrides.store) await store.close();
    },
  };
}

/** Stores by outcome: a picture, the identicon for no picture, or a refused picture and why. */
function storeRecorder(metrics: Metrics): StoreRecorder {
  const stores = metrics.counter('gatehouse_avatar_stores_total', 'Avatars stored, by outcome', ['outcome', 'reason']);
  return { stored: (outcome, reason) => stores.inc({ outcome, reason: reason ?? '' }) };
}
