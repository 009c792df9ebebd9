import { invalidArgument } from '@gatehouse/errors';
import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { avatar } from '@gatehouse/proto';
import type { Avatars } from '../avatars';
import { AvatarErrors } from '../errors';
import type { Migrator } from '../migrate';

/** gRPC ↔ domain translation for avatar.v1.AvatarService; no logic of its own. */
export function avatarHandlers(deps: {
  avatars: Avatars;
  migrator: Migrator;
  log: Logger;
}): avatar.AvatarServiceHandlers {
  const { avatars, migrator, log } = deps;
  return {
    StoreFromUrl: unaryHandler(log, async (req: avatar.StoreFromUrlRequest__Output) => {
      const stored = await avatars.storeFromUrl(req.userId, req.url, req.bearerToken || undefined);
      return { avatarId: stored.avatarId, identicon: stored.identicon };
    }),
    StoreContent: unaryHandler(log, async (req: avatar.StoreContentRequest__Output) => {
      const stored = await avatars.storeContent(req.userId, Buffer.from(req.content));
      return { avatarId: stored.avatarId, identicon: stored.identicon };
    }),
    GetAvatar: unaryHandler(log, async (req: avatar.GetAvatarRequest__Output) => {
      const found = await avatars.get(req.avatarId);
      return { content: found.content, contentType: found.contentType, etag: found.etag };
    }),
    RemoveAvatar: unaryHandler(log, async (req: avatar.RemoveAvatarRequest__Output) => {
      await avatars.remove(req.avatarId);
      return {};
    }),
    ListAvatars: unaryHandler(log, async () => ({ avatarIds: await avatars.list() })),
    MigrateAvatars: unaryHandler(log, async (req: avatar.MigrateAvatarsRequest__Output) => {
      if (req.from === req.to) throw invalidArgument(AvatarErrors.SAME_STORE, 'from and to name the same store');
      const summary = await migrator.migrate(req.from || undefined, req.to || undefined);
      return { listed: summary.listed, copied: summary.copied, failedIds: summary.failedIds };
    }),
  };
}
