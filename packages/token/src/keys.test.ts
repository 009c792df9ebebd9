// Issue 16 part 1: ES256/EdDSA tokens carry the kid of the first key; every key of the set verifies;
// only the configured algorithm is accepted; retired HS256 secrets verify and never sign.
import { decodeProtectedHeader, type JWK, SignJWT } from 'jose';
import { configSecretReader, verifyToken } from './jwt';
import {
  type AsymmetricAlgorithm,
  configuredKeys,
  generateSigningJwk,
  keySetVerification,
  loadPublicKeys,
  loadSigningKeys,
  publicKeySetOf,
} from './keys';
import { TokenService } from './service';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const OLD_SECRET = 'an-old-secret-that-is-long-enough-012345678';
const user = { name: 'dev_user', id: 'dev_user', picture: '' };

function service(options: Partial<ConstructorParameters<typeof TokenService>[0]>) {
  return new TokenService({
    issuer: 'gatehouse',
    tokenDurationMs: 15 * 60_000,
    cookieDurationMs: 86_400_000,
    audiences: [],
    secrets: configSecretReader(SECRET, {}),
    ...options,
  });
}

const login = (s: TokenService) => s.issueSession({ user, aud: 'site', provider: 'dev', sessionOnly: false });

describe.each<AsymmetricAlgorithm>(['ES256', 'EdDSA'])('%s key sets', (alg) => {
  let first: JWK;
  let second: JWK;
  beforeAll(async () => {
    [first, second] = await Promise.all([generateSigningJwk(alg), generateSigningJwk(alg)]);
  });

  it('signs with the first key and its kid, verifies, refreshes', async () => {
    const tokens = service({ signingKeys: await loadSigningKeys(alg, [first, second]) });
    const issued = await login(tokens);
    expect(decodeProtectedHeader(issued.token)).toEqual({ alg, kid: first.kid, typ: 'JWT' });
    await expect(tokens.verify(issued.token)).resolves.toMatchObject({ expired: false });
    const refreshed = await tokens.refresh(issued.token);
    expect(decodeProtectedHeader(refreshed.token).kid).toBe(first.kid);
  });

  it('rotation: a token of the second key still verifies; new tokens use the first', async () => {
    const before = service({ signingKeys: await loadSigningKeys(alg, [second]) });
    const old = await login(before);
    const after = service({ signingKeys: await loadSigningKeys(alg, [first, second]) });
    await expect(after.verify(old.token)).resolves.toMatchObject({ expired: false });
    expect(decodeProtectedHeader((await after.refresh(old.token)).token).kid).toBe(first.kid);
  });

  it('refuses an unknown kid, a missing kid and a token of a removed key', async () => {
    const keys = await loadSigningKeys(alg, [first]);
    const other = await loadSigningKeys(alg, [second]);
    const forged = await login(service({ signingKeys: other }));
    await expect(service({ signingKeys: keys }).verify(forged.token)).rejects.toThrow('token key is unknown');
    const noKid = await new SignJWT({ iss: 'gatehouse', aud: 'site', user })
      .setProtectedHeader({ alg })
      .setExpirationTime('1h')
      .sign(keys.signing.key);
    await expect(service({ signingKeys: keys }).verify(noKid)).rejects.toThrow('token key is unknown');
    // Same kid, other key: the signature decides.
    const sameKid = await loadSigningKeys(alg, [{ ...second, kid: first.kid }]);
    const spoofed = await login(service({ signingKeys: sameKid }));
    await expect(service({ signingKeys: keys }).verify(spoofed.token)).rejects.toThrow('token is invalid');
  });

  it('publishes only public members', async () => {
    const { jwks } = await loadSigningKeys(alg, [first, second]);
    expect(jwks.keys.map((k) => k.kid)).toEqual([first.kid, second.kid]);
    for (const key of jwks.keys) {
      expect(key).not.toHaveProperty('d');
      expect(Object.keys(key).sort()).toEqual(
        ['alg', 'crv', 'kid', 'kty', 'use', 'x', ...(alg === 'ES256' ? ['y'] : [])].sort(),
      );
    }
  });

  it('refuses key files that do not fit the algorithm', async () => {
    const { d: _d, ...publicOnly } = first;
    await expect(loadSigningKeys(alg, [publicOnly])).rejects.toThrow('has no private part');
    await expect(loadSigningKeys(alg, [{ ...first, kid: undefined }])).rejects.toThrow('needs a kid');
    await expect(loadSigningKeys(alg, [first, { ...second, kid: first.kid }])).rejects.toThrow('appears twice');
    const otherAlg = await generateSigningJwk(alg === 'ES256' ? 'EdDSA' : 'ES256');
    await expect(loadSigningKeys(alg, [otherAlg])).rejects.toThrow(`is not a ${alg} key`);
    await expect(loadSigningKeys(alg, [{ ...first, x: second.x, y: second.y }])).rejects.toThrow('cannot be imported');
    await expect(loadSigningKeys(alg, [])).rejects.toThrow('no key');
  });
});

describe.each<AsymmetricAlgorithm>(['ES256', 'EdDSA'])('%s for a process that only verifies', (alg) => {
  let first: JWK;
  let second: JWK;
  beforeAll(async () => {
    [first, second] = await Promise.all([generateSigningJwk(alg), generateSigningJwk(alg)]);
  });

  it('imports only public keys, from a private file or its public half alike', async () => {
    const signer = service({ signingKeys: await loadSigningKeys(alg, [first, second]) });
    const session = await login(signer);
    for (const file of [[first, second], publicKeySetOf([first, second]).keys]) {
      const loaded = await loadPublicKeys(alg, file);
      expect([...loaded.verifying.values()].map((k) => k.type)).toEqual(['public', 'public']);
      expect(loaded).not.toHaveProperty('signing');
      expect(loaded.jwks).toEqual((await loadSigningKeys(alg, [first, second])).jwks);
      const { claims } = await verifyToken(session.token, { secrets: keySetVerification(loaded), audiences: [] });
      expect(claims.user?.name).toBe('dev_user');
    }
  });

  it('configuredKeys for verify never holds a signing key; for sign it needs private keys', async () => {
    const settings = { alg, previousSecrets: [], secretsByAudience: {} };
    const publicHalf = publicKeySetOf([first]).keys as Record<string, unknown>[];
    const verifying = await configuredKeys({ ...settings, signingJwks: publicHalf }, () => '', false, 'verify');
    expect([verifying.signingKeys, verifying.publicKeys?.jwks.keys.length]).toEqual([undefined, 1]);
    const fromPrivate = await configuredKeys({ ...settings, signingJwks: [first] }, () => '', false, 'verify');
    expect(fromPrivate.signingKeys).toBeUndefined();
    await expect(configuredKeys({ ...settings, signingJwks: publicHalf }, () => '', false, 'sign')).rejects.toThrow(
      'AUTH_SIGNING_KEYS_FILE: key',
    );
  });

  it('checks public keys like private ones', async () => {
    await expect(loadPublicKeys(alg, [{ ...first, kid: undefined }])).rejects.toThrow('needs a kid');
    await expect(loadPublicKeys(alg, [first, { ...second, kid: first.kid }])).rejects.toThrow('appears twice');
    const otherAlg = await generateSigningJwk(alg === 'ES256' ? 'EdDSA' : 'ES256');
    await expect(loadPublicKeys(alg, [otherAlg])).rejects.toThrow(`is not a ${alg} key`);
    await expect(loadPublicKeys(alg, [{ ...first, x: 'AAAA' }])).rejects.toThrow('cannot be imported');
    await expect(loadPublicKeys(alg, [])).rejects.toThrow('no key');
  });

  it('publicKeySetOf tells the algorithm by the key and keeps public members only', () => {
    const [key] = publicKeySetOf([first]).keys;
    expect(key).toMatchObject({ kid: first.kid, alg, use: 'sig' });
    expect(key).not.toHaveProperty('d');
    expect(() => publicKeySetOf([{ kty: 'RSA', kid: 'r', n: 'x', e: 'AQAB' }])).toThrow('neither ES256');
  });
});

describe('algorithm confusion', () => {
  it('refuses an HS256 token when ES256 is configured, and an ES256 token when HS256 is', async () => {
    const es = await loadSigningKeys('ES256', [await generateSigningJwk('ES256')]);
    const hsToken = (await login(service({}))).token;
    await expect(service({ signingKeys: es }).verify(hsToken)).rejects.toThrow(/token (is invalid|key is unknown)/);
    const esToken = (await login(service({ signingKeys: es }))).token;
    await expect(service({}).verify(esToken)).rejects.toThrow('token is invalid');
  });

  it('refuses a header alg other than the key set algorithm, even with a known kid', async () => {
    const jwk = await generateSigningJwk('ES256');
    const es = await loadSigningKeys('ES256', [jwk]);
    // An HMAC keyed with the public key's text, the classic confusion attack, under our kid.
    const hmac = await new SignJWT({ iss: 'gatehouse', aud: 'site', user })
      .setProtectedHeader({ alg: 'HS256', kid: jwk.kid })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(JSON.stringify(es.jwks.keys[0])));
    await expect(verifyToken(hmac, { secrets: keySetVerification(es), audiences: [] })).rejects.toThrow(
      'token is invalid',
    );
    const ed = await loadSigningKeys('EdDSA', [{ ...(await generateSigningJwk('EdDSA')), kid: jwk.kid }]);
    const edToken = (await login(service({ signingKeys: ed }))).token;
    await expect(service({ signingKeys: es }).verify(edToken)).rejects.toThrow('token is invalid');
  });
});

describe('HS256 previous secrets (AUTH_SECRET_PREVIOUS)', () => {
  it('verify tokens of the old secret and never sign', async () => {
    const old = await login(service({ secrets: configSecretReader(OLD_SECRET, {}) }));
    const rotated = service({ previousSecrets: () => [OLD_SECRET] });
    await expect(rotated.verify(old.token)).resolves.toMatchObject({ expired: false });
    const refreshed = await rotated.refresh(old.token);
    await expect(service({}).verify(refreshed.token)).resolves.toBeDefined();
    await expect(service({ secrets: configSecretReader(OLD_SECRET, {}) }).verify(refreshed.token)).rejects.toThrow(
      'token is invalid',
    );
    await expect(service({}).verify(old.token)).rejects.toThrow('token is invalid');
  });
});
