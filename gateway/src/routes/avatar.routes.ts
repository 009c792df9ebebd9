import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { avatar } from '@gatehouse/proto';
import Router from '@koa/router';
import { HttpError, securityHeaders } from '../middleware/errors';

const AVATAR_ID = /^[a-f0-9]{40}\.image$/i;

/** GET <route>/<40 hex>.image from the avatar service (minimal; the avatar issue adds caching). */
export function avatarRoutes(deps: { avatar: PromiseClient<avatar.AvatarServiceClient>; routePath: string }): Router {
  const router = new Router({ prefix: deps.routePath });
  router.use(securityHeaders());
  router.get('/:id', async (ctx) => {
    if (!AVATAR_ID.test(ctx.params.id ?? '')) throw new HttpError(403, "can't load avatar");
    const found = await deps.avatar.getAvatar({ avatarId: ctx.params.id });
    ctx.set('Content-Disposition', 'inline; filename="avatar"');
    ctx.set('Cache-Control', 'max-age=604800');
    ctx.set('ETag', `"${found.etag}"`);
    ctx.type = found.contentType;
    ctx.body = found.content;
  });
  return router;
}
