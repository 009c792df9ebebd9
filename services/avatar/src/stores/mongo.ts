import { createHash } from 'node:crypto';
import { GridFSBucket, MongoClient } from 'mongodb';
import { isAvatarId } from '../avatar-id';
import type { AvatarStore } from './store';

const OPERATION_TIMEOUT_MS = 5000;

/**
 * Avatars in MongoDB GridFS, as go-pkgz stores them: file name `<sha1>.image`, `metadata.hash` the
 * sha1 of the bytes, older revisions deleted after an upload. Address:
 * `mongodb://host:port/db?ava_db=<db, default test>&ava_coll=<bucket, default avatars_fs>`.
 */
export class GridFsAvatarStore implements AvatarStore {
  readonly description: string;

  private constructor(
    private readonly client: MongoClient,
    private readonly bucket: GridFSBucket,
    private readonly dbName: string,
    private readonly bucketName: string,
    hosts: string,
  ) {
    this.description = `MongoDB GridFS ${dbName}.${bucketName} at ${hosts}`;
  }

  static async open(address: string): Promise<GridFsAvatarStore> {
    const url = new URL(address);
    const dbName = url.searchParams.get('ava_db') || 'test';
    const bucketName = url.searchParams.get('ava_coll') || 'avatars_fs';
    // Our own parameters are not MongoDB URI options: the driver would refuse them.
    url.searchParams.delete('ava_db');
    url.searchParams.delete('ava_coll');
    const client = new MongoClient(url.toString(), {
      serverSelectionTimeoutMS: OPERATION_TIMEOUT_MS,
      connectTimeoutMS: OPERATION_TIMEOUT_MS,
      timeoutMS: OPERATION_TIMEOUT_MS,
    });
    await client.connect();
    const bucket = new GridFSBucket(client.db(dbName), { bucketName });
    return new GridFsAvatarStore(client, bucket, dbName, bucketName, url.host);
  }

  async put(avatarId: string, content: Buffer): Promise<void> {
    const hash = createHash('sha1').update(content).digest('hex');
    const upload = this.bucket.openUploadStream(avatarId, { metadata: { hash } });
    await new Promise<void>((resolve, reject) => {
      upload.once('error', reject);
      upload.once('finish', () => resolve());
      upload.end(content);
    });
    // Keep only the newest revision: GridFS adds a file per upload under the same name, so every new
    // picture of a user would otherwise leave the old ones behind, stored for nothing.
    for await (const old of this.bucket.find({ filename: avatarId, _id: { $ne: upload.id } })) {
      await this.bucket.delete(old._id);
    }
  }

  async get(avatarId: string): Promise<Buffer | undefined> {
    const [newest] = await this.bucket.find({ filename: avatarId }).sort({ uploadDate: -1 }).limit(1).toArray();
    if (!newest) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket.openDownloadStream(newest._id)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async remove(avatarId: string): Promise<boolean> {
    const files = await this.bucket.find({ filename: avatarId }).toArray();
    for (const f of files) await this.bucket.delete(f._id);
    return files.length > 0;
  }

  async list(): Promise<string[]> {
    const names = await this.client.db(this.dbName).collection(`${this.bucketName}.files`).distinct('filename');
    return (names as string[]).filter(isAvatarId).sort();
  }

  async ping(): Promise<boolean> {
    await this.client.db(this.dbName).command({ ping: 1 });
    return true;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
