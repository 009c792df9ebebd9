import { optionalText } from '@gatehouse/config';
import { parseKey } from './secret-box';

/** The TOTP settings' environment variables (docs/accounts.md "Second factor (TOTP)"). */
export const totpSettingsShape = {
  /** 64 hex characters: seals TOTP secrets (AES-256-GCM). TOTP is on with it and DATABASE_URL. */
  AUTH_TOTP_KEY: optionalText(),
  /** Retired keys, comma-separated: they still open secrets, which are sealed again with AUTH_TOTP_KEY on use. */
  AUTH_TOTP_KEY_PREVIOUS: optionalText(),
};

export interface TotpSettings {
  key: Buffer | undefined;
  previous: Buffer[];
}

/** Reads the keys; a malformed one is a start-up problem naming its variable, never its value. */
export function resolveTotpSettings(
  raw: { AUTH_TOTP_KEY?: string; AUTH_TOTP_KEY_PREVIOUS?: string },
  problems: string[],
): TotpSettings {
  const read = (name: string, hex: string): Buffer | undefined => {
    try {
      return parseKey(hex.trim());
    } catch (err) {
      problems.push(`${name}: ${(err as Error).message}`);
      return undefined;
    }
  };
  const key = raw.AUTH_TOTP_KEY ? read('AUTH_TOTP_KEY', raw.AUTH_TOTP_KEY) : undefined;
  const previous = (raw.AUTH_TOTP_KEY_PREVIOUS ?? '')
    .split(',')
    .filter((k) => k.trim() !== '')
    .map((k) => read('AUTH_TOTP_KEY_PREVIOUS', k))
    .filter((k): k is Buffer => k !== undefined);
  if (previous.length > 0 && !key) problems.push('AUTH_TOTP_KEY_PREVIOUS: needs AUTH_TOTP_KEY (the key to seal with)');
  return { key, previous };
}
