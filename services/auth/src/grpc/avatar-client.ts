import { createClient, type InternalAuth } from '@gatehouse/grpc-kit';
import type { Metrics } from '@gatehouse/metrics';
import { type avatar, loadProto } from '@gatehouse/proto';
import type { AvatarSaver } from '../login/oauth2-login';

/** Fetching a slow provider picture may take a while; the avatar service has its own fetch timeout. */
const AVATAR_DEADLINE_MS = 15_000;

/** The avatar service's StoreFromUrl behind the AvatarSaver seam the login engine uses. */
export function grpcAvatarSaver(
  address: string,
  credential?: InternalAuth,
  metrics?: Metrics,
): AvatarSaver & { close(): void } {
  const { grpcObject } = loadProto('avatar');
  const client = createClient<avatar.AvatarServiceClient>(grpcObject.avatar.v1.AvatarService, address, {
    deadlineMs: AVATAR_DEADLINE_MS,
    credential: credential && { auth: credential, audience: 'avatar' },
    metrics,
  });
  return {
    async saveFromUrl(userId, pictureUrl, bearerToken) {
      const res = await client.call.storeFromUrl({ userId, url: pictureUrl ?? '', bearerToken: bearerToken ?? '' });
      return res.avatarId;
    },
    close: () => client.close(),
  };
}
