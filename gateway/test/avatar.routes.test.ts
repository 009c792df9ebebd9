// The avatar route in the real gateway app, in front of a real avatar service (file-system store):
// headers, conditional GET, error statuses, and that a hot avatar is served without a store read.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { type avatar, loadProto } from '@gatehouse/proto';
import { FsAvatarStore } from '../../services/avatar/src/stores/fs';
import { startTestService, tempDir, testConfig } from '../../services/avatar/test/helpers';
import { buildApp } from '../src/app';
import { avatarLane } from '../src/lanes/avatar';
import { avatarHandlers, avatarRoutes, matchesIfNoneMatch } from '../src/routes/site/avatar.routes';

/** The file-system store, counting reads: the measure of "no store read per request". */
class CountingStore extends FsAvatarStore {
  reads = 0;
  override async get(avatarId: string) {
    this.reads++;
    return super.get(avatarId);
  }
}

let base: string;
let fastBase: string;
let hotBase: string;
/** The before-Koa answers alone, with nothing behind them: what they do not answer is a 404. */
let hotOnlyBase: string;
let store: CountingStore;
const stops: Array<() => Promise<void>> = [];

beforeAll(async () => {
  const tmp = await tempDir('gw');
  stops.push(tmp.cleanup);
  store = new CountingStore(tmp.dir);
  const svc = await startTestService(testConfig(), { store });
  stops.push(svc.stop);
  const client = createClient<avatar.AvatarServiceClient>(
    loadProto('avatar').grpcObject.avatar.v1.AvatarService,
    `127.0.0.1:${svc.service.port}`,
  );
  stops.push(async () => client.close());
  const app = buildApp({
    log: createLogger({ name: 'gateway-test', level: 'silent' }),
    trustedProxies: 0,
    mounts: [{ prefix: '/avatar', routers: [avatarRoutes({ avatar: client.call, routePath: '/avatar' })] }],
  });
  base = await serve(app);
  // The fast path: the same handler as a plain middleware ahead of the app's routers.
  const fastApp = buildApp({
    log: createLogger({ name: 'gateway-test', level: 'silent' }),
    trustedProxies: 0,
    mounts: [
      { prefix: '/avatar', middleware: [avatarHandlers({ avatar: client.call, routePath: '/avatar/' }).middleware] },
    ],
  });
  fastBase = await serve(fastApp);
  // As the gateway mounts it: cache hits answered by the HTTP server before Koa, the rest by the
  // middleware.
  const hot = avatarHandlers({ avatar: client.call, routePath: '/avatar' });
  const hotApp = buildApp({
    log: createLogger({ name: 'gateway-test', level: 'silent' }),
    trustedProxies: 0,
    mounts: [{ prefix: '/avatar', middleware: [hot.middleware] }],
  });
  hotBase = await serve(hotApp, avatarLane(hot));
  hotOnlyBase = await serve(
    buildApp({ log: createLogger({ name: 'gateway-test', level: 'silent' }), trustedProxies: 0, mounts: [] }),
    avatarLane(hot),
  );
  await svc.client.storeFromUrl({ userId: 'dev_user', url: '' });
});

async function serve(
  app: { callback(): http.RequestListener },
  answerBeforeKoa?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean,
): Promise<string> {
  const handle = app.callback();
  const server = http.createServer((req, res) => {
    if (!answerBeforeKoa?.(req, res)) void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

const DEV_AVATAR = '/avatar/ccfa2abd01667605b4e1fc4fcb91b1e1af323240.image';

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-disposition')).toBe('inline; filename="avatar"');
}

describe.each([
  ['a Router', () => base],
  ['a middleware ahead of the routers', () => fastBase],
  ['answers before Koa for cache hits, with the middleware behind them', () => hotBase],
])('the avatar handler mounted as %s', (_how, url) => {
  it('serves a stored avatar with its type, length, ETag and 7-day caching', async () => {
    const res = await fetch(`${url()}${DEV_AVATAR}`);
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/);
    expect(res.headers.get('cache-control')).toBe('max-age=604800');
    expectSecurityHeaders(res);
    expect(body.subarray(1, 4).toString()).toBe('PNG');
  });

  it('answers 304 to a matching If-None-Match, as a list, weak, or *', async () => {
    const etag = (await fetch(`${url()}${DEV_AVATAR}`)).headers.get('etag') as string;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await fetch(`${url()}${DEV_AVATAR}`, { headers: { 'if-none-match': header } });
      expect([header, res.status]).toEqual([header, 304]);
      expect(res.headers.get('etag')).toBe(etag);
      expect((await res.arrayBuffer()).byteLength).toBe(0);
      expectSecurityHeaders(res);
    }
    const miss = await fetch(`${url()}${DEV_AVATAR}`, { headers: { 'if-none-match': '"stale"' } });
    expect(miss.status).toBe(200);
  });

  it('serves a hot avatar from the gateway cache, without a store read per request', async () => {
    await fetch(`${url()}${DEV_AVATAR}`);
    const before = store.reads;
    for (let i = 0; i < 20; i++) expect((await fetch(`${url()}${DEV_AVATAR}`)).status).toBe(200);
    expect(store.reads).toBe(before);
  });

  it('answers 403 to a malformed id, 404 to a missing one, 415 to stored non-image bytes', async () => {
    const bad = await fetch(`${url()}/avatar/etc.passwd`);
    expect(bad.status).toBe(403);
    expect(await bad.json()).toEqual({ error: "can't load avatar" });
    expectSecurityHeaders(bad);
    expect((await fetch(`${url()}/avatar/abc.image`)).status).toBe(403);
    // An encoded separator never reaches the route: the gateway refuses the ambiguous path itself.
    expect((await fetch(`${url()}/avatar/..%2Fetc%2Fpasswd`)).status).toBe(400);

    const missing = await fetch(`${url()}/avatar/${'0'.repeat(40)}.image`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "can't load avatar" });

    // Bytes that bypassed validation (e.g. copied into the store by hand) are still never served.
    const htmlId = `${'a'.repeat(40)}.image`;
    await store.put(htmlId, Buffer.from('<html><script>alert(1)</script></html>'));
    for (let i = 0; i < 2; i++) {
      // The second time the bytes come from the gateway's cache, which the hot path must not serve.
      const html = await fetch(`${url()}/avatar/${htmlId}`);
      expect(html.status).toBe(415);
      expect(await html.json()).toEqual({ error: 'invalid avatar content' });
      expectSecurityHeaders(html);
    }
  });

  it('answers 405 to other methods', async () => {
    const res = await fetch(`${url()}${DEV_AVATAR}`, { method: 'POST' });
    expect(res.status).toBe(405);
  });
});

describe('the answers before Koa', () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const traceparent = `00-${traceId}-00f067aa0ba902b7-01`;

  it('answers only cache hits itself', async () => {
    // The server behind hotOnlyBase shares its handler (and cache) with hotBase's.
    const missing = `/avatar/${'1'.repeat(40)}.image`;
    await fetch(`${hotBase}${DEV_AVATAR}`);
    expect((await fetch(`${hotOnlyBase}${DEV_AVATAR}`)).status).toBe(200);
    expect((await fetch(`${hotOnlyBase}${missing}`)).status).toBe(404);
    expect((await fetch(`${hotOnlyBase}${DEV_AVATAR}`, { method: 'POST' })).status).toBe(404);
    expect((await rawGet(hotOnlyBase, `${DEV_AVATAR}?size=1`)).status).toBe(404);
  });

  it('names the request trace in X-Request-Id on a cache hit, 200 and 304 alike', async () => {
    await fetch(`${hotBase}${DEV_AVATAR}`);
    const hit = await fetch(`${hotBase}${DEV_AVATAR}`, { headers: { traceparent } });
    expect(hit.status).toBe(200);
    expect(hit.headers.get('x-request-id')).toBe(traceId);
    expectSecurityHeaders(hit);
    const etag = hit.headers.get('etag') ?? '';
    const notModified = await fetch(`${hotBase}${DEV_AVATAR}`, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(notModified.headers.get('etag')).toBe(etag);
  });

  it('answers HEAD from the cache without a body', async () => {
    await fetch(`${hotBase}${DEV_AVATAR}`);
    const before = store.reads;
    const head = await fetch(`${hotBase}${DEV_AVATAR}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    expect(store.reads).toBe(before);
  });

  it('leaves encoded, dotted and queried paths of a cached avatar to the full route', async () => {
    await fetch(`${hotBase}${DEV_AVATAR}`);
    const id = DEV_AVATAR.slice('/avatar/'.length);
    // Sent as written (fetch would resolve the dot segments first).
    const paths = [
      `/avatar/%63${id.slice(1)}`,
      `/avatar/./${id}`,
      `/avatar//${id}`,
      `/avatar/x/../${id}`,
      `${DEV_AVATAR}?size=1`,
      `${DEV_AVATAR}#x`,
    ];
    for (const path of paths) {
      const [hot, full] = await Promise.all([rawGet(hotBase, path), rawGet(base, path)]);
      expect([path, hot.status]).toEqual([path, full.status]);
    }
  });
});

/** The status of a GET of `path` exactly as written. */
function rawGet(url: string, path: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/`, { path }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      })
      .on('error', reject);
  });
}

it('parses If-None-Match like go-pkgz', () => {
  expect(matchesIfNoneMatch('', 'abc')).toBe(false);
  expect(matchesIfNoneMatch('W/"abc"', 'abc')).toBe(true);
  expect(matchesIfNoneMatch('"x", "abc"', 'abc')).toBe(true);
  expect(matchesIfNoneMatch('"abcd"', 'abc')).toBe(false);
});
