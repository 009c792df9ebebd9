import { Closers, openInternalAuth, type RunningGrpcServer } from '@gatehouse/grpc-kit';
import { createLogger, type Logger } from '@gatehouse/logger';
import { Metrics, serveMetrics } from '@gatehouse/metrics';
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
 * fetcher → domain → gRPC server. Each part is registered with the process's closers as it opens, so a
 * start that fails halfway and stop() close what is open, the last opened first (the server, then what
 * its handlers use); a store given in code is the caller's to close.
 */
export async function startAvatarService(
  config: AvatarConfig,
  overrides: AvatarServiceOverrides = {},
): Promise<RunningAvatarService> {
  const log = overrides.log ?? createLogger({ name: 'avatar', level: config.logLevel });
  const closers = new Closers(log);
  return closers.starting(async () => {
    const customStores = overrides.customStores ?? {};
    const store =
      overrides.store ??
      closers.open(
        'avatar store',
        await openStore(config.store, customStores, {
          max: config.database?.poolMax,
          transactionPooling: config.database?.transactionPooling,
        }),
        (s) => s.close(),
      );
    const fetcher = closers.open(
      'picture fetcher',
      new PictureFetcher({
        timeoutMs: config.fetchTimeoutMs,
        attempts: config.fetchAttempts,
        retryDelayMs: config.fetchRetryDelayMs,
        budgetMs: config.fetchBudgetMs,
        allowPrivateHosts: config.allowPrivateHosts,
      }),
      (f) => f.close(),
    );
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
    if (metrics)
      closers.open(
        'metrics server',
        await serveMetrics(metrics, { host: config.metricsHost, port: config.metricsPort ?? 0 }),
        (m) => m?.stop(),
      );
    const internalAuth = closers.open(
      'internal auth',
      await openInternalAuth(config.internalKeysDir, 'avatar', [], log),
      (a) => a?.close(),
    );
    const grpc = closers.open(
      'gRPC server',
      await startAvatarServer({
        avatars,
        migrator,
        log,
        internalAuth,
        host: config.host,
        port: config.port,
        checkDependencies: () => store.ping(),
        metrics,
      }),
      (g) => g.shutdown(),
    );
    log.info({ store: store.description, resizeLimit: config.resizeLimit }, 'avatar store ready');
    return { port: grpc.port, store, avatars, grpc, stop: () => closers.closeAll() };
  });
}

/** Stores by outcome: a picture, the identicon for no picture, or a refused picture and why. */
function storeRecorder(metrics: Metrics): StoreRecorder {
  const stores = metrics.counter('gatehouse_avatar_stores_total', 'Avatars stored, by outcome', ['outcome', 'reason']);
  return { stored: (outcome, reason) => stores.inc({ outcome, reason: reason ?? '' }) };
}
