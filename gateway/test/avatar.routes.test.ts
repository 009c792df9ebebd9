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
import { avatarHandlers, avatarRoutes, matchesIfNoneMatch } from '../src/routes/avatar.routes';

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
  await svc.client.storeFromUrl({ userId: 'dev_user', url: '' });
});

async function serve(app: { callback(): http.RequestListener }): Promise<string> {
  const server = http.createServer(app.callback());
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
    const html = await fetch(`${url()}/avatar/${htmlId}`);
    expect(html.status).toBe(415);
    expect(await html.json()).toEqual({ error: 'invalid avatar content' });
    expectSecurityHeaders(html);
  });

  it('answers 405 to other methods', async () => {
    const res = await fetch(`${url()}${DEV_AVATAR}`, { method: 'POST' });
    expect(res.status).toBe(405);
  });
});

it('parses If-None-Match like go-pkgz', () => {
  expect(matchesIfNoneMatch('', 'abc')).toBe(false);
  expect(matchesIfNoneMatch('W/"abc"', 'abc')).toBe(true);
  expect(matchesIfNoneMatch('"x", "abc"', 'abc')).toBe(true);
  expect(matchesIfNoneMatch('"abcd"', 'abc')).toBe(false);
});
