import { type AccessRules, type InternalAuth, type RunningGrpcServer, startGrpcServer } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { Metrics } from '@gatehouse/metrics';
import { loadProto } from '@gatehouse/proto';
import type { Avatars } from '../avatars';
import type { Migrator } from '../migrate';
import { avatarHandlers } from './handlers';

/**
 * Who may call what: pictures are stored by the services that log users in, served to the gateway; the
 * store-wide operations are for operators (grpcurl with the operator credential).
 */
export const AVATAR_ACCESS: AccessRules = {
  'avatar.v1.AvatarService': {
    StoreFromUrl: ['auth'],
    StoreContent: ['auth', 'telegram-bot'],
    GetAvatar: ['gateway'],
    // The auth service removes a deleted user's avatars (its AdminService.DeleteUser).
    RemoveAvatar: ['operator', 'auth'],
    ListAvatars: ['operator'],
    MigrateAvatars: ['operator'],
  },
};

export interface AvatarServerDeps {
  avatars: Avatars;
  migrator: Migrator;
  log: Logger;
  host: string;
  port: number;
  /** Health stays NOT_SERVING until this answers true (the store answers). */
  checkDependencies: () => Promise<boolean>;
  /** Internal authentication: callers are checked against AVATAR_ACCESS. */
  internalAuth?: InternalAuth;
  metrics?: Metrics;
}

/** avatar.v1.AvatarService, with health and reflection. */
export function startAvatarServer(deps: AvatarServerDeps): Promise<RunningGrpcServer> {
  const { definition, grpcObject } = loadProto('avatar');
  return startGrpcServer({
    name: 'avatar',
    access: deps.internalAuth && { auth: deps.internalAuth, audience: 'avatar', rules: AVATAR_ACCESS },
    host: deps.host,
    port: deps.port,
    services: [
      {
        definition: grpcObject.avatar.v1.AvatarService.service,
        implementation: avatarHandlers({ avatars: deps.avatars, migrator: deps.migrator, log: deps.log }),
      },
    ],
    definitions: [definition],
    log: deps.log,
    checkDependencies: deps.checkDependencies,
    metrics: deps.metrics,
  });
}
