import { readStructuredFile } from './files';
import { z } from './schema';

/** AUTH_JWT_ALG values; HS256 (the go-pkgz contract) unless set. Kept in step with @gatehouse/token. */
export const JWT_ALGORITHM_NAMES = ['HS256', 'ES256', 'EdDSA'] as const;
export type JwtAlgorithmName = (typeof JWT_ALGORITHM_NAMES)[number];

/** A JWK as the key file holds it; the token package imports and checks it at start. */
export type KeyFileJwk = Record<string, unknown> & { kid: string; kty: string; d?: string };

const privateJwk = z.looseObject({ kid: z.string().min(1), kty: z.string(), d: z.string().min(1) });
const anyJwk = z.looseObject({ kid: z.string().min(1), kty: z.string(), d: z.string().min(1).optional() });
const keyFiles = {
  sign: z.object({ keys: z.array(privateJwk).min(1) }),
  verify: z.object({ keys: z.array(anyJwk).min(1) }),
};

/**
 * What a process does with the key file: the auth service signs (every key private), the gateway only
 * verifies (public keys are enough, and private parts in its file are never imported).
 */
export type KeyUse = keyof typeof keyFiles;
const KEYS_EXPECTED: Record<KeyUse, string> = {
  sign: 'a JWK Set of private keys with kid',
  verify: 'a JWK Set of keys with kid (public keys are enough here)',
};

export interface SigningSettings {
  alg: JwtAlgorithmName;
  /** The keys of AUTH_SIGNING_KEYS_FILE, first one signing (private where `use` is sign); empty with HS256. */
  signingJwks: KeyFileJwk[];
  /** AUTH_SECRET_PREVIOUS: HS256 secrets that still verify, never sign. */
  previousSecrets: string[];
}

/**
 * Reads the key file and refuses contradictions: with ES256/EdDSA one key set signs every audience, so
 * per-audience secrets and previous HS256 secrets have nothing to sign or verify; with HS256 a key file
 * would be ignored. Problems are pushed, to be reported with every other one.
 */
export function resolveSigningSettings(
  raw: {
    AUTH_JWT_ALG: JwtAlgorithmName;
    AUTH_SIGNING_KEYS_FILE?: string;
    AUTH_SECRET_PREVIOUS: string[];
    AUTH_SECRETS_FILE?: string;
  },
  minSecretLength: number,
  problems: string[],
  use: KeyUse = 'sign',
): SigningSettings {
  const alg = raw.AUTH_JWT_ALG;
  const file = raw.AUTH_SIGNING_KEYS_FILE;
  let signingJwks: KeyFileJwk[] = [];
  if (alg === 'HS256') {
    if (file) problems.push('AUTH_SIGNING_KEYS_FILE: only used with AUTH_JWT_ALG=ES256 or EdDSA (it is HS256)');
    raw.AUTH_SECRET_PREVIOUS.forEach((s, i) => {
      if (s.length < minSecretLength)
        problems.push(`AUTH_SECRET_PREVIOUS[${i}]: must be at least ${minSecretLength} characters`);
    });
  } else {
    if (raw.AUTH_SECRETS_FILE) {
      problems.push(
        `AUTH_SECRETS_FILE: per-audience secrets are HS256 only; with AUTH_JWT_ALG=${alg} one key set signs every audience`,
      );
    }
    if (raw.AUTH_SECRET_PREVIOUS.length > 0) {
      problems.push(`AUTH_SECRET_PREVIOUS: HS256 only; with AUTH_JWT_ALG=${alg} rotate keys in AUTH_SIGNING_KEYS_FILE`);
    }
    if (!file) {
      problems.push(`AUTH_SIGNING_KEYS_FILE: required with AUTH_JWT_ALG=${alg} (${KEYS_EXPECTED[use]})`);
    } else {
      try {
        const parsed = keyFiles[use].safeParse(readStructuredFile(file));
        if (parsed.success) signingJwks = parsed.data.keys as KeyFileJwk[];
        else problems.push(`AUTH_SIGNING_KEYS_FILE: ${file} must be ${KEYS_EXPECTED[use]} ({"keys": [...]})`);
      } catch (err) {
        problems.push(`AUTH_SIGNING_KEYS_FILE: cannot read ${file} (${(err as Error).message})`);
      }
    }
  }
  return { alg, signingJwks, previousSecrets: alg === 'HS256' ? raw.AUTH_SECRET_PREVIOUS : [] };
}
