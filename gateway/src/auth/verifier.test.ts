import {
  configSecretReader,
  generateSigningJwk,
  keySetVerification,
  loadSigningKeys,
  type SecretReader,
  safeEqualBytes,
  TokenService,
} from '@gatehouse/token';
import { TokenVerifier } from './verifier';

const SECRET = 'a-secret-long-enough-for-hs256-0123456789';

async function issue(name: string, now = Date.now) {
  const service = new TokenService({
    issuer: 'gatehouse',
    tokenDurationMs: 15 * 60_000,
    cookieDurationMs: 24 * 3600_000,
    audiences: [],
    secrets: configSecretReader(SECRET, {}),
    now,
  });
  return service.issueSession({
    user: { name, id: `dev_${name}`, picture: 'http://127.0.0.1:8080/avatar/x.image' },
    aud: 'gatehouse',
    provider: 'dev',
    sessionOnly: false,
  });
}

/** A reader that counts how often a signature had to be checked. */
function countingReader(): { read: SecretReader; calls: () => number } {
  let calls = 0;
  const inner = configSecretReader(SECRET, {});
  return {
    read: (aud) => {
      calls++;
      return inner(aud);
    },
    calls: () => calls,
  };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('TokenVerifier', () => {
  it('checks a signature once, then answers from the cache with the user JSON and jti ready', async () => {
    const { token, jti } = await issue('alice');
    const secrets = countingReader();
    const verifier = new TokenVerifier(secrets.read, []);
    expect(verifier.peek(token)).toBeUndefined();
    const first = await verifier.verify(token);
    const again = await verifier.verify(token);
    expect(secrets.calls()).toBe(1);
    expect(again).toEqual(first);
    const entry = verifier.peek(token);
    expect(entry?.user).toEqual({
      name: 'alice',
      id: 'dev_alice',
      picture: 'http://127.0.0.1:8080/avatar/x.image',
      aud: 'gatehouse',
    });
    expect(JSON.parse(entry?.userBody ?? '')).toEqual(entry?.user);
    expect(Object.isFrozen(entry?.user)).toBe(true);
    expect(safeEqualBytes(jti, entry?.jtiBytes ?? Buffer.alloc(0))).toBe(true);
    expect(verifier.expired(entry!)).toBe(false);
  });

  it('caches ES256 tokens by their longer signature too, checking each key lookup once', async () => {
    const keys = await loadSigningKeys('ES256', [await generateSigningJwk('ES256')]);
    const signer = new TokenService({
      issuer: 'gatehouse',
      tokenDurationMs: 15 * 60_000,
      cookieDurationMs: 24 * 3600_000,
      audiences: [],
      secrets: configSecretReader(SECRET, {}),
      signingKeys: keys,
    });
    const { token } = await signer.issueSession({
      user: { name: 'eve', id: 'dev_eve', picture: '' },
      aud: 'gatehouse',
      provider: 'dev',
      sessionOnly: false,
    });
    const inner = keySetVerification(keys);
    if (typeof inner === 'function' || inner.alg === 'HS256') throw new Error('expected a key set');
    let lookups = 0;
    const verifier = new TokenVerifier(
      {
        alg: 'ES256',
        keys: (header, input) => {
          lookups++;
          return inner.keys(header, input);
        },
      },
      [],
    );
    await verifier.verify(token);
    await verifier.verify(token);
    expect(lookups).toBe(1);
    expect(verifier.peek(token)?.user).toMatchObject({ name: 'eve' });
    // A copy with the signature of another ES256 token is a miss, not a hit.
    const [h, p] = token.split('.');
    expect(verifier.peek(`${h}.${p}x.${token.split('.')[2]}`)).toBeUndefined();
  });

  it('never hands out a cached entry for another token that reuses its signature', async () => {
    const { token } = await issue('alice');
    const verifier = new TokenVerifier(configSecretReader(SECRET, {}), []);
    await verifier.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = [header, base64url({ ...claims, user: { ...claims.user, name: 'mallory' } }), signature].join('.');
    expect(verifier.peek(forged)).toBeUndefined();
    await expect(verifier.verify(forged)).rejects.toThrow('token is invalid');
    // The forgery neither replaced nor spoiled the real token's entry.
    expect(verifier.peek(token)?.user?.name).toBe('alice');
    expect(verifier.peek(`${token} `)).toBeUndefined();
  });

  it('re-checks expiry on every hit', async () => {
    let clock = Date.now();
    const now = () => clock;
    const { token } = await issue('bob', now);
    const verifier = new TokenVerifier(configSecretReader(SECRET, {}), [], now);
    expect((await verifier.verify(token)).expired).toBe(false);
    clock += 16 * 60_000;
    expect(verifier.expired(verifier.peek(token)!)).toBe(true);
    expect((await verifier.verify(token)).expired).toBe(true);
  });
});

describe('safeEqualBytes', () => {
  it('is true only for the same bytes, whatever the lengths', () => {
    const expected = Buffer.from('0123456789abcdef');
    expect(safeEqualBytes('0123456789abcdef', expected)).toBe(true);
    expect(safeEqualBytes('0123456789abcdeF', expected)).toBe(false);
    expect(safeEqualBytes('0123456789abcde', expected)).toBe(false);
    expect(safeEqualBytes('', expected)).toBe(false);
    expect(safeEqualBytes('0123456789abcdé', expected)).toBe(false);
  });
});
