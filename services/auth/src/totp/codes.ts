import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_S = 30;
const DIGITS = 6;
/** One step of clock drift either way (RFC 6238 §5.2's recommended network delay allowance). */
const DRIFT_STEPS = 1;
/** 160 bits, RFC 4226 §4's recommended secret length. */
const SECRET_BYTES = 20;

export function newSecret(): Buffer {
  return Buffer.from(new Secret({ size: SECRET_BYTES }).buffer);
}

export function base32(secret: Buffer): string {
  return new Secret({ buffer: new Uint8Array(secret).buffer }).base32;
}

function totp(secret: Buffer, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: TOTP_PERIOD_S,
    secret: new Secret({ buffer: new Uint8Array(secret).buffer }),
  });
}

/** The otpauth:// URI authenticator apps scan (Key Uri Format): issuer in the label and as a parameter. */
export function otpauthUri(secret: Buffer, issuer: string, accountName: string): string {
  return totp(secret, issuer, accountName).toString();
}

/** A code as a person types it: spaces and dashes dropped; undefined unless exactly 6 digits remain. */
export function normalizeCode(code: string): string | undefined {
  const digits = code.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/**
 * The time step (counter) the code belongs to, within one step of `nowMs` either way; undefined for a
 * wrong code. The caller refuses a step at or below the last one used (replay).
 */
export function matchStep(secret: Buffer, code: string, nowMs: number): number | undefined {
  const delta = totp(secret).validate({ token: code, timestamp: nowMs, window: DRIFT_STEPS });
  if (delta === null) return undefined;
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_S) + delta;
}

/** The code of a time (tests, and the page's own checks never: only authenticator apps make codes). */
export function codeAt(secret: Buffer, nowMs: number): string {
  return totp(secret).generate({ timestamp: nowMs });
}

// Recovery codes: 12 characters of an alphabet without look-alikes (no 0/o, 1/l/i), 60 bits each,
// shown as xxxx-xxxx-xxxx. 60 bits make a leaked table's SHA-256 hashes too costly to reverse.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 12;
export const RECOVERY_CODE_COUNT = 10;

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    let raw = '';
    for (let i = 0; i < RECOVERY_LENGTH; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
    return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
  });
}

/** A recovery code as typed: case, spaces and dashes ignored; undefined when it cannot be one. */
export function normalizeRecoveryCode(code: string): string | undefined {
  const raw = code.toLowerCase().replace(/[\s-]/g, '');
  if (raw.length !== RECOVERY_LENGTH) return undefined;
  for (const c of raw) if (!ALPHABET.includes(c)) return undefined;
  return raw;
}

/** SHA-256 over the user id and the normalized code: the same code of two users hashes apart. */
export function hashRecoveryCode(userId: string, normalized: string): Buffer {
  return createHash('sha256').update(`${userId}\n${normalized}`).digest();
}

/** Which of the stored hashes `hash` is, compared in constant time against every one. */
export function findHash(hash: Buffer, stored: Buffer[]): number {
  let found = -1;
  stored.forEach((candidate, i) => {
    if (candidate.length === hash.length && timingSafeEqual(candidate, hash) && found < 0) found = i;
  });
  return found;
}
