import { createHash } from 'node:crypto';
import { createClient, describeCallError, type InternalAuth } from '@gatehouse/grpc-kit';
import type { Metrics } from '@gatehouse/metrics';
import { type avatar, loadProto } from '@gatehouse/proto';
import type { AvatarSaver } from '../login/oauth2-login';

/** Fetching a slow provider picture may take a while; the avatar service has its own fetch timeout. */
const AVATAR_DEADLINE_MS = 15_000;

/** The id the avatar service keeps a user's avatar under: sha1 of the user id and ".image" (go-pkgz). */
export const avatarIdOf = (userId: string): string => `${createHash('sha1').update(userId).digest('hex')}.image`;

/** The avatar service's StoreFromUrl behind the AvatarSaver seam the login engine uses. */
export function grpcAvatarSaver(
  address: string,
  credential?: InternalAuth,
  metrics?: Metrics,
): AvatarSaver & { removeAvatars(userIds: string[]): Promise<void>; close(): void } {
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
    /** A deleted user's avatars: the avatar service keys each by sha1 of the id it was stored for. */
    async removeAvatars(userIds) {
      for (const id of userIds) {
        const avatarId = avatarIdOf(id);
        // An identicon or a never-stored picture: nothing to remove (NOT_FOUND is no failure).
        await client.call.removeAvatar({ avatarId }).catch((err: unknown) => {
          if (describeCallError(err).kind !== 'not_found') throw err;
        });
      }
    },
    close: () => client.close(),
  };
}
