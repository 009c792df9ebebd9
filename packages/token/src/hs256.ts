import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HS256 tokens (compact JWS, HMAC-SHA256) signed and checked with node:crypto's synchronous HMAC.
 *
 * jose does the same through WebCrypto, where every call imports the secret as a key, queues an
 * asynchronous job and builds its result in promises: 100–200 µs a token on this project's machine, where
 * the MAC itself takes a few (docs/benchmarks.md, issue 36); the gateway and the auth service each check
 * a token twice per refresh. The tokens are jose's bytes (hs256.test.ts signs with both) and the checks
 * are jose's, in its order, a little stricter: the header must be a JSON object naming `alg` HS256 with
 * no `crit` or `b64` member (Gatehouse never writes them; jose accepts `b64: true` under `crit`), then
 * the MAC (constant-time), then the claims: a JSON object whose `iat`, `nbf` and `exp`, when present,
 * are numbers, refused before `nbf` and expired from `exp` (whole seconds, no tolerance), as jose's
 * `jwtVerify`. Text must be well-formed UTF-8. ES256 and EdDSA tokens stay with jose.
 */

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const MAC_BYTES = 32;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export type Hs256Verified =
  | { ok: true; payload: Record<string, unknown>; expired: boolean }
  /** `invalid`: malformed, another algorithm or no secret's MAC; `not_yet_valid`: before its nbf. */
  | { ok: false; reason: 'invalid' | 'not_yet_valid' };

const INVALID: Hs256Verified = { ok: false, reason: 'invalid' };

function mac(secret: string, input: string): Buffer {
  // An empty secret is no secret: whoever knows that signs anything.
  if (secret === '') throw new TypeError('an HS256 secret must not be empty');
  return createHmac('sha256', secret).update(input).digest();
}

/** Signs `claims` as jose's SignJWT does with `{ alg: 'HS256', typ: 'JWT' }`: the same bytes. */
export function signHs256(claims: Record<string, unknown>, secret: string): string {
  for (const claim of ['iat', 'nbf', 'exp']) {
    const value = claims[claim];
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`"${claim}" claim must be finite`);
  }
  const input = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${input}.${mac(secret, input).toString('base64url')}`;
}

/** A plain JSON object (not an array, null or a value), as jose's isObject. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}

/** The JSON object a base64url segment holds (well-formed UTF-8), or undefined for anything else. */
export function jsonSegment(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(strictUtf8.decode(Buffer.from(segment, 'base64url')));
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks an HS256 token against each of `secrets` in turn (the audience's, then retired ones) and reads
 * its claims. The caller has checked the segments' spelling (jwt.ts canonicalSegments). Never throws
 * for a bad token: refusals are results, as they are frequent (every expired token is one) and an
 * exception costs a stack trace.
 */
export function verifyHs256(
  token: string,
  secrets: readonly string[],
  nowMs: number,
  /** The claims segment as jsonSegment read it, when the caller has already (it is not read again). */
  claims?: Record<string, unknown>,
): Hs256Verified {
  const first = token.indexOf('.');
  const last = token.lastIndexOf('.');
  if (first <= 0 || last === first || token.indexOf('.', first + 1) !== last) return INVALID;
  const header = jsonSegment(token.slice(0, first));
  if (header?.alg !== 'HS256' || 'crit' in header || 'b64' in header) return INVALID;
  const signature = Buffer.from(token.slice(last + 1), 'base64url');
  if (signature.length !== MAC_BYTES) return INVALID;
  const input = token.slice(0, last);
  if (!secrets.some((secret) => timingSafeEqual(mac(secret, input), signature))) return INVALID;
  const payload = claims ?? jsonSegment(token.slice(first + 1, last));
  if (!payload) return INVALID;
  const { iat, nbf, exp } = payload;
  if (iat !== undefined && typeof iat !== 'number') return INVALID;
  if (nbf !== undefined && typeof nbf !== 'number') return INVALID;
  if (exp !== undefined && typeof exp !== 'number') return INVALID;
  const now = Math.floor(nowMs / 1000);
  if (nbf !== undefined && nbf > now) return { ok: false, reason: 'not_yet_valid' };
  return { ok: true, payload, expired: exp !== undefined && exp <= now };
}
