import type http from 'node:http';
import { SERVABLE_IMAGE_TYPES } from '@gatehouse/contract';
import { describeCallError, type PromiseClient } from '@gatehouse/grpc-kit';
import { requestIdFrom } from '@gatehouse/logger';
import type { avatar } from '@gatehouse/proto';
import Router from '@koa/router';
import type Koa from 'koa';
import { LRUCache } from 'lru-cache';
import { HttpError } from '../middleware/errors';
import { API_SECURITY_HEADERS, setHeaders } from '../middleware/security-headers';
import { REQUEST_ID_HEADER } from '../middleware/trace';

const AVATAR_ID = /^[a-f0-9]{40}\.image$/i;
const CACHE_CONTROL = `max-age=${7 * 24 * 3600}`;

/** go-pkgz's headers on every avatar answer, errors included: nothing served here may run or be sniffed. */
const FIXED_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ...API_SECURITY_HEADERS,
  ['Content-Disposition', 'inline; filename="avatar"'],
];

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
 * The same handler three ways: a Router (mounted like every other area), a plain Koa middleware for
 * `app.use` ahead of the routers (@koa/router's matching alone costs about a quarter of the
 * throughput of a hot avatar), and `answerCached` for the HTTP server to call before Koa on cache hits.
 */
export function avatarHandlers(deps: AvatarRoutesDeps): {
  router: Router;
  middleware: Koa.Middleware;
  /** Answers a cache hit on the raw request, before Koa; false for anything it leaves to Koa. */
  answerCached(req: http.IncomingMessage, res: http.ServerResponse): boolean;
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
    setHeaders(ctx.res, FIXED_HEADERS);
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.res.setHeader('Allow', 'GET, HEAD');
      throw new HttpError(405, 'method not allowed');
    }
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

  // A GET or HEAD of a cached image avatar, answered by the HTTP server itself before Koa sees the
  // request (gateway.ts): one synchronous pass, no Koa context, no promise. Koa's per-request objects
  // and promises, and the AsyncLocalStorage hooks Node 20 runs on every promise once trace context is
  // in use, were what kept the hot avatar under 0.9 of bare Koa (docs/benchmarks.md). Nothing here
  // can throw or log. The raw URL must be exactly prefix + id, so an encoded, dotted or queried path
  // takes the full route; anything else, a miss included, answers false and goes on to Koa.
  const answerCached = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    const method = req.method;
    const url = req.url ?? '';
    if ((method !== 'GET' && method !== 'HEAD') || !url.startsWith(prefix)) return false;
    const id = url.slice(prefix.length);
    const found = AVATAR_ID.test(id) ? cache.get(id.toLowerCase()) : undefined;
    if (found === undefined || !SERVABLE_IMAGE_TYPES.has(found.contentType)) return false;
    deps.cacheLookup?.(true);
    setHeaders(res, FIXED_HEADERS);
    res.setHeader(REQUEST_ID_HEADER, requestIdFrom(req.headers.traceparent));
    if (notModified(req, res, found)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.setHeader('Content-Type', found.contentType);
    res.setHeader('Content-Length', found.body.length);
    if (method === 'HEAD') res.end();
    else res.end(found.body);
    return true;
  };

  const router = new Router({ prefix: deps.routePath });
  router.all('/:id', (ctx) => serve(ctx, ctx.params.id ?? ''));
  return { router, middleware, answerCached };
}

/** Sets an avatar's ETag and caching headers; true when the request's If-None-Match makes it a 304. */
function notModified(req: http.IncomingMessage, res: http.ServerResponse, found: CachedAvatar): boolean {
  res.setHeader('ETag', found.etag);
  res.setHeader('Cache-Control', CACHE_CONTROL);
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
