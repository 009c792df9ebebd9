import { createClient, type InternalAuth, type PromiseClient } from '@gatehouse/grpc-kit';
import type { Metrics } from '@gatehouse/metrics';
import { type avatar, loadProto } from '@gatehouse/proto';
import type { AvatarSaver } from '../bot';

/** Stores profile photos through avatar.v1.AvatarService/StoreContent; the avatar service validates them. */
export function grpcAvatarSaver(client: PromiseClient<avatar.AvatarServiceClient>, deadlineMs = 5000): AvatarSaver {
  return {
    async saveContent(userId, content) {
      const res = await client.storeContent({ userId, content }, { deadlineMs });
      return res.avatarId;
    },
  };
}

/** A client of the avatar service at `address` (internal credential for audience "avatar" when set), as an AvatarSaver. */
export function connectAvatarSaver(
  address: string,
  internalAuth: InternalAuth | undefined,
  metrics?: Metrics,
): { saver: AvatarSaver; close(): void } {
  const { grpcObject } = loadProto('avatar');
  const client = createClient(grpcObject.avatar.v1.AvatarService, address, {
    deadlineMs: 5000,
    credential: internalAuth && { auth: internalAuth, audience: 'avatar' },
    metrics,
  });
  return { saver: grpcAvatarSaver(client.call), close: () => client.close() };
}
