import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { avatarHash, isAvatarId } from '../avatar-id';
import { crc64Ecma } from './crc64';
import type { AvatarStore } from './store';

/**
 * Pictures up to this size are read and written with synchronous calls: an identicon (3-6 KiB) takes a few tens
 * of µs that way, where fs.promises spent about 0.6 ms of CPU on the thread pool's round trips (open,
 * write, close, rename), a tenth of a new user's login (issue 36). Larger ones keep the event loop free.
 */
const SYNC_IO_MAX = 64 * 1024;

interface FileIo {
  write(file: string, content: Buffer): Promise<void> | void;
  rename(from: string, to: string): Promise<void> | void;
}

const syncIo: FileIo = {
  write: (file, content) => writeFileSync(file, content, { mode: 0o640 }),
  rename: renameSync,
};
const asyncIo: FileIo = { write: (file, content) => writeFile(file, content, { mode: 0o640 }), rename };

/**
 * Temporary files are named by this process's random tag and a counter: unique among the replicas that
 * share a volume, without a randomBytes call per picture (one of the avatar service's costs a login).
 */
const PROCESS_TAG = randomBytes(6).toString('hex');
let written = 0;

/**
 * Avatars as files, laid out like go-pkgz LocalFS: `<root>/<NN>/<sha1>.image` with
 * NN = crc64-ECMA(sha1) % 100, so an existing go-pkgz folder can be used (or migrated) as it is.
 */
export class FsAvatarStore implements AvatarStore {
  readonly description: string;

  constructor(private readonly root: string) {
    this.description = `file system at ${root}`;
  }

  static async open(root: string): Promise<FsAvatarStore> {
    await mkdir(root, { recursive: true, mode: 0o750 });
    return new FsAvatarStore(path.resolve(root));
  }

  /** The file of one avatar. */
  location(avatarId: string): string {
    const hash = avatarHash(avatarId);
    const shard = (crc64Ecma(hash) % 100n).toString().padStart(2, '0');
    return path.join(this.root, shard, `${hash}.image`);
  }

  async put(avatarId: string, content: Buffer): Promise<void> {
    const file = this.location(avatarId);
    // Write then rename, so a reader never sees half a picture.
    const tmp = `${file}.${PROCESS_TAG}${(written++).toString(36)}.tmp`;
    const io = content.length <= SYNC_IO_MAX ? syncIo : asyncIo;
    try {
      try {
        await io.write(tmp, content);
      } catch (err) {
        // The shard's folder is made by its first picture (not by every login: issue 36), or again
        // when it was removed meanwhile.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        await mkdir(path.dirname(file), { recursive: true, mode: 0o750 });
        await io.write(tmp, content);
      }
      await io.rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async get(avatarId: string): Promise<Buffer | undefined> {
    const file = this.location(avatarId);
    try {
      // A small picture (every identicon) is read at once; a larger one keeps the event loop free.
      const fd = openSync(file, 'r');
      try {
        if (fstatSync(fd).size <= SYNC_IO_MAX) return readFileSync(fd);
      } finally {
        closeSync(fd);
      }
      return await readFile(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async remove(avatarId: string): Promise<boolean> {
    try {
      await unlink(this.location(avatarId));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  async list(): Promise<string[]> {
    const ids: string[] = [];
    for (const shard of await readdir(this.root, { withFileTypes: true })) {
      if (!shard.isDirectory() || !/^\d\d$/.test(shard.name)) continue;
      for (const name of await readdir(path.join(this.root, shard.name))) {
        if (isAvatarId(name)) ids.push(name);
      }
    }
    return ids.sort();
  }

  async ping(): Promise<boolean> {
    return (await stat(this.root)).isDirectory();
  }

  async close(): Promise<void> {}
}
