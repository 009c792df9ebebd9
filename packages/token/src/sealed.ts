import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** AES-256-GCM: a 96-bit IV (NIST SP 800-38D's recommended size) and the full 128-bit tag. */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1.';

/**
 * Records kept in a shared store (Redis) that a login is decided on: a login waiting for its second
 * factor, a Telegram login request. Each is sealed with AES-256-GCM under a key only the workloads that
 * write and read it hold (never the store), with its place as the additional authenticated data
 * (`context`: the record's kind and id). A record written or changed by anyone else who reaches the
 * store, or copied to another id, does not open: it is refused, never turned into a session.
 * Retired keys (`previous`) still open what they sealed, so a key can be replaced without cutting
 * short the records in flight.
 */
export class RecordSeal {
  private readonly keys: Buffer[];

  constructor(key: Buffer, previous: Buffer[] = []) {
    for (const k of [key, ...previous]) if (k.length !== 32) throw new Error('a record key must be 32 bytes');
    this.keys = [key, ...previous];
  }

  /**
   * A record key derived from a secret the workload already holds (HKDF-SHA256), one per `purpose`, so
   * the same secret never keys two kinds of record, nor what it is otherwise used for.
   */
  static derive(secret: string | Buffer, purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', secret, 'gatehouse record seal', purpose, 32));
  }

  /** The value as JSON, sealed with the current key for `context`: `v1.<base64url(iv ‖ ciphertext ‖ tag)>`. */
  seal(value: unknown, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0] as Buffer, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  }

  /**
   * The parsed JSON of a record sealed for `context` by one of the keys; undefined for anything else
   * (not sealed, sealed by another key or for another context, altered, truncated). The caller still
   * parses the value with its strict schema.
   */
  open(sealed: string, context: string): unknown {
    if (!sealed.startsWith(VERSION)) return undefined;
    const data = Buffer.from(sealed.slice(VERSION.length), 'base64url');
    if (data.length < IV_BYTES + TAG_BYTES) return undefined;
    const iv = data.subarray(0, IV_BYTES);
    const body = data.subarray(IV_BYTES, data.length - TAG_BYTES);
    const tag = data.subarray(data.length - TAG_BYTES);
    for (const key of this.keys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tag);
        const plain = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
        return JSON.parse(plain) as unknown;
      } catch {
        // Another key, or not ours at all: try the next one.
      }
    }
    return undefined;
  }
}
