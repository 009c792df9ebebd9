import { createHash } from 'node:crypto';
import { type CryptoKey, errors, type JWTVerifyGetKey, jwtVerify, SignJWT } from 'jose';
import { type Claims, orderClaims } from './claims';
import { claimsSchema } from './claims-schema';
import { jsonSegment, signHs256, verifyHs256 } from './hs256';
import { type AsymmetricAlgorithm, KeyNotFound, type SecretReader, type VerificationKeys } from './keys';
import { pooledRandomBytes } from './random';

/** Why a token was refused; the message goes to the client as `{"error": ...}`. */
export class TokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenError';
  }
}

/** The one spelling of an audience: the allow-list, the secret lookup and the claim all use it. */
export function canonicalAudience(aud: string): string {
  return aud.toLowerCase();
}

/**
 * Secrets from configuration: one per audience where mapped, else the shared one. The audience comes
 * from a token before its signature is checked, so only the map's own entries count: a plain object
 * lookup would hand out inherited members (`constructor`, `__proto__`) as "secrets" anyone can sign with.
 */
export function configSecretReader(shared: string | undefined, byAudience: Record<string, string>): SecretReader {
  const secrets = new Map(Object.entries(byAudience).map(([aud, secret]) => [canonicalAudience(aud), secret]));
  return (aud: string) => {
    const secret = secrets.get(canonicalAudience(aud)) ?? shared;
    if (typeof secret !== 'string' || secret === '') throw new TokenError(`no secret for audience "${aud}"`);
    return secret;
  };
}

/** 40 hex characters from 32 random bytes (go-pkgz randToken), for jti and OAuth state. */
export function randomToken(): string {
  return createHash('sha1').update(pooledRandomBytes(32)).digest('hex');
}

/** An asymmetric private key and its kid (the first key of AUTH_SIGNING_KEYS_FILE). */
export interface PrivateSigningKey {
  alg: AsymmetricAlgorithm;
  kid: string;
  key: CryptoKey;
}

/** Signs with an HS256 secret (go-pkgz: no kid) or a private key (its kid in the header). */
export async function signClaims(claims: Claims, secret: string | PrivateSigningKey): Promise<string> {
  // HS256 through node:crypto, jose's bytes (hs256.ts); the asymmetric algorithms through jose.
  if (typeof secret === 'string') return signHs256(orderClaims(claims) as Record<string, unknown>, secret);
  const jwt = new SignJWT(orderClaims(claims) as Record<string, unknown>);
  const token = await jwt.setProtectedHeader({ alg: secret.alg, kid: secret.kid, typ: 'JWT' }).sign(secret.key);
  return secret.alg === 'ES256' ? lowS(token) : token;
}

/** The order of P-256's base point, and half of it: ES256's s must not exceed the half. */
const P256_N = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');
const P256_HALF_N = P256_N >> 1n;

/** `s` of an ES256 JWS (r || s, 32 bytes each), or undefined when the signature is not 64 bytes. */
function es256S(token: string): bigint | undefined {
  const raw = Buffer.from(token.slice(token.lastIndexOf('.') + 1), 'base64url');
  return raw.length === 64 ? BigInt(`0x${raw.subarray(32).toString('hex')}`) : undefined;
}

/**
 * An ECDSA signature (r, s) has a twin (r, n - s) that verifies as well, so an ES256 token would have
 * two spellings (and a single-use or deny-list keyed on one would miss the other). WebCrypto signs
 * either form; Gatehouse always writes the low one and refuses the high one (as Bitcoin's BIP 62).
 */
function lowS(token: string): string {
  const s = es256S(token);
  if (s === undefined || s <= P256_HALF_N) return token;
  const cut = token.lastIndexOf('.') + 1;
  const raw = Buffer.from(token.slice(cut), 'base64url');
  const flipped = Buffer.concat([raw.subarray(0, 32), Buffer.from((P256_N - s).toString(16).padStart(64, '0'), 'hex')]);
  return `${token.slice(0, cut)}${flipped.toString('base64url')}`;
}

/**
 * Which key a token verified with: `auth`, the auth service's own (AUTH_SECRET or a previous one, or
 * the ES256/EdDSA key set); `site`, a secret of the token's audience from AUTH_SECRETS_FILE, which that
 * site's application holds as well and so can sign with (HS256: every verifier can mint).
 */
export type TokenSigner = 'auth' | 'site';

export interface VerifiedToken {
  claims: Claims;
  /** True when the signature is good but `exp` has passed (only cookie tokens may be refreshed). */
  expired: boolean;
  signer: TokenSigner;
}

export interface VerifyOptions {
  /** HS256 secrets (with previous ones) or an asymmetric key set; see VerificationKeys. */
  secrets: VerificationKeys;
  /** Allowed audiences; empty allows any (go-pkgz AudienceReader). */
  audiences: string[];
  /** The `iss` every token must carry (AUTH_ISSUER); unset: any. */
  issuer?: string;
  /** Whether a provider may still have sessions; unset: every provider. See providerOf. */
  providerAllowed?: (name: string) => boolean;
  /** Clock for exp/nbf checks (ms); tests inject one. */
  now?: () => number;
}

/**
 * The provider a token was issued for, as go-pkgz reads it: `auth_provider.name`, else the part of the
 * user id before its first `_`.
 */
export function providerOf(claims: Claims): string | undefined {
  if (claims.auth_provider?.name) return claims.auth_provider.name;
  const id = claims.user?.id;
  const cut = id?.indexOf('_') ?? -1;
  return id && cut > 0 ? id.slice(0, cut) : undefined;
}

/** `<provider>_<40 hex>`: every provider's user ids, login handlers' included (issue 25, item 9). */
const USER_ID = /^(.+)_[0-9a-f]{40}$/;

/** The provider that minted a user id (`dev` for `dev_<sha1>`), or undefined for another shape. */
export function providerOfUserId(id: string): string | undefined {
  return USER_ID.exec(id)?.[1];
}

/**
 * Sessions whose provider vouches for an account another provider made: a passkey logs in as the
 * `dev_...` or `github_...` user it was registered for, so it lives only while that provider does.
 */
const ACCOUNT_LINKING_PROVIDERS = new Set(['passkey']);

/** Every provider that must still be configured for the token to be accepted. */
function providersOf(claims: Claims): (string | undefined)[] {
  const provider = providerOf(claims);
  if (provider === undefined || !ACCOUNT_LINKING_PROVIDERS.has(provider)) return [provider];
  return [provider, providerOfUserId(claims.user?.id ?? '')];
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A segment in canonical base64url: its alphabet only, no padding, and no stray bits in the last
 * character (2 or 4 bits are unused when the length is not a multiple of 4; a length of 4n + 1 holds no
 * whole byte). What decoding and encoding again would compare, without either.
 */
function canonicalSegment(segment: string): boolean {
  if (!SEGMENT.test(segment)) return false;
  const rest = segment.length % 4;
  if (rest === 0) return true;
  if (rest === 1) return false;
  const last = BASE64URL.indexOf(segment[segment.length - 1] as string);
  return (last & (rest === 2 ? 0x0f : 0x03)) === 0;
}

/**
 * Each of the three segments in canonical base64url. A token has exactly one spelling, so a deny-list
 * or cache keyed on the token string cannot be side-stepped by another spelling of the same signature.
 */
function canonicalSegments(token: string): boolean {
  const parts = token.split('.');
  return parts.length === 3 && parts.every(canonicalSegment);
}

/** A single audience as go-pkgz requires it; an array of one is accepted on parse. */
function singleAudience(aud: unknown): string | undefined {
  if (typeof aud === 'string') return aud;
  if (Array.isArray(aud) && aud.length === 1 && typeof aud[0] === 'string') return aud[0];
  return undefined;
}

export function audienceAllowed(aud: string, audiences: string[]): boolean {
  if (audiences.length === 0) return true;
  const wanted = canonicalAudience(aud);
  return audiences.some((a) => canonicalAudience(a) === wanted);
}

/**
 * Verifies signature (HMAC only, secret chosen by the token's audience), nbf, the audience allow-list
 * and the one-audience rule for user tokens. An expired token is returned with `expired: true`, so the
 * caller decides: refresh a cookie token, refuse a header or query token.
 */
export async function verifyToken(token: string, options: VerifyOptions): Promise<VerifiedToken> {
  if (!canonicalSegments(token)) throw new TokenError('token is malformed');
  // Read once: the audience picks the secret, and HS256's check takes these claims as they are.
  const unverified = jsonSegment(token.slice(token.indexOf('.') + 1, token.lastIndexOf('.')));
  if (unverified === undefined) throw new TokenError('token is malformed');
  const rawAud = singleAudience(unverified.aud);
  const aud = rawAud === undefined ? undefined : canonicalAudience(rawAud);
  if (unverified.user !== undefined && aud === undefined) throw new TokenError('aud is not of size 1');
  if (aud === undefined || aud === '') {
    if (options.audiences.length > 0) throw new TokenError('no audience provided');
  } else if (!audienceAllowed(aud, options.audiences)) {
    throw new TokenError(`aud "${aud}" not allowed`);
  }
  let payload: Record<string, unknown>;
  let expired = false;
  try {
    ({ payload, expired } = await verifySignature(token, aud ?? '', options, unverified));
  } catch (err) {
    // jose checks the signature before the claims, so an expired error means the signature was good.
    if (err instanceof errors.JWTExpired) {
      payload = err.payload as Record<string, unknown>;
      expired = true;
    } else if (err instanceof errors.JWTClaimValidationFailed && err.claim === 'nbf') {
      throw new TokenError('token is not valid yet');
    } else if (err instanceof TokenError) {
      throw err;
    } else if (err instanceof KeyNotFound) {
      throw new TokenError(err.message);
    } else {
      throw new TokenError('token is invalid');
    }
  }
  const checked = claimsSchema.safeParse(payload);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new TokenError(issue?.path.length ? `claim ${issue.path.join('.')} is invalid` : 'claims are invalid');
  }
  if (options.issuer !== undefined && payload.iss !== options.issuer)
    throw new TokenError('token issuer is not accepted');
  const claims = { ...payload, aud } as Claims;
  if (options.providerAllowed) {
    const allowed = options.providerAllowed;
    if (claims.user && providersOf(claims).some((p) => p === undefined || !allowed(p))) {
      throw new TokenError('provider is not configured');
    }
  }
  // Only the audience's own secret verifies its tokens (previous shared secrets do not), so the
  // audience alone tells which key it was.
  const keys = options.secrets;
  const signer = typeof keys !== 'function' && keys.alg === 'HS256' && keys.siteSecret?.(aud ?? '') ? 'site' : 'auth';
  return { claims, expired, signer };
}

/**
 * The signature check with the one configured algorithm, and the payload with whether only exp has
 * passed. HS256 (hs256.ts) tries the audience's secret, then the previous ones (AUTH_SECRET_PREVIOUS);
 * a key set picks by kid, through jose.
 */
async function verifySignature(
  token: string,
  aud: string,
  options: VerifyOptions,
  payload: Record<string, unknown>,
): Promise<{ payload: Record<string, unknown>; expired: boolean }> {
  const keys = options.secrets;
  if (typeof keys !== 'function' && keys.alg !== 'HS256') {
    const verify = () =>
      jwtVerify(token, keys.keys as JWTVerifyGetKey, {
        algorithms: [keys.alg],
        currentDate: options.now ? new Date(options.now()) : undefined,
      });
    if (keys.alg === 'ES256' && (es256S(token) ?? 0n) > P256_HALF_N) {
      // A high-s twin is refused even when it verifies, expired or not; an unknown key keeps its own refusal.
      await verify().catch((err: unknown) => {
        if (!(err instanceof errors.JWTExpired)) throw err;
      });
      throw new TokenError('token is invalid');
    }
    return { payload: (await verify()).payload, expired: false };
  }
  const reader = typeof keys === 'function' ? keys : keys.secrets;
  let candidates: string[];
  try {
    candidates = [await reader(aud), ...(typeof keys === 'function' ? [] : (keys.previous?.(aud) ?? []))];
  } catch {
    throw new TokenError("can't get secret");
  }
  const verified = verifyHs256(token, candidates, options.now ? options.now() : Date.now(), payload);
  if (verified.ok) return verified;
  throw new TokenError(verified.reason === 'not_yet_valid' ? 'token is not valid yet' : 'token is invalid');
}
