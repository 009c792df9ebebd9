import { describeCallError, type PromiseClient } from '@gatehouse/grpc-kit';
import type { avatar } from '@gatehouse/proto';
import Router from '@koa/router';
import { LRUCache } from 'lru-cache';
import { HttpError, securityHeaders } from '../middleware/errors';

const AVATAR_ID = /^[a-f0-9]{40}\.image$/i;
const SEVEN_DAYS_S = 7 * 24 * 3600;

/** What go-pkgz serves (no SVG: it can carry script); anything else is answered 415. */
const SERVABLE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/*',
]);

interface CachedAvatar {
  body: Buffer;
  contentType: string;
  /** Quoted, ready for the header. */
  etag: string;
  /** The bare fingerprint, compared with If-None-Match entries. */
  fingerprint: string;
}

export interface AvatarRoutesDeps {
  avatar: PromiseClient<avatar.AvatarServiceClient>;
  /** AUTH_AVATAR_ROUTE_PATH, e.g. "/avatar". */
  routePath: string;
  /**
   * In-gateway cache of avatars, so a hot avatar costs no gRPC call or store read. An avatar stored
   * again (at the next login) shows after at most `ttlMs`; browsers revalidate with the ETag anyway.
   */
  cache?: { maxBytes?: number; ttlMs?: number };
}

/**
 * GET <routePath>/<40 hex>.image, the go-pkgz avatar handler: ETag and 7-day caching, If-None-Match
 * gives 304, a malformed id 403, a missing avatar 404, stored bytes that are not an image 415, and the
 * CSP, nosniff and Content-Disposition headers on every answer.
 */
export function avatarRoutes(deps: AvatarRoutesDeps): Router {
  const cache = new LRUCache<string, CachedAvatar>({
    maxSize: deps.cache?.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (v) => v.body.length + 256,
    ttl: deps.cache?.ttlMs ?? 60_000,
    // Concurrent misses of one avatar share one gRPC call.
    fetchMethod: async (avatarId) => {
      const found = await deps.avatar.getAvatar({ avatarId });
      return {
        body: Buffer.from(found.content),
        contentType: found.contentType,
        etag: `"${found.etag}"`,
        fingerprint: found.etag,
      };
    },
  });

  const router = new Router({ prefix: deps.routePath });
  router.use(securityHeaders());
  router.use(async (ctx, next) => {
    ctx.set('Content-Disposition', 'inline; filename="avatar"');
    await next();
  });
  router.get('/:id', async (ctx) => {
    const id = ctx.params.id ?? '';
    if (!AVATAR_ID.test(id)) throw new HttpError(403, "can't load avatar");
    const key = id.toLowerCase();
    const found = cache.get(key) ?? (await load(cache, key));
    if (!SERVABLE.has(found.contentType)) throw new HttpError(415, 'invalid avatar content');
    ctx.set('ETag', found.etag);
    ctx.set('Cache-Control', `max-age=${SEVEN_DAYS_S}`);
    if (matchesIfNoneMatch(ctx.get('If-None-Match'), found.fingerprint)) {
      ctx.status = 304;
      return;
    }
    ctx.type = found.contentType;
    ctx.body = found.body;
  });
  router.all('/:id', (ctx) => {
    ctx.set('Allow', 'GET, HEAD');
    throw new HttpError(405, 'method not allowed');
  });
  return router;
}

async function load(cache: LRUCache<string, CachedAvatar>, key: string): Promise<CachedAvatar> {
  try {
    const found = await cache.fetch(key);
    if (!found) throw new HttpError(404, "can't load avatar");
    return found;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const failure = describeCallError(err);
    if (failure.httpStatus === 404) throw new HttpError(404, "can't load avatar");
    throw err;
  }
}

/** If-None-Match as a list: `*` matches, `W/` prefixes are ignored (go-pkgz does the same). */
export function matchesIfNoneMatch(header: string, fingerprint: string): boolean {
  if (header === '') return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || tag === `"${fingerprint}"` || tag === fingerprint;
  });
}
