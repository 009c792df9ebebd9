import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTPayload, jwtVerify } from 'jose';

export interface KeySetOptions {
  url: string;
  timeoutMs: number;
  /** Asymmetric algorithms only: an HMAC "key" from a key set would be a confusion attack. */
  algorithms: string[];
}

/**
 * A provider's signing keys (JWKS): loaded once at start and kept, with no background refresh. A token
 * signed with a key we don't know (`kid` not in the set) triggers one reload, shared by concurrent
 * callers; a failed or empty answer never replaces the keys we have.
 */
export class KeySet {
  private keys: ReturnType<typeof createLocalJWKSet> | undefined;
  private loading: Promise<void> | undefined;
  private loads = 0;

  constructor(private readonly options: KeySetOptions) {}

  /** How many times the set was fetched (start-up included). */
  get loadCount(): number {
    return this.loads;
  }

  async load(): Promise<void> {
    this.loading ??= this.fetchKeys().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /** Verifies a JWT's signature, issuer, audience and expiry; throws jose's errors on failure. */
  async verify(token: string, expected: { issuer: string; audience: string }): Promise<JWTPayload> {
    if (!this.keys) await this.load();
    const check = () =>
      jwtVerify(token, this.keys as ReturnType<typeof createLocalJWKSet>, {
        ...expected,
        algorithms: this.options.algorithms,
      });
    try {
      return (await check()).payload;
    } catch (err) {
      if (!(err instanceof errors.JWKSNoMatchingKey)) throw err;
      await this.load();
      return (await check()).payload;
    }
  }

  private async fetchKeys(): Promise<void> {
    this.loads += 1;
    const res = await fetch(this.options.url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (!res.ok) throw new Error(`key set ${this.options.url} answered ${res.status}`);
    const body = (await res.json()) as JSONWebKeySet;
    if (!body || !Array.isArray(body.keys) || body.keys.length === 0) {
      throw new Error(`key set ${this.options.url} holds no keys`);
    }
    this.keys = createLocalJWKSet(body);
  }
}
