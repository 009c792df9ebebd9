import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** AES-256-GCM: a 96-bit IV (NIST SP 800-38D's recommended size) and the full 128-bit tag. */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_HEX = /^[0-9a-fA-F]{64}$/;

/** A sealed secret and the id of the key that sealed it (what rotation looks at). */
export interface Sealed {
  keyId: string;
  /** iv ‖ ciphertext ‖ tag */
  data: Buffer;
}

/** The key's id: the first 16 hex digits of its SHA-256, so rows say which key they need without holding it. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** Parses AUTH_TOTP_KEY (64 hex characters); throws with a message naming what is wrong. */
export function parseKey(hex: string): Buffer {
  if (!KEY_HEX.test(hex)) throw new Error('must be 64 hex characters (32 bytes), e.g. `openssl rand -hex 32`');
  return Buffer.from(hex, 'hex');
}

/**
 * Encrypts TOTP secrets at rest with AUTH_TOTP_KEY. The user id is the additional authenticated data, so a
 * sealed secret copied to another user's row does not open. Retired keys (AUTH_TOTP_KEY_PREVIOUS) still
 * open what they sealed, and `needsReseal` tells the caller to seal it again with the current key.
 */
export class SecretBox {
  private readonly current: { id: string; key: Buffer };
  private readonly byId = new Map<string, Buffer>();

  constructor(key: Buffer, previous: Buffer[] = []) {
    if (key.length !== 32) throw new Error('the TOTP key must be 32 bytes');
    this.current = { id: keyId(key), key };
    for (const k of [key, ...previous]) this.byId.set(keyId(k), k);
  }

  seal(plain: Buffer, userId: string): Sealed {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    cipher.setAAD(Buffer.from(userId, 'utf8'));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return { keyId: this.current.id, data: Buffer.concat([iv, body, cipher.getAuthTag()]) };
  }

  /** The plain secret; throws when the key is unknown (retired and dropped) or the data was altered. */
  open(sealed: Sealed, userId: string): Buffer {
    const key = this.byId.get(sealed.keyId);
    if (!key) throw new Error(`TOTP secret sealed with key ${sealed.keyId}, which is not configured`);
    if (sealed.data.length < IV_BYTES + TAG_BYTES) throw new Error('sealed TOTP secret is truncated');
    const iv = sealed.data.subarray(0, IV_BYTES);
    const tag = sealed.data.subarray(sealed.data.length - TAG_BYTES);
    const body = sealed.data.subarray(IV_BYTES, sealed.data.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(userId, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  }

  /** The id of the key new secrets are sealed with. */
  get currentKeyId(): string {
    return this.current.id;
  }

  needsReseal(sealed: Sealed): boolean {
    return sealed.keyId !== this.current.id;
  }
}
