import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { open, type RootDatabase } from 'lmdb';
import { isAvatarId } from '../avatar-id';
import type { AvatarStore } from './store';

/**
 * Avatars in one LMDB file (the embedded key-value store that replaces go-pkgz's BoltDB): key the
 * avatar id, value the raw bytes.
 */
export class LmdbAvatarStore implements AvatarStore {
  readonly description: string;

  private constructor(
    private readonly db: RootDatabase<Buffer, string>,
    file: string,
  ) {
    this.description = `LMDB file ${file}`;
  }

  static async open(file: string): Promise<LmdbAvatarStore> {
    await mkdir(path.dirname(path.resolve(file)), { recursive: true, mode: 0o750 });
    // Binary values as they are: no msgpack, no compression (pictures are compressed already).
    const db = open<Buffer, string>({ path: file, encoding: 'binary', compression: false, noSubdir: false });
    return new LmdbAvatarStore(db, file);
  }

  async put(avatarId: string, content: Buffer): Promise<void> {
    await this.db.put(avatarId, content);
  }

  async get(avatarId: string): Promise<Buffer | undefined> {
    const value = this.db.getBinary(avatarId);
    return value ? Buffer.from(value) : undefined;
  }

  async remove(avatarId: string): Promise<boolean> {
    if (this.db.getBinary(avatarId) === undefined) return false;
    return this.db.remove(avatarId);
  }

  async list(): Promise<string[]> {
    return [...this.db.getKeys()].filter((k): k is string => typeof k === 'string' && isAvatarId(k));
  }

  async ping(): Promise<boolean> {
    this.db.getStats();
    return true;
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}
