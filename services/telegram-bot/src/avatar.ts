import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { avatar } from '@gatehouse/proto';
import type { AvatarSaver } from './bot';

/** Stores profile photos through avatar.v1.AvatarService/StoreContent; the avatar service validates them. */
export function grpcAvatarSaver(client: PromiseClient<avatar.AvatarServiceClient>, deadlineMs = 5000): AvatarSaver {
  return {
    async saveContent(userId, content) {
      const res = await client.storeContent({ userId, content }, { deadlineMs });
      return res.avatarId;
    },
  };
}
