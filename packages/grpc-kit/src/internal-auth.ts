import {
  accessSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

/**
 * The identities that call Gatehouse's internal gRPC services. `operator` is for people and tools
 * (grpcurl, buf curl, `pnpm internal-token`); an application's custom login handler or hooks server
 * gets an identity of its own name.
 */
export const INTERNAL_IDENTITIES = ['gateway', 'auth', 'avatar', 'telegram-bot', 'payment', 'operator'] as const;

/** How long one caller token lives; callers re-sign well before that, so a call never carries a stale one. */
const TOKEN_TTL_S = 300;
const RESIGN_MS = 60_000;
const ALG = 'EdDSA';
/** The longest life a caller token may have (exp - iat): a leaked one is worth ten minutes at most. */
const MAX_TOKEN_LIFE_S = 600;
/** How far ahead of this clock a caller's clock may run: an `iat` further in the future is refused. */
const CLOCK_SKEW_S = 30;

/**
 * Writes an Ed25519 key pair per identity into `dir` (`<name>.key.json` private, `<name>.pub.json`
 * public), keeping the ones already there: `pnpm start`, the test stack and compose's init container
 * call it at every start.
 */
export async function ensureInternalKeys(dir: string, identities: readonly string[] = INTERNAL_IDENTITIES) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const name of identities) {
    const privateFile = path.join(dir, `${name}.key.json`);
    if (existsSync(privateFile)) continue;
    const { privateKey, publicKey } = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
    writeFileSync(privateFile, JSON.stringify({ ...(await exportJWK(privateKey)), kid: name, alg: ALG }), {
      mode: 0o600,
    });
    writeFileSync(
      path.join(dir, `${name}.pub.json`),
      JSON.stringify({ ...(await exportJWK(publicKey)), kid: name, alg: ALG }),
      { mode: 0o644 },
    );
  }
}

/**
 * One folder per workload under `root` (docs/deployment.md "Keys per workload"): `<root>/<name>/` holds that
 * workload's own private key (`<name>.key.json`) and the public key of every identity, and nothing
 * else, so each workload is given only its own folder (a compose volume, a Kubernetes Secret). A
 * foothold in one service then signs as that service alone. Pairs already there are kept.
 */
export async function ensureWorkloadKeys(root: string, identities: readonly string[] = INTERNAL_IDENTITIES) {
  for (const name of identities) await ensureInternalKeys(path.join(root, name), [name]);
  for (const workload of identities) {
    for (const name of identities) {
      if (name === workload) continue;
      copyFileSync(path.join(root, name, `${name}.pub.json`), path.join(root, workload, `${name}.pub.json`));
    }
  }
}

/** The private keys in `dir` that this process can read but are not its own identity's. */
export function foreignPrivateKeys(dir: string, identity: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.key.json') && file !== `${identity}.key.json`)
    .map((file) => path.join(dir, file))
    .filter((file) => {
      try {
        accessSync(file, constants.R_OK);
        return true;
      } catch {
        return false;
      }
    });
}

type Key = Awaited<ReturnType<typeof importJWK>>;

export class InternalAuthError extends Error {}

/**
 * One process's side of internal authentication: it signs short-lived caller tokens (a JWT, EdDSA,
 * `sub` = its identity, `aud` = the service called) and verifies the tokens of its callers against
 * their public keys. A token is bound to one service, so a service that receives it cannot replay it
 * to another.
 */
export class InternalAuth {
  private readonly tokens = new Map<string, string>();
  private readonly verified = new LRUCache<string, { caller: string; expMs: number }>({ max: 10_000 });
  private timer: NodeJS.Timeout | undefined;

  private constructor(
    readonly identity: string,
    private readonly privateKey: Key | undefined,
    private readonly publicKeys: Map<string, Key>,
  ) {}

  /** Reads this identity's private key (when it has one) and every public key in `dir`. */
  static async load(dir: string, identity: string): Promise<InternalAuth> {
    const readJwk = (file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as JWK;
    const publicKeys = new Map<string, Key>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.pub.json'))) {
      publicKeys.set(file.slice(0, -'.pub.json'.length), await importJWK(readJwk(file), ALG));
    }
    const own = `${identity}.key.json`;
    const privateKey = existsSync(path.join(dir, own)) ? await importJWK(readJwk(own), ALG) : undefined;
    return new InternalAuth(identity, privateKey, publicKeys);
  }

  /** Signs tokens for these services now and keeps them fresh, so that tokenFor never waits. */
  async prepare(audiences: string[]): Promise<void> {
    if (!this.privateKey) throw new InternalAuthError(`no private key for ${this.identity}`);
    await Promise.all(audiences.map((aud) => this.resign(aud)));
    if (!this.timer) {
      this.timer = setInterval(() => {
        for (const aud of this.tokens.keys()) void this.resign(aud).catch(() => {});
      }, RESIGN_MS);
      this.timer.unref();
    }
  }

  /** The current token for calls to `audience` (prepared before). */
  tokenFor(audience: string): string {
    const token = this.tokens.get(audience);
    if (!token) throw new InternalAuthError(`no caller token prepared for ${audience}`);
    return token;
  }

  /** A fresh token for `audience`, signed now (for tools: `pnpm internal-token`). */
  async sign(audience: string, ttlSeconds = TOKEN_TTL_S): Promise<string> {
    if (!this.privateKey) throw new InternalAuthError(`no private key for ${this.identity}`);
    if (!(ttlSeconds <= MAX_TOKEN_LIFE_S)) {
      throw new InternalAuthError(`a caller token lives at most ${MAX_TOKEN_LIFE_S} seconds`);
    }
    return new SignJWT({})
      .setProtectedHeader({ alg: ALG, kid: this.identity })
      .setSubject(this.identity)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.privateKey);
  }

  /** The caller's identity, or InternalAuthError when the token is missing, forged, expired or for another service. */
  async verify(token: string, audience: string | string[]): Promise<string> {
    // The cache is keyed on the audience asked for too: a token verified for payment is not thereby
    // good at auth. A NUL never occurs in a JWT or a service name, so the key is unambiguous.
    const cacheKey = `${typeof audience === 'string' ? audience : audience.join(',')}\0${token}`;
    const hit = this.verified.get(cacheKey);
    if (hit && hit.expMs > Date.now()) return hit.caller;
    const kid = kidOf(token);
    const key = kid === undefined ? undefined : this.publicKeys.get(kid);
    if (!key) throw new InternalAuthError('unknown caller');
    let exp: number;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALG],
        audience,
        subject: kid,
        requiredClaims: ['iat', 'exp'],
      });
      exp = payload.exp as number;
      const iat = payload.iat as number;
      // A token with a long life is refused, however it was signed: callers re-sign every minute.
      if (exp - iat > MAX_TOKEN_LIFE_S) throw new InternalAuthError('caller token lives too long');
      // So is one issued in the future (its life would only start counting later: a key holder could
      // sign today what works for years) or longer ago than any caller token may live.
      const nowS = Date.now() / 1000;
      if (iat > nowS + CLOCK_SKEW_S || nowS - iat > MAX_TOKEN_LIFE_S) {
        throw new InternalAuthError('caller token issue time is out of range');
      }
    } catch {
      throw new InternalAuthError('invalid caller token');
    }
    this.verified.set(cacheKey, { caller: kid as string, expMs: exp * 1000 });
    return kid as string;
  }

  close(): void {
    clearInterval(this.timer);
  }

  private async resign(audience: string): Promise<void> {
    this.tokens.set(audience, await this.sign(audience));
  }
}

function kidOf(token: string): string | undefined {
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
      kid?: unknown;
    };
    return typeof header.kid === 'string' ? header.kid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * This process's internal authentication from INTERNAL_KEYS_DIR, with caller tokens for `audiences`
 * signed ahead; undefined when the setting is unset (loopback-only development and in-process tests).
 */
export async function openInternalAuth(
  dir: string | undefined,
  identity: string,
  audiences: string[] = [],
  log?: { warn(obj: object, msg: string): void },
): Promise<InternalAuth | undefined> {
  if (!dir) return undefined;
  // Another identity's private key here means this workload can sign as it: the deployment shares
  // keys it should not (one folder per workload, see ensureWorkloadKeys).
  for (const file of foreignPrivateKeys(dir, identity)) {
    log?.warn(
      { file },
      `another identity's private key is readable here: ${file}; give each workload only its own key`,
    );
  }
  const auth = await InternalAuth.load(dir, identity);
  if (audiences.length > 0) await auth.prepare(audiences);
  return auth;
}
