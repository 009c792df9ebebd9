import { statSync } from 'node:fs';
import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import sharp from 'sharp';
import { identicon } from '../src/picture';
import { FsAvatarStore } from '../src/stores/fs';
import { startTestService, tempDir, testConfig } from './helpers';

interface HealthClient {
  check(
    req: { service: string },
    options: grpc.CallOptions,
    callback: (err: Error | null, res: { status: string }) => void,
  ): void;
}

type Started = Awaited<ReturnType<typeof startTestService>>;

describe('avatar service over gRPC (file system store)', () => {
  let started: Started;
  let cleanup: () => Promise<void>;
  let storeDir: string;

  beforeAll(async () => {
    const tmp = await tempDir('svc');
    cleanup = tmp.cleanup;
    storeDir = tmp.dir;
    started = await startTestService(testConfig({ store: tmp.dir }));
  });
  afterAll(async () => {
    await started.stop();
    await cleanup();
  });

  it('answers health SERVING once the store answers', async () => {
    const Health = grpc.makeGenericClientConstructor(healthService, 'Health');
    const health = new Health(`127.0.0.1:${started.service.port}`, grpc.credentials.createInsecure());
    const res = await new Promise<{ status: string }>((resolve, reject) =>
      (health as unknown as HealthClient).check(
        { service: 'avatar.v1.AvatarService' },
        { deadline: Date.now() + 2000 },
        (err, r) => (err ? reject(err) : resolve(r)),
      ),
    );
    health.close();
    expect(res.status).toBe('SERVING');
  });

  it('stores the identicon for an empty URL under sha1(user id).image', async () => {
    const res = await started.client.storeFromUrl({ userId: 'dev_user', url: '' });
    expect(res.avatarId).toBe('ccfa2abd01667605b4e1fc4fcb91b1e1af323240.image');
    expect(res.identicon).toBe(true);
    const got = await started.client.getAvatar({ avatarId: res.avatarId });
    expect(got.contentType).toBe('image/png');
    expect(got.etag).toMatch(/^[0-9a-f]{40}$/);
    const meta = await sharp(got.content).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 300, 300]);
  });

  it('stores content it is given and serves it back with a content-based etag', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366ff' } })
      .jpeg()
      .toBuffer();
    const res = await started.client.storeContent({ userId: 'github_abc', content: jpeg });
    expect(res.identicon).toBe(false);
    const got = await started.client.getAvatar({ avatarId: res.avatarId });
    expect(Buffer.from(got.content).equals(jpeg)).toBe(true);
    expect(got.contentType).toBe('image/jpeg');
    const again = await started.client.getAvatar({ avatarId: res.avatarId });
    expect(again.etag).toBe(got.etag);
  });

  it('replaces content that is not a picture by the identicon', async () => {
    const res = await started.client.storeContent({ userId: 'u1', content: Buffer.from('<script>alert(1)</script>') });
    expect(res.identicon).toBe(true);
    const got = await started.client.getAvatar({ avatarId: res.avatarId });
    expect((await sharp(got.content).metadata()).format).toBe('png');
  });

  it('refuses a malformed id and reports a missing avatar as NOT_FOUND', async () => {
    await expect(started.client.getAvatar({ avatarId: '../etc/passwd' })).rejects.toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
    });
    await expect(started.client.getAvatar({ avatarId: `${'0'.repeat(40)}.image` })).rejects.toMatchObject({
      code: grpc.status.NOT_FOUND,
    });
    await expect(started.client.storeFromUrl({ userId: '', url: '' })).rejects.toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
    });
  });

  it("draws a returning user's identicon once, and replaces a picture another replica stored meanwhile", async () => {
    const first = await started.client.storeFromUrl({ userId: 'returning_user', url: '' });
    const where = new FsAvatarStore(storeDir).location(first.avatarId);
    const written = statSync(where);
    // Again: the file holds the identicon drawn before, so nothing is drawn nor written (the same inode).
    const again = await started.client.storeFromUrl({ userId: 'returning_user', url: '' });
    expect(again).toEqual(first);
    expect(statSync(where).ino).toBe(written.ino);
    // Another replica (a second service on the same folder) stores the user's picture; the next login
    // without one gets the identicon back from the first replica.
    const other = await startTestService(testConfig({ store: storeDir }));
    try {
      const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
        .jpeg()
        .toBuffer();
      await other.client.storeContent({ userId: 'returning_user', content: jpeg });
    } finally {
      await other.stop();
    }
    expect((await started.client.storeFromUrl({ userId: 'returning_user', url: '' })).identicon).toBe(true);
    const got = await started.client.getAvatar({ avatarId: first.avatarId });
    expect(Buffer.from(got.content).equals(identicon('returning_user'))).toBe(true);
  });

  it('lists and removes avatars', async () => {
    const { avatarId } = await started.client.storeFromUrl({ userId: 'to-remove', url: '' });
    expect((await started.client.listAvatars({})).avatarIds).toContain(avatarId);
    await started.client.removeAvatar({ avatarId });
    expect((await started.client.listAvatars({})).avatarIds).not.toContain(avatarId);
    await expect(started.client.removeAvatar({ avatarId })).rejects.toMatchObject({ code: grpc.status.NOT_FOUND });
  });
});

describe('resizing at store time', () => {
  it('shrinks a picture over AUTH_AVATAR_RESIZE_LIMIT once, keeping its aspect, as PNG', async () => {
    const tmp = await tempDir('resize');
    const svc = await startTestService(testConfig({ store: tmp.dir, resizeLimit: 64 }));
    try {
      const wide = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#123456' } })
        .jpeg()
        .toBuffer();
      const { avatarId } = await svc.client.storeContent({ userId: 'wide_user', content: wide });
      const got = await svc.client.getAvatar({ avatarId });
      expect(got.contentType).toBe('image/png');
      const { info } = await sharp(got.content).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([64, 32]);

      const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#654321' } })
        .webp()
        .toBuffer();
      const kept = await svc.client.storeContent({ userId: 'small_user', content: small });
      expect(Buffer.from((await svc.client.getAvatar({ avatarId: kept.avatarId })).content).equals(small)).toBe(true);
    } finally {
      await svc.stop();
      await tmp.cleanup();
    }
  });

  it('stores identicons at the limit too; a limit of 0 keeps them at 300 px', async () => {
    const [tmp, tmp0] = [await tempDir('identicon-64'), await tempDir('identicon-0')];
    const limited = await startTestService(testConfig({ store: tmp.dir, resizeLimit: 64 }));
    const unlimited = await startTestService(testConfig({ store: tmp0.dir, resizeLimit: 0 }));
    const identiconSide = async (svc: typeof limited) => {
      const { avatarId, identicon } = await svc.client.storeFromUrl({ userId: 'no_picture_user', url: '' });
      expect(identicon).toBe(true);
      const got = await svc.client.getAvatar({ avatarId });
      expect(got.contentType).toBe('image/png');
      const meta = await sharp(got.content).metadata();
      return [meta.width, meta.height];
    };
    try {
      expect(await identiconSide(limited)).toEqual([64, 64]);
      expect(await identiconSide(unlimited)).toEqual([300, 300]);
    } finally {
      await limited.stop();
      await unlimited.stop();
      await tmp.cleanup();
      await tmp0.cleanup();
    }
  });
});
