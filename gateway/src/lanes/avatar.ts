// A GET or HEAD of a cached image avatar: one synchronous pass, no Koa context, no promise. Koa's
// per-request objects and promises, and the AsyncLocalStorage hooks Node 20 runs on every promise once
// trace context is in use, were what kept the hot avatar under 0.9 of bare Koa (docs/benchmarks.md).
// Nothing here can throw or log. The raw URL must be exactly prefix + id, so an encoded, dotted or
// queried path takes the full route (routes/site/avatar.routes.ts); anything else, a miss included, answers false.
import { requestIdFrom } from '@gatehouse/logger';
import { SANDBOX_CSP } from '../middleware/security-headers';
import {
  AVATAR_CACHE_CONTROL,
  AVATAR_DISPOSITION,
  type avatarHandlers,
  matchesIfNoneMatch,
} from '../routes/site/avatar.routes';
import { writeAnswer } from './answer';
import type { Lane } from './lane';

export function avatarLane(avatars: Pick<ReturnType<typeof avatarHandlers>, 'prefix' | 'cached'>): Lane {
  const { prefix } = avatars;
  return (req, res) => {
    const method = req.method;
    const url = req.url ?? '';
    if ((method !== 'GET' && method !== 'HEAD') || !url.startsWith(prefix)) return false;
    const found = avatars.cached(url.slice(prefix.length));
    if (found === undefined) return false;
    const headers = [...SANDBOX_CSP, ...AVATAR_DISPOSITION, 'ETag', found.etag, 'Cache-Control', AVATAR_CACHE_CONTROL];
    const requestId = requestIdFrom(req.headers.traceparent);
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch !== undefined && matchesIfNoneMatch(ifNoneMatch, found.fingerprint)) {
      writeAnswer(res, { status: 304, requestId, headers });
    } else {
      writeAnswer(res, {
        status: 200,
        requestId,
        headers,
        type: found.contentType,
        body: found.body,
        head: method === 'HEAD',
      });
    }
    return true;
  };
}
