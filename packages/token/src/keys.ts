import { randomBytes } from 'node:crypto';
import {
  CompactSign,
  type CryptoKey,
  compactVerify,
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';

/** AUTH_JWT_ALG: HS256 is the go-pkgz contract; the others sign with a private key and publish a JWKS. */
export const JWT_ALGORITHMS = ['HS256', 'ES256', 'EdDSA'] as const;
export type JwtAlgorithm = (typeof JWT_ALGORITHMS)[number];
export type AsymmetricAlgorithm = Exclude<JwtAlgorithm, 'HS256'>;

export function isAsymmetric(alg: JwtAlgorithm): alg is AsymmetricAlgorithm {
  return alg !== 'HS256';
}

/** The key type and curve each asymmetric algorithm takes (RFC 7518 §3.4, RFC 8037 §3.1). */
export const KEY_SHAPE: Record<AsymmetricAlgorithm, { kty: string; crv: string; publicMembers: ('x' | 'y')[] }> = {
  ES256: { kty: 'EC', crv: 'P-256', publicMembers: ['x', 'y'] },
  EdDSA: { kty: 'OKP', crv: 'Ed25519', publicMembers: ['x'] },
};

/** Secrets of one audience: the current one signs and verifies, previous ones only verify. */
export type SecretReader = (aud: string) => Promise<string> | string;

/**
 * What a token is verified with. A bare SecretReader is HS256 with no previous secret. `previous`
 * (AUTH_SECRET_PREVIOUS) gives the retired secrets still accepted for an audience. An asymmetric set
 * resolves the key from the token's `kid`; only the configured algorithm is ever accepted.
 */
export type VerificationKeys =
  | SecretReader
  | {
      alg: 'HS256';
      secrets: SecretReader;
      previous?: (aud: string) => string[];
      /**
       * Whether `aud` has a secret of its own (AUTH_SECRETS_FILE): its tokens are then signed with a
       * secret its site's application holds too, so they are told apart from the auth service's own
       * (VerifiedToken.signer). Unset: every secret is the auth service's.
       */
      siteSecret?: (aud: string) => boolean;
    }
  | { alg: AsymmetricAlgorithm; keys: JWTVerifyGetKey };

/** The public keys of AUTH_SIGNING_KEYS_FILE: what a verifier needs, and all the gateway holds. */
export interface PublicKeySet {
  alg: AsymmetricAlgorithm;
  /** Public keys by kid: a Map, so a `kid` such as `__proto__` finds nothing. */
  verifying: Map<string, CryptoKey>;
  /** The public JWK Set served at /auth/jwks.json: rebuilt from public members only. */
  jwks: JSONWebKeySet;
}

/** The private keys of AUTH_SIGNING_KEYS_FILE: the first signs, every one verifies. */
export interface SigningKeySet extends PublicKeySet {
  signing: { kid: string; key: CryptoKey };
}

/** The public half of a private JWK: only the members a verifier needs, never `d` or anything unknown. */
export function publicJwk(alg: AsymmetricAlgorithm, jwk: JWK): JWK {
  const shape = KEY_SHAPE[alg];
  const out: JWK = { kty: shape.kty, crv: shape.crv, kid: jwk.kid, alg, use: 'sig' };
  for (const member of shape.publicMembers) out[member] = jwk[member];
  return out;
}

/**
 * The public JWK Set of a key file (private or not), each key's algorithm told by its type and curve:
 * what to give a process that only verifies (the gateway, `pnpm public-keys`).
 */
export function publicKeySetOf(jwks: JWK[]): JSONWebKeySet {
  return {
    keys: jwks.map((jwk) => {
      const alg = (Object.keys(KEY_SHAPE) as AsymmetricAlgorithm[]).find(
        (a) => KEY_SHAPE[a].kty === jwk.kty && KEY_SHAPE[a].crv === jwk.crv,
      );
      if (!alg) throw new Error(`key "${String(jwk.kid)}" is neither ES256 (EC P-256) nor EdDSA (OKP Ed25519)`);
      return publicJwk(alg, jwk);
    }),
  };
}

/**
 * Imports and checks the private JWKs (every one: kid, type, curve, algorithm, and that its private and
 * public parts belong together, by signing and verifying a probe). Throws with the kid at fault.
 */
export async function loadSigningKeys(alg: AsymmetricAlgorithm, jwks: JWK[]): Promise<SigningKeySet> {
  if (jwks.length === 0) throw new Error('the key set has no key');
  const verifying = new Map<string, CryptoKey>();
  const publicKeys: JWK[] = [];
  let signing: SigningKeySet['signing'] | undefined;
  for (const jwk of jwks) {
    const kid = checkedKid(alg, jwk, verifying);
    if (typeof jwk.d !== 'string') throw new Error(`key "${kid}" has no private part (d)`);
    const pub = publicJwk(alg, jwk);
    const [privateKey, publicKey] = (await Promise.all([importJWK({ ...jwk, alg }, alg), importJWK(pub, alg)]).catch(
      (err: Error) => {
        throw new Error(`key "${kid}" cannot be imported (${err.message})`);
      },
    )) as [CryptoKey, CryptoKey];
    const probe = await new CompactSign(new Uint8Array([1])).setProtectedHeader({ alg }).sign(privateKey);
    await compactVerify(probe, publicKey).catch(() => {
      throw new Error(`key "${kid}": the private and public parts do not match`);
    });
    verifying.set(kid, publicKey);
    publicKeys.push(pub);
    signing ??= { kid, key: privateKey };
  }
  return { alg, signing: signing as SigningKeySet['signing'], verifying, jwks: { keys: publicKeys } };
}

/**
 * Imports the public half of each JWK, checked like loadSigningKeys does (kid, type, curve, algorithm).
 * A private part in the file is never imported, so a process that only verifies never holds a key
 * that signs. Throws with the kid at fault.
 */
export async function loadPublicKeys(alg: AsymmetricAlgorithm, jwks: JWK[]): Promise<PublicKeySet> {
  if (jwks.length === 0) throw new Error('the key set has no key');
  const verifying = new Map<string, CryptoKey>();
  const publicKeys: JWK[] = [];
  for (const jwk of jwks) {
    const kid = checkedKid(alg, jwk, verifying);
    const pub = publicJwk(alg, jwk);
    const key = (await importJWK(pub, alg).catch((err: Error) => {
      throw new Error(`key "${kid}" cannot be imported (${err.message})`);
    })) as CryptoKey;
    verifying.set(kid, key);
    publicKeys.push(pub);
  }
  return { alg, verifying, jwks: { keys: publicKeys } };
}

/** The key's kid, once it is known to be new in `seen` and the key to be one of `alg`'s. */
function checkedKid(alg: AsymmetricAlgorithm, jwk: JWK, seen: Map<string, CryptoKey>): string {
  const shape = KEY_SHAPE[alg];
  const kid = jwk.kid;
  if (typeof kid !== 'string' || kid === '') throw new Error('every key needs a kid');
  if (seen.has(kid)) throw new Error(`kid "${kid}" appears twice`);
  if (jwk.kty !== shape.kty || jwk.crv !== shape.crv || (jwk.alg !== undefined && jwk.alg !== alg)) {
    throw new Error(`key "${kid}" is not a ${alg} key (${shape.kty} ${shape.crv})`);
  }
  return kid;
}

/** Verification by a loaded key set: the token's kid must be one of ours and its alg the configured one. */
export function keySetVerification(set: PublicKeySet): VerificationKeys {
  return {
    alg: set.alg,
    keys: (header) => {
      const key = header.kid === undefined ? undefined : set.verifying.get(header.kid);
      if (!key) throw new KeyNotFound();
      return key;
    },
  };
}

/**
 * Verification by a JWK Set fetched from a URL (jose's remote key set: cached, fetched again when a
 * token names a kid it does not know, at most every 30 s). Only `alg` is accepted, whatever the set holds.
 */
export function remoteKeySet(url: string | URL, alg: AsymmetricAlgorithm): VerificationKeys {
  return { alg, keys: createRemoteJWKSet(new URL(url)) };
}

/** A token whose kid names no key we have: refused, with its own message. */
export class KeyNotFound extends Error {
  constructor() {
    super('token key is unknown');
  }
}

/** A new private JWK with a random kid, for `pnpm start` and tests. */
export async function generateSigningJwk(alg: AsymmetricAlgorithm): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true, crv: KEY_SHAPE[alg].crv });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: randomBytes(12).toString('base64url'), alg, use: 'sig' };
}

/**
 * Retired HS256 secrets (AUTH_SECRET_PREVIOUS) replace the shared secret only: an audience with its
 * own secret (AUTH_SECRETS_FILE) accepts only that one, so an old shared secret cannot mint tokens
 * for it.
 */
export function previousSecrets(byAudience: Record<string, string>, previous: string[]): (aud: string) => string[] {
  const own = new Set(Object.keys(byAudience).map((a) => a.toLowerCase()));
  return (aud) => (own.has(aud.toLowerCase()) ? [] : previous);
}

/** The signing settings of @gatehouse/config's TokenSettings, as this package reads them. */
export interface KeySettings {
  alg: JwtAlgorithm;
  signingJwks: Record<string, unknown>[];
  previousSecrets: string[];
  secretsByAudience: Record<string, string>;
  /** AUTH_SECRET: the auth service's own HS256 secret. */
  secret?: string;
}

/**
 * The audiences whose tokens are signed with a site's own secret (AUTH_SECRETS_FILE), not the auth
 * service's: an entry equal to AUTH_SECRET is the auth service's key under another name. Undefined when
 * there are none (a stack without per-site secrets: nothing changes).
 */
export function siteSecretAudiences(settings: KeySettings): ((aud: string) => boolean) | undefined {
  const sites = new Set(
    Object.entries(settings.secretsByAudience)
      .filter(([, secret]) => secret !== settings.secret)
      .map(([aud]) => aud.toLowerCase()),
  );
  return sites.size === 0 ? undefined : (aud) => sites.has(aud.toLowerCase());
}

/**
 * The keys both the auth service and the gateway derive from the same settings: the loaded key set
 * (ES256/EdDSA) or HS256 secrets. `use`: the auth service signs (every key private, `signingKeys`
 * set); the gateway only verifies (public halves only: `publicKeys`, never `signingKeys`).
 * `hookSecrets`: the read-secret hook owns the secrets and their rotation, so AUTH_SECRET_PREVIOUS is
 * not added to its answers.
 */
export async function configuredKeys(
  settings: KeySettings,
  secrets: SecretReader,
  hookSecrets: boolean,
  use: 'sign' | 'verify' = 'sign',
): Promise<{
  signingKeys?: SigningKeySet;
  /** The public keys (both uses): what /auth/jwks.json serves. */
  publicKeys?: PublicKeySet;
  previous?: (aud: string) => string[];
  verification: VerificationKeys;
}> {
  const { alg } = settings;
  if (isAsymmetric(alg)) {
    const jwks = settings.signingJwks as JWK[];
    const named = (err: Error): never => {
      throw new Error(`AUTH_SIGNING_KEYS_FILE: ${err.message}`);
    };
    if (use === 'verify') {
      const publicKeys = await loadPublicKeys(alg, jwks).catch(named);
      return { publicKeys, verification: keySetVerification(publicKeys) };
    }
    const signingKeys = await loadSigningKeys(alg, jwks).catch(named);
    return { signingKeys, publicKeys: signingKeys, verification: keySetVerification(signingKeys) };
  }
  const previous =
    hookSecrets || settings.previousSecrets.length === 0
      ? undefined
      : previousSecrets(settings.secretsByAudience, settings.previousSecrets);
  // The read-secret hook is the application's own secret store, trusted as the auth service is: its
  // secrets are not told apart.
  const siteSecret = hookSecrets ? undefined : siteSecretAudiences(settings);
  return { previous, verification: { alg: 'HS256', secrets, previous, siteSecret } };
}
