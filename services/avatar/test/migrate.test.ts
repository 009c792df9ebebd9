import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { avatarIdFor } from '../src/avatar-id';
import { runMigrateCommand } from '../src/cli/migrate';
import { migrateAvatars } from '../src/migrate';
import { identicon } from '../src/picture';
import { type AvatarStore, openStore } from '../src/stores';
import { MemoryAvatarStore } from '../src/stores/memory';
import { mongoSkipReason, storeAddresses, storeKinds } from './backends';
import { quietLog, startTestService, testConfig } from './helpers';

const ROOT = path.resolve(__dirname, '../../..');
const USERS = ['dev_user', 'github_1', 'google_2'];

let backends: Awaited<ReturnType<typeof storeAddresses>>;
const memoryStores = new Map<string, MemoryAvatarStore>();
/** A custom store registered in code, as an application would. */
const custom = {
  'memory:': async (address: string) => {
    const store = memoryStores.get(address) ?? new MemoryAvatarStore();
    memoryStores.set(address, store);
    return store;
  },
};

const kinds = [...storeKinds(), 'custom'];
const address = (kind: string) =>
  kind === 'custom' ? `memory://${randomBytes(4).toString('hex')}` : backends.address(kind);

async function seeded(addr: string): Promise<AvatarStore> {
  const store = await openStore(addr, custom);
  for (const user of USERS) await store.put(avatarIdFor(user), identicon(user));
  return store;
}

beforeAll(async () => {
  backends = await storeAddresses('mg');
});
afterAll(() => backends.cleanup());

const pairs = kinds.flatMap((from) => kinds.filter((to) => to !== from).map((to) => [from, to] as const));

it.each(pairs)('migrates %s → %s keeping every id and byte', async (fromKind, toKind) => {
  const from = await seeded(address(fromKind));
  const to = await openStore(address(toKind), custom);
  try {
    const progress: number[] = [];
    const summary = await migrateAvatars(from, to, { log: quietLog(), onProgress: (done) => progress.push(done) });
    expect(summary).toEqual({ listed: 3, copied: 3, failedIds: [] });
    expect(progress).toEqual([0, 1, 2, 3]);
    expect((await to.list()).sort()).toEqual(USERS.map(avatarIdFor).sort());
    for (const user of USERS) expect((await to.get(avatarIdFor(user)))?.equals(identicon(user))).toBe(true);
  } finally {
    await Promise.all([from.close(), to.close()]);
  }
});

const mongoSkip = mongoSkipReason();
// Skipped on purpose where no MongoDB server can be had: the report shows it, with the reason.
if (mongoSkip) it.skip(`migrations to and from MongoDB skipped: ${mongoSkip}`, () => {});

describe('the avatar:migrate command', () => {
  function streams() {
    const out = new PassThrough();
    const err = new PassThrough();
    const text = { out: '', err: '' };
    out.on('data', (d) => (text.out += d));
    err.on('data', (d) => (text.err += d));
    return { out, err, text };
  }

  it('refuses missing or equal addresses with a usage message', async () => {
    const s = streams();
    expect(await runMigrateCommand(['--from', 'a'], s.out as never, s.err as never)).toBe(2);
    expect(s.text.err).toMatch(/both --from and --to are required[\s\S]*usage: pnpm avatar:migrate/);
    expect(await runMigrateCommand(['--from', 'a', '--to', 'a'], s.out as never, s.err as never)).toBe(2);
    expect(await runMigrateCommand(['--from', 'bolt:///x.db', '--to', 'b'], s.out as never, s.err as never)).toBe(1);
    expect(s.text.err).toMatch(/use lmdb:\/\//);
    // A source path that is not there is a typo: refused before anything is opened (or made).
    const typo = path.join(os.tmpdir(), `gh-avatars-typo-${randomBytes(4).toString('hex')}`);
    expect(await runMigrateCommand(['--from', typo, '--to', 'b'], s.out as never, s.err as never)).toBe(2);
    expect(s.text.err).toContain(`--from: ${typo} does not exist`);
    expect(existsSync(typo)).toBe(false);
  });

  it('runs through pnpm from the workspace root and prints a summary', async () => {
    const fromAddr = backends.address('fs');
    const toAddr = backends.address('lmdb');
    await (await seeded(fromAddr)).close();
    const { stdout } = await promisify(execFile)('pnpm', ['avatar:migrate', '--from', fromAddr, '--to', toAddr], {
      cwd: ROOT,
      timeout: 30_000,
    });
    expect(stdout).toMatch(/migrating avatars from file system at .* to LMDB file/);
    expect(stdout).toMatch(/listed 3, copied 3, failed 0/);
    const target = await openStore(toAddr);
    try {
      expect((await target.list()).sort()).toEqual(USERS.map(avatarIdFor).sort());
    } finally {
      await target.close();
    }
  });
});

it('migrates over gRPC from the service store to another address', async () => {
  const own = backends.address('fs');
  await (await seeded(own)).close();
  const svc = await startTestService(testConfig({ store: own }));
  const toAddr = backends.address('lmdb');
  try {
    const res = await svc.client.migrateAvatars({ from: '', to: toAddr });
    expect(res).toEqual({ listed: 3, copied: 3, failedIds: [] });
    await expect(svc.client.migrateAvatars({ from: toAddr, to: toAddr })).rejects.toMatchObject({ code: 3 });
    // A source that is not there (a typo) is refused, and not made: before, an empty folder was created and
    // the migration "copied" nothing. An address no store answers is refused the same way.
    const typo = `${own}-typo`;
    for (const from of [typo, `lmdb://${typo}`, 'nosuch://x']) {
      await expect(svc.client.migrateAvatars({ from, to: toAddr })).rejects.toMatchObject({
        code: 9, // FAILED_PRECONDITION
        details: expect.stringMatching(/^cannot open the store: /),
      });
    }
    expect(existsSync(typo)).toBe(false);
  } finally {
    await svc.stop();
  }
  const target = await openStore(toAddr);
  try {
    expect(await target.list()).toHaveLength(3);
  } finally {
    await target.close();
  }
});
