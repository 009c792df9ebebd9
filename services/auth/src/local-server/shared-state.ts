import { createECDH, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Adapter, AdapterPayload } from 'oidc-provider';

/** What every instance of one local server must agree on: its signing key, cookie key and client secret. */
export interface LocalServerKeys {
  /** ES256 private JWK for ID tokens. */
  signingKey: Record<string, string>;
  cookieKey: string;
  clientSecret: string;
}

// The order of the P-256 group: a private scalar must lie in [1, n-1].
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

function derive(secret: string, name: string, purpose: string, bytes: number): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'gatehouse-local-oauth', `${name}:${purpose}`, bytes));
}

/**
 * Keys for the local server `name`: derived from `secret` (AUTH_SECRET) with HKDF, so every auth
 * instance behind one URL signs and reads the same, and a restart keeps logins in progress working;
 * without a secret, random ones, good for one instance until it restarts. HKDF keeps them independent
 * of the JWT secret itself: knowing one of these says nothing of it.
 */
export function localServerKeys(secret: string | undefined, name: string): LocalServerKeys {
  if (!secret) {
    return {
      signingKey: signingJwk(randomScalar(() => randomBytes(32))),
      cookieKey: randomBytes(32).toString('hex'),
      clientSecret: randomBytes(32).toString('hex'),
    };
  }
  let counter = 0;
  return {
    signingKey: signingJwk(randomScalar(() => derive(secret, name, `es256:${counter++}`, 32))),
    cookieKey: derive(secret, name, 'cookies', 32).toString('hex'),
    clientSecret: derive(secret, name, 'client-secret', 32).toString('hex'),
  };
}

/** The first candidate that is a valid P-256 private scalar (all but one in 2^32 are). */
export function randomScalar(next: () => Buffer): Buffer {
  for (;;) {
    const d = next();
    const value = BigInt(`0x${d.toString('hex')}`);
    if (value > 0n && value < P256_ORDER) return d;
  }
}

/** The ES256 private JWK of the P-256 scalar `d`, its kid the SHA-256 of the public point. */
export function signingJwk(d: Buffer): Record<string, string> {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey(); // 0x04 || x || y
  const x = point.subarray(1, 33);
  const y = point.subarray(33, 65);
  return {
    kty: 'EC',
    crv: 'P-256',
    x: x.toString('base64url'),
    y: y.toString('base64url'),
    d: d.toString('base64url'),
    kid: createHash('sha256').update(point).digest('hex').slice(0, 16),
    alg: 'ES256',
    use: 'sig',
  };
}

// Models that belong to a grant and go when it is revoked.
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/**
 * oidc-provider's storage (sessions, interactions, codes, grants) in Redis, so that one login can move
 * between auth instances: begun on one, the password posted to another, the code redeemed at a third.
 * Every entry expires with its model's TTL.
 */
export function redisAdapter(redis: Redis, prefix: string): new (model: string) => Adapter {
  // One hash tag for the whole store: an upsert writes an entry and its indexes in one MULTI, and a
  // revoked grant deletes its entries together, which a Redis Cluster allows only within one slot.
  const key = (model: string, id: string) => `${prefix}{oidc}:${model}:${id}`;
  const grantKey = (grantId: string) => `${prefix}{oidc}:grant-index:${grantId}`;
  const uidKey = (uid: string) => `${prefix}{oidc}:uid-index:${uid}`;
  const userCodeKey = (code: string) => `${prefix}{oidc}:user-code-index:${code}`;

  return class RedisAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const entry = key(this.model, id);
      const ttl = Math.max(1, Math.ceil(expiresIn || 0));
      const multi = redis.multi().set(entry, JSON.stringify(payload), 'EX', ttl);
      if (GRANTABLE.has(this.model) && payload.grantId) {
        // The index lives as long as its longest entry: NX sets a first TTL, GT only ever extends it.
        const index = grantKey(payload.grantId);
        multi.rpush(index, entry).expire(index, ttl, 'NX').expire(index, ttl, 'GT');
      }
      if (payload.uid) multi.set(uidKey(payload.uid), id, 'EX', ttl);
      if (payload.userCode) multi.set(userCodeKey(payload.userCode), id, 'EX', ttl);
      await multi.exec();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const data = await redis.get(key(this.model, id));
      return data ? (JSON.parse(data) as AdapterPayload) : undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const id = await redis.get(uidKey(uid));
      return id ? this.find(id) : undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const id = await redis.get(userCodeKey(userCode));
      return id ? this.find(id) : undefined;
    }

    async consume(id: string): Promise<void> {
      const entry = key(this.model, id);
      const data = await redis.get(entry);
      if (!data) return;
      const payload = JSON.parse(data) as AdapterPayload;
      payload.consumed = Math.floor(Date.now() / 1000);
      await redis.set(entry, JSON.stringify(payload), 'KEEPTTL');
    }

    async destroy(id: string): Promise<void> {
      await redis.del(key(this.model, id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      const entries = await redis.lrange(grantKey(grantId), 0, -1);
      await redis.del(...entries, grantKey(grantId));
    }
  };
}
