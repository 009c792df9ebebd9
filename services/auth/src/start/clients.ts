import type { Closers } from '@gatehouse/grpc-kit';
import type { AuthConfig } from '../config';
import { grpcAvatarSaver } from '../grpc/avatar-client';
import { grpcFundsCheck } from '../grpc/payment-client';
import type { AvatarSaver } from '../login/oauth2-login';
import type { Core } from './core';

export interface Clients {
  /** Where logins store users' pictures: the avatar service, or the caller's override (tests). */
  avatars: AvatarSaver;
  /** The avatar service's client; undefined with an override. The admin API removes a user's avatars through it. */
  avatarService: ReturnType<typeof grpcAvatarSaver> | undefined;
  /** Payment, for the admin API: a user's money is checked and their owner closed before an erasure. */
  funds: ReturnType<typeof grpcFundsCheck> | undefined;
}

/** The clients of the other services: avatar, and payment when it is configured (with a database). */
export function openClients(config: AuthConfig, core: Core, closers: Closers, avatars?: AvatarSaver): Clients {
  const { internalAuth, metrics } = core;
  const avatarService = avatars
    ? undefined
    : closers.open('avatar client', grpcAvatarSaver(config.avatarAddress, internalAuth, metrics), (c) => c.close());
  const funds =
    core.pool && config.paymentAddress
      ? closers.open(
          'payment client',
          grpcFundsCheck(config.paymentAddress, {
            credential: internalAuth,
            metrics,
            tokenLifetimeMs: config.token.tokenDurationMs,
          }),
          (c) => c.close(),
        )
      : undefined;
  return { avatars: avatars ?? (avatarService as AvatarSaver), avatarService, funds };
}
