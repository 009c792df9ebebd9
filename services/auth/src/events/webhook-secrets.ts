import { RecordSeal } from '@gatehouse/token';
import type { TotpSettings } from '../totp/config';
import { SecretBox } from '../totp/secret-box';

/** What the webhook secrets' key is derived for: never the TOTP secrets' own key, nor another record's. */
const PURPOSE = 'webhook secrets';
/** `v1.<key id>.<base64url(iv ‖ ciphertext ‖ tag)>`: a sealed secret; `whsec_...` one stored in the clear. */
const SEALED = /^v1\.([0-9a-f]{16})\.([A-Za-z0-9_-]+)$/;
const PLAIN_PREFIX = 'whsec_';

export class WebhookSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSecretError';
  }
}

/**
 * Webhook endpoint secrets at rest (issue 43): `secret` and `previous_secret` are sealed with AES-256-GCM
 * under a key derived (HKDF-SHA256, its own purpose) from AUTH_TOTP_KEY, the auth service's alone, with
 * the webhook's id as the additional authenticated data, as TOTP secrets are with the user's: a row read
 * from a backup signs nothing, and a sealed secret copied to another endpoint's row does not open.
 * Retired keys (AUTH_TOTP_KEY_PREVIOUS) still open what they sealed; the key is rotated as the TOTP key is.
 * A value in the clear (`whsec_...`, stored before sealing, or on a stack without AUTH_TOTP_KEY) still
 * opens, and is sealed by sealStoredSecrets once a key is configured.
 */
export class WebhookSecrets {
  /** Undefined without AUTH_TOTP_KEY: secrets are then stored in the clear, as before sealing. */
  private readonly box: SecretBox | undefined;

  constructor(totp: Pick<TotpSettings, 'key' | 'previous'> | undefined) {
    const derive = (key: Buffer) => RecordSeal.derive(key, PURPOSE);
    this.box = totp?.key ? new SecretBox(derive(totp.key), totp.previous.map(derive)) : undefined;
  }

  /** Whether new secrets are sealed (AUTH_TOTP_KEY is set). */
  get sealing(): boolean {
    return this.box !== undefined;
  }

  /** The value to store for `secret` of endpoint `webhookId`. */
  seal(secret: string, webhookId: string): string {
    if (!this.box) return secret;
    const sealed = this.box.seal(Buffer.from(secret, 'utf8'), webhookId);
    return `v1.${sealed.keyId}.${sealed.data.toString('base64url')}`;
  }

  /** The secret a stored value holds for `webhookId`; a WebhookSecretError when it does not open. */
  open(stored: string, webhookId: string): string {
    if (stored.startsWith(PLAIN_PREFIX)) return stored;
    const match = SEALED.exec(stored);
    if (!match) throw new WebhookSecretError('the stored secret is neither sealed nor a whsec_ secret');
    if (!this.box) throw new WebhookSecretError('the secret is sealed and AUTH_TOTP_KEY is unset');
    const keyId = match[1] as string;
    let plain: string;
    try {
      plain = this.box.open({ keyId, data: Buffer.from(match[2] as string, 'base64url') }, webhookId).toString('utf8');
    } catch (err) {
      // An unknown key, altered bytes, or a secret sealed for another endpoint: never a secret to sign with.
      const why = /not configured/.test((err as Error).message)
        ? `its key ${keyId} is not configured (AUTH_TOTP_KEY, AUTH_TOTP_KEY_PREVIOUS)`
        : 'it was altered, or sealed for another endpoint';
      throw new WebhookSecretError(`the sealed secret does not open: ${why}`);
    }
    if (!plain.startsWith(PLAIN_PREFIX)) throw new WebhookSecretError('the sealed secret is not a whsec_ secret');
    return plain;
  }

  /** Whether a stored value is as this key would store it now: sealed with the current key (or, without one, anything). */
  isCurrent(stored: string | null): boolean {
    if (stored === null || !this.box) return true;
    return stored.startsWith(`v1.${this.box.currentKeyId}.`);
  }
}
