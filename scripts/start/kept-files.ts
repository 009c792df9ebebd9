// What `pnpm start` makes once and keeps in its data folder (.data/, or GATEHOUSE_DATA_DIR), so logins,
// keys and sealed secrets survive a restart.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { JWK } from 'jose';
import type { AsymmetricAlgorithm } from '../../packages/token/src/keys';

// The YAML reader and jose are loaded only when a start needs them (a PAYMENT_SETTINGS file, ES256 or
// EdDSA keys): the launcher stays small for the whole life of the stack.

/** A secret made once and kept in the data folder. */
export function keptSecret(data: string, file: string): string {
  const full = path.join(data, file);
  if (existsSync(full)) return readFileSync(full, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(full, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Any PROCESSOR_* credential, in the environment or the PAYMENT_SETTINGS file the payment service reads. */
export async function hasProcessorCredentials(env: Record<string, string | undefined>): Promise<boolean> {
  const names = ['PROCESSOR_MERCHANT_ID', 'PROCESSOR_PUBLIC_KEY', 'PROCESSOR_PRIVATE_KEY', 'PROCESSOR_GATEWAY_URL'];
  if (names.some((n) => (env[n] ?? '').trim() !== '')) return true;
  if (!env.PAYMENT_SETTINGS) return false;
  const { readStructuredFile } = await import('../../packages/config/src/files');
  let settings: unknown;
  try {
    settings = readStructuredFile(env.PAYMENT_SETTINGS);
  } catch {
    return false; // the payment service reports the unreadable file itself
  }
  const values = (settings ?? {}) as Record<string, unknown>;
  return names.some((n) => String(values[n] ?? '').trim() !== '');
}

/**
 * With AUTH_JWT_ALG=ES256 or EdDSA and no AUTH_SIGNING_KEYS_FILE: a JWK Set of one private key, made
 * once per algorithm and kept like the secret. Rotation is done by hand (docs/signing-keys.md).
 */
export async function keptSigningKeys(
  data: string,
  alg: string | undefined,
  file: string | undefined,
): Promise<string | undefined> {
  if (file || (alg !== 'ES256' && alg !== 'EdDSA')) return file;
  const full = path.join(data, `signing-keys-${alg}.json`);
  if (!existsSync(full)) {
    const { generateSigningJwk } = await import('../../packages/token/src/keys');
    const jwk = await generateSigningJwk(alg as AsymmetricAlgorithm);
    writeFileSync(full, `${JSON.stringify({ keys: [jwk] }, null, 2)}\n`, { mode: 0o600 });
    console.log(`[start       ] AUTH_JWT_ALG=${alg}: made a signing key in ${full}`);
  }
  return full;
}

/**
 * The public half of the signing keys file, written into the data folder at every start, for the
 * gateway: it only verifies, so it never gets a private key. Undefined when the file cannot be read as a
 * key set (the auth service then reports it).
 */
export async function publicSigningKeys(data: string, file: string | undefined): Promise<string | undefined> {
  if (!file) return undefined;
  const { publicKeySetOf } = await import('../../packages/token/src/keys');
  try {
    const { keys } = JSON.parse(readFileSync(file, 'utf8')) as { keys: JWK[] };
    const out = path.join(data, `${path.basename(file).replace(/\.json$/, '')}.public.json`);
    writeFileSync(out, `${JSON.stringify(publicKeySetOf(keys), null, 2)}\n`);
    return out;
  } catch {
    return undefined;
  }
}
