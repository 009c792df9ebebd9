import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject } from 'node:crypto';
import { pooledRandomBytes } from '@gatehouse/token';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const JTI_BYTES = 16;
/** Longer sealed values are refused unread: the dev server's codes and tokens are far shorter. */
const MAX_SEALED = 2048;

/**
 * Small values only the holders of one key can make and read, for a set time: the dev OAuth2 server's
 * codes and access tokens, which any auth replica with the key must read (dev-server.ts). AES-256-GCM
 * through node:crypto, the purpose as associated data (a code never opens as a token), an expiry and
 * a random jti inside: `base64url(iv | ciphertext | tag)`. It replaced jose's JWE (`dir`, A256GCM),
 * whose WebCrypto path cost a login about 0.7 ms of CPU for two seals and two openings (issue 36).
 */
export class Sealer {
  private readonly key: KeyObject;

  constructor(
    key: Uint8Array,
    private readonly now: () => number = Date.now,
  ) {
    if (key.length !== 32) throw new Error('a sealing key is 32 bytes');
    this.key = createSecretKey(key);
  }

  seal(purpose: string, ttlSeconds: number, claims: Record<string, string>): string {
    const random = pooledRandomBytes(IV_BYTES + JTI_BYTES);
    const iv = random.subarray(0, IV_BYTES);
    const payload = {
      ...claims,
      jti: random.subarray(IV_BYTES).toString('base64url'),
      exp: Math.floor(this.now() / 1000) + ttlSeconds,
    };
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(purpose));
    const sealed = Buffer.concat([
      iv,
      cipher.update(JSON.stringify(payload), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return sealed.toString('base64url');
  }

  /** The claims (with jti and exp) of a value sealed for `purpose` and not expired; undefined otherwise. */
  open(purpose: string, sealed: string): Record<string, unknown> | undefined {
    if (sealed.length === 0 || sealed.length > MAX_SEALED) return undefined;
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length <= IV_BYTES + TAG_BYTES) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
      const payload: unknown = JSON.parse(text.toString('utf8'));
      if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
      const { exp, jti } = payload as { exp?: unknown; jti?: unknown };
      if (typeof exp !== 'number' || exp <= Math.floor(this.now() / 1000) || typeof jti !== 'string') return undefined;
      return payload as Record<string, unknown>;
    } catch {
      return undefined; // forged, altered, sealed with another key or for another purpose
    }
  }
}
