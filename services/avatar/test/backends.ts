import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { tempDir } from './helpers';

/** A fresh Postgres database for one test file (other agents share the server), dropped afterwards. */
export function testDatabase(prefix: string): Promise<TestDatabase> {
  return createTestDatabase(`gh_avatar_${prefix}`);
}

/**
 * A MongoDB server for the GridFS store: TEST_MONGODB_URL, else one started by testcontainers when a
 * Docker engine exists, else undefined with the reason the tests are skipped.
 */
export async function testMongo(): Promise<{ url?: string; reason: string; stop: () => Promise<void> }> {
  const skip = mongoSkipReason();
  if (skip) return { reason: skip, stop: async () => {} };
  if (process.env.TEST_MONGODB_URL) {
    return { url: process.env.TEST_MONGODB_URL, reason: 'TEST_MONGODB_URL', stop: async () => {} };
  }
  try {
    const { GenericContainer } = await import('testcontainers');
    const container = await new GenericContainer('mongo:7').withExposedPorts(27017).start();
    return {
      url: `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/test`,
      reason: 'testcontainers',
      stop: async () => {
        await container.stop();
      },
    };
  } catch (err) {
    // A Docker engine that cannot give us MongoDB (no registry, no image) takes down the MongoDB cases
    // only, each failing with this reason, never the other stores' cases of the same file.
    return {
      reason: `testcontainers could not start mongo:7: ${(err as Error).message.split('\n')[0]}`,
      stop: async () => {},
    };
  }
}

/** Why the MongoDB tests cannot run here, known before any test is collected; undefined when they can. */
export function mongoSkipReason(): string | undefined {
  if (process.env.TEST_MONGODB_URL) return undefined;
  if (existsSync('/var/run/docker.sock') || process.env.DOCKER_HOST) return undefined;
  return 'no MongoDB server: TEST_MONGODB_URL is unset and no Docker engine runs for testcontainers';
}

/** The store kinds every store test runs against. */
export function storeKinds(): string[] {
  return ['fs', 'fs (file://)', 'lmdb', 'postgres', ...(mongoSkipReason() ? [] : ['mongodb'])];
}

/** Store addresses of every kind for one test file; each call names a new, empty store. */
export async function storeAddresses(prefix: string) {
  const tmp = await tempDir(prefix);
  const db = await testDatabase(prefix);
  const mongo = await testMongo();
  let n = 0;
  const next = () => `${prefix}${++n}`;
  const kinds: Record<string, () => string> = {
    fs: () => path.join(tmp.dir, next()),
    'fs (file://)': () => `file://${path.join(tmp.dir, next())}`,
    lmdb: () => `lmdb://${path.join(tmp.dir, `${next()}.lmdb`)}`,
    postgres: () => `${db.url}?ava_table=avatars_${next()}`,
  };
  const mongoUrl = mongo.url;
  kinds.mongodb = () => {
    if (!mongoUrl) throw new Error(`no MongoDB for this case: ${mongo.reason}`);
    const u = new URL(mongoUrl);
    u.searchParams.set('ava_db', `gh_avatar_${randomBytes(3).toString('hex')}`);
    u.searchParams.set('ava_coll', `avatars_${next()}`);
    return u.toString();
  };
  return {
    address: (kind: string) => {
      const make = kinds[kind];
      if (!make) throw new Error(`no store of kind ${kind} here`);
      return make();
    },
    async cleanup() {
      await Promise.all([db.drop(), mongo.stop(), tmp.cleanup()]);
    },
  };
}
