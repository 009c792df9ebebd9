import { type AccessRules, openInternalAuth, type RunningGrpcServer, startGrpcServer } from '@gatehouse/grpc-kit';
import { createLogger, type Logger } from '@gatehouse/logger';
import { loadProto } from '@gatehouse/proto';
import { Avatars, type PictureSource } from './avatars';
import type { AvatarConfig } from './config';
import { PictureFetcher } from './fetch-picture';
import { avatarHandlers } from './handlers';
import { Migrator } from './migrate';
import { type AvatarStore, openStore, type StoreRegistry } from './stores';

/**
 * Who may call what: pictures are stored by the services that log users in, served to the gateway; the
 * store-wide operations are for operators (grpcurl with the operator credential).
 */
export const AVATAR_ACCESS: AccessRules = {
  StoreFromUrl: ['auth'],
  StoreContent: ['auth', 'telegram-bot'],
  GetAvatar: ['gateway'],
  RemoveAvatar: ['operator'],
  ListAvatars: ['operator'],
  MigrateAvatars: ['operator'],
};

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

/** Starts the avatar service in-process: store, fetcher, domain, gRPC server (port 0 works). */
export async function startAvatarService(
  config: AvatarConfig,
  overrides: AvatarServiceOverrides = {},
): Promise<RunningAvatarService> {
  const log = overrides.log ?? createLogger({ name: 'avatar' });
  const customStores = overrides.customStores ?? {};
  const store = overrides.store ?? (await openStore(config.store, customStores));
  const fetcher = new PictureFetcher({
    timeoutMs: config.fetchTimeoutMs,
    attempts: config.fetchAttempts,
    retryDelayMs: config.fetchRetryDelayMs,
    budgetMs: config.fetchBudgetMs,
    allowPrivateHosts: config.allowPrivateHosts,
  });
  const source = overrides.source ?? fetcher;
  const avatars = new Avatars({ store, source, resizeLimit: config.resizeLimit, log });
  const migrator = new Migrator({ store, customStores, log });
  const { definition, grpcObject } = loadProto('avatar');
  let grpc: RunningGrpcServer;
  try {
    const internalAuth = await openInternalAuth(config.internalKeysDir, 'avatar');
    grpc = await startGrpcServer({
      name: 'avatar',
      access: internalAuth && { auth: internalAuth, audience: 'avatar', rules: AVATAR_ACCESS },
      host: config.host,
      port: config.port,
      services: [
        {
          definition: grpcObject.avatar.v1.AvatarService.service,
          implementation: avatarHandlers({ avatars, migrator, log }),
        },
      ],
      definitions: [definition],
      log,
      checkDependencies: () => store.ping(),
    });
  } catch (err) {
    await Promise.all([fetcher.close(), overrides.store ? undefined : store.close()]);
    throw err;
  }
  log.info({ store: store.description, resizeLimit: config.resizeLimit }, 'avatar store ready');
  return {
    port: grpc.port,
    store,
    avatars,
    grpc,
    async stop() {
      await grpc.shutdown();
      await fetcher.close();
      if (!overrides.store) await store.close();
    },
  };
}
