import type http from 'node:http';
import { SERVABLE_IMAGE_TYPES } from '@gatehouse/contract';
import { describeCallError, type PromiseClient } from '@gatehouse/grpc-kit';
import type { avatar } from '@gatehouse/proto';
import Router from '@koa/router';
import type Koa from 'koa';
import { LRUCache } from 'lru-cache';
import { API_SECURITY_HEADERS, setHeaders } from '../../middleware/security-headers';
import { HttpError, onlyMethods } from '../kit';

const AVATAR_ID = /^[a-f0-9]{40}\.image$/i;
export const AVATAR_CACHE_CONTROL = `max-age=${7 * 24 * 3600}`;

/** go-pkgz's headers on every avatar answer, errors included: nothing served here may run or be sniffed. */
export const AVATAR_DISPOSITION: readonly [string, string] = ['Content-Disposition', 'inline; filename="avatar"'];
const AVATAR_HEADERS: ReadonlyArray<readonly [string, string]> = [...API_SECURITY_HEADERS, AVATAR_DISPOSITION];

export interface CachedAvatar {
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
  /** Told of every cache lookup, hit or miss (metrics: the hit ratio). */
  cacheLookup?: (hit: boolean) => void;
}

/**
 * GET <routePath>/<40 hex>.image, the go-pkgz avatar handler: ETag and 7-day caching, If-None-Match
 * gives 304, a malformed id 403, a missing avatar 404, stored bytes that are not an image 415, and the
 * CSP, nosniff and Content-Disposition headers on every answer.
 */
export function avatarRoutes(deps: AvatarRoutesDeps): Router {
  return avatarHandlers(deps).router;
}

/**
 * The same handler two ways: a Router (mounted like every other area) and a plain Koa middleware for
 * `app.use` ahead of the routers (@koa/router's matching alone costs about a quarter of the
 * throughput of a hot avatar); `cached` gives the avatar lane (lanes/avatar.ts) the cache hits.
 */
export function avatarHandlers(deps: AvatarRoutesDeps): {
  router: Router;
  middleware: Koa.Middleware;
  /** `<routePath>/`, what an avatar's path starts with. */
  prefix: string;
  /** A servable avatar already in the cache (a hit, counted), for the avatar lane. */
  cached(id: string): CachedAvatar | undefined;
} {
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

  /** Headers and body for an avatar found: 415 for stored bytes that are not an image, else 200 or 304. */
  const answer = (ctx: Koa.Context, found: CachedAvatar) => {
    if (!SERVABLE_IMAGE_TYPES.has(found.contentType)) throw new HttpError(415, 'invalid avatar content');
    const res = ctx.res;
    if (notModified(ctx.req, res, found)) {
      ctx.status = 304;
      return;
    }
    // Content-Type set as a header: Koa's `ctx.type` would look the type up again on every request.
    res.setHeader('Content-Type', found.contentType);
    ctx.body = found.body;
  };

  const serve = async (ctx: Koa.Context, id: string) => {
    setHeaders(ctx.res, AVATAR_HEADERS);
    onlyMethods(ctx, ['GET', 'HEAD']);
    if (!AVATAR_ID.test(id)) throw new HttpError(403, "can't load avatar");
    const key = id.toLowerCase();
    const cached = cache.get(key);
    deps.cacheLookup?.(cached !== undefined);
    answer(ctx, cached ?? (await load(cache, key)));
  };

  const prefix = `${deps.routePath.replace(/\/+$/, '')}/`;
  const middleware: Koa.Middleware = async (ctx, next) => {
    const p = ctx.path;
    if (!p.startsWith(prefix) || p.indexOf('/', prefix.length) !== -1) return next();
    await serve(ctx, p.slice(prefix.length));
  };

  // For the avatar lane (lanes/avatar.ts): an avatar already in the cache and servable, counted as a hit.
  const cachedAvatar = (id: string): CachedAvatar | undefined => {
    const found = AVATAR_ID.test(id) ? cache.get(id.toLowerCase()) : undefined;
    if (found === undefined || !SERVABLE_IMAGE_TYPES.has(found.contentType)) return undefined;
    deps.cacheLookup?.(true);
    return found;
  };

  const router = new Router({ prefix: deps.routePath });
  router.all('/:id', (ctx) => serve(ctx, ctx.params.id ?? ''));
  return { router, middleware, prefix, cached: cachedAvatar };
}

/** Sets an avatar's ETag and caching headers; true when the request's If-None-Match makes it a 304. */
function notModified(req: http.IncomingMessage, res: http.ServerResponse, found: CachedAvatar): boolean {
  res.setHeader('ETag', found.etag);
  res.setHeader('Cache-Control', AVATAR_CACHE_CONTROL);
  const ifNoneMatch = req.headers['if-none-match'];
  return ifNoneMatch !== undefined && matchesIfNoneMatch(ifNoneMatch, found.fingerprint);
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
