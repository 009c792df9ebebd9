import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadAvatarConfig } from '../src/config';
import { type AvatarStore, openStore } from '../src/stores';
import { FsAvatarStore } from '../src/stores/fs';
import { MemoryAvatarStore } from '../src/stores/memory';
import { mongoSkipReason, storeAddresses, storeKinds } from './backends';
import { startTestService, testConfig } from './helpers';

const ID_A = 'ccfa2abd01667605b4e1fc4fcb91b1e1af323240.image';
const ID_B = `${'b'.repeat(40)}.image`;

let backends: Awaited<ReturnType<typeof storeAddresses>>;
let png: Buffer;

beforeAll(async () => {
  backends = await storeAddresses('st');
  png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#00ff0080' } })
    .png()
    .toBuffer();
});
afterAll(() => backends.cleanup());

describe.each(storeKinds())('%s store against its real backend', (kind) => {
  let store: AvatarStore;
  let address: string;
  beforeAll(async () => {
    address = backends.address(kind);
    store = await openStore(address);
  });
  afterAll(() => store.close());

  it('answers ping and starts empty', async () => {
    expect(await store.ping()).toBe(true);
    expect(await store.list()).toEqual([]);
    expect(await store.get(ID_A)).toBeUndefined();
  });

  it('puts, gets, replaces, lists and removes', async () => {
    await store.put(ID_A, png);
    await store.put(ID_B, Buffer.from('second'));
    expect((await store.get(ID_A))?.equals(png)).toBe(true);
    await store.put(ID_B, Buffer.from('replaced'));
    expect((await store.get(ID_B))?.toString()).toBe('replaced');
    expect((await store.list()).sort()).toEqual([ID_A, ID_B].sort());
    expect(await store.remove(ID_B)).toBe(true);
    expect(await store.remove(ID_B)).toBe(false);
    expect(await store.list()).toEqual([ID_A]);
  });

  it('keeps the avatars when opened again from the same address', async () => {
    const again = await openStore(address);
    try {
      expect((await again.get(ID_A))?.equals(png)).toBe(true);
    } finally {
      await again.close();
    }
  });

  it('serves a service started on it', async () => {
    const svc = await startTestService(testConfig({ store: address }));
    try {
      const { avatarId } = await svc.client.storeFromUrl({ userId: 'dev_user', url: '' });
      const got = await svc.client.getAvatar({ avatarId });
      expect(got.contentType).toBe('image/png');
      expect(await store.list()).toContain(avatarId);
    } finally {
      await svc.stop();
    }
  });
});

const mongoSkip = mongoSkipReason();
// Skipped on purpose where no MongoDB server can be had (none set, no Docker engine): the run's report
// then shows the store as skipped, with the reason in its name, instead of silently passing.
if (mongoSkip) {
  it.skip(`MongoDB GridFS store skipped: ${mongoSkip}`, () => {});
  console.warn(`avatar store tests: MongoDB GridFS skipped (${mongoSkip})`);
}

describe('store addresses', () => {
  it('refuses bolt:// at start with a message that says to use lmdb://', async () => {
    await expect(openStore('bolt:///var/avatars.db')).rejects.toThrow(/use lmdb:\/\//);
    expect(() => loadAvatarConfig({ AUTH_AVATAR_STORE: 'bolt:///var/avatars.db' })).toThrow(/use lmdb:\/\//);
  });

  it('names the known schemes when one is unknown', async () => {
    await expect(openStore('s3://bucket/avatars')).rejects.toThrow(/unknown avatar store scheme s3:\/\/.*lmdb:/);
  });

  it('opens a custom store registered in code, by address and as an instance', async () => {
    const custom = new MemoryAvatarStore();
    const opened = await openStore('memory://team', { 'memory:': async () => custom });
    expect(opened).toBe(custom);
    const svc = await startTestService(testConfig({ store: 'ignored' }), { store: custom });
    try {
      const { avatarId } = await svc.client.storeFromUrl({ userId: 'custom_user', url: '' });
      expect(await custom.list()).toEqual([avatarId]);
    } finally {
      await svc.stop();
    }
  });

  it('lists every configuration problem at once', () => {
    const bad = { AUTH_AVATAR_RESIZE_LIMIT: '-1', AVATAR_GRPC_PORT: 'x', AVATAR_FETCH_TIMEOUT: 'soon' };
    expect(() => loadAvatarConfig(bad)).toThrow(/AUTH_AVATAR_RESIZE_LIMIT/);
    expect(() => loadAvatarConfig(bad)).toThrow(/AVATAR_GRPC_PORT/);
    expect(() => loadAvatarConfig(bad)).toThrow(/AVATAR_FETCH_TIMEOUT/);
    expect(loadAvatarConfig({})).toMatchObject({ port: 50052, store: '.data/avatars', resizeLimit: 0 });
  });
});

describe('file system store folders', () => {
  it("makes a shard's folder with its first picture, and again when it was removed meanwhile, small or large", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'gh-fs-shards-'));
    try {
      const store = await FsAvatarStore.open(root);
      await store.put(ID_A, png);
      rmSync(path.dirname(store.location(ID_A)), { recursive: true });
      await store.put(ID_A, png);
      expect((await store.get(ID_A))?.equals(png)).toBe(true);
      await store.put(ID_A, png); // the folder exists now: written at once
      expect(readdirSync(path.dirname(store.location(ID_A)))).toEqual([path.basename(store.location(ID_A))]);
      // Larger pictures are written asynchronously (stores/fs.ts), the same way.
      const large = Buffer.alloc(200 * 1024, 7);
      rmSync(path.dirname(store.location(ID_B)), { recursive: true, force: true });
      await store.put(ID_B, large);
      expect((await store.get(ID_B))?.equals(large)).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
