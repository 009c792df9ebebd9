// The passkey ceremony's own rules, short of an authenticator's signature (gateway/test/passkeys.test.ts
// signs with Chromium's virtual authenticator): relying party from AUTH_URL, required user verification
// and resident keys, single-use challenges bound to their user and ceremony, and the login limits.
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { createLogger } from '@gatehouse/logger';
import { configSecretReader, TokenService } from '@gatehouse/token';
import { MemoryChallenges } from '../stores/challenges';
import { MemoryRateLimiter } from '../stores/limits';
import type { NewPasskey, PasskeyStore, StoredPasskey } from '../stores/passkeys';
import { PasskeyLogin } from './passkey-login';

class MemoryPasskeys implements PasskeyStore {
  readonly rows = new Map<string, StoredPasskey>();
  async add(p: NewPasskey) {
    if (this.rows.has(p.id)) return false;
    this.rows.set(p.id, { ...p, createdAt: new Date(), lastUsedAt: null });
    return true;
  }
  async find(id: string) {
    return this.rows.get(id);
  }
  async list(userId: string) {
    return [...this.rows.values()].filter((p) => p.userId === userId);
  }
  async remove(userId: string, id: string) {
    return this.rows.get(id)?.userId === userId && this.rows.delete(id);
  }
  async recordUse() {
    return false;
  }
}

const limit = { limit: 2, windowMs: 60_000 };
const user = { id: 'dev_1', name: 'pat', picture: '' };

function setup(providerAllowed: (name: string) => boolean = () => true) {
  const store = new MemoryPasskeys();
  const passkeys = new PasskeyLogin({
    providerAllowed,
    baseUrl: 'http://localhost:8080',
    rpName: 'localhost',
    store,
    challenges: new MemoryChallenges(),
    tokens: new TokenService({
      issuer: 'test',
      tokenDurationMs: 60_000,
      cookieDurationMs: 3_600_000,
      audiences: [],
      secrets: configSecretReader('s'.repeat(40), {}),
    }),
    limiter: new MemoryRateLimiter(),
    limits: { perIp: limit, perUser: limit, perUserAllClients: limit },
    log: createLogger({ name: 'passkey-test', level: 'silent' }),
  });
  return { store, passkeys };
}

/** A response answering `challenge`, with no valid signature: enough to reach the challenge checks. */
const answer = (challenge: string, id = 'cred-1', type = 'webauthn.get') =>
  JSON.stringify({
    id,
    rawId: id,
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: Buffer.from(JSON.stringify({ type, challenge, origin: 'http://localhost:8080' })).toString(
        'base64url',
      ),
      attestationObject: 'AA',
      authenticatorData: 'AA',
      signature: 'AA',
    },
  });

describe('passkey ceremony', () => {
  it('asks for a resident key and user verification, for the relying party of AUTH_URL', async () => {
    const { store, passkeys } = setup();
    await store.add({
      id: 'old',
      userId: user.id,
      userJson: '{}',
      publicKey: new Uint8Array(),
      counter: 0,
      transports: [],
    });
    const options = (await passkeys.registrationOptions(user)) as {
      rp: unknown;
      user: { id: string };
      authenticatorSelection: unknown;
      excludeCredentials: unknown;
    };
    expect(options.rp).toEqual({ id: 'localhost', name: 'localhost' });
    expect(options.user.id).toBe(createHash('sha256').update(user.id).digest('base64url'));
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.excludeCredentials).toEqual([{ id: 'old', type: 'public-key', transports: [] }]);
    const login = (await passkeys.loginOptions('10.0.0.1')) as { options: Record<string, unknown> };
    expect(login.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(login.options.allowCredentials).toBeUndefined();
  });

  it('refuses a registration answering another user’s challenge, and the challenge is spent', async () => {
    const { passkeys } = setup();
    const { challenge } = (await passkeys.registrationOptions(user)) as { challenge: string };
    const reply = answer(challenge, 'cred-1', 'webauthn.create');
    await expect(passkeys.register({ ...user, id: 'dev_2' }, reply)).rejects.toMatchObject({
      code: 'PASSKEY_CHALLENGE_REFUSED',
    });
    await expect(passkeys.register(user, reply)).rejects.toMatchObject({ code: 'PASSKEY_CHALLENGE_REFUSED' });
  });

  it('refuses a login answering a registration challenge, or no challenge of ours', async () => {
    const { passkeys } = setup();
    const { challenge } = (await passkeys.registrationOptions(user)) as { challenge: string };
    const login = { clientIp: '10.0.0.2', site: '', sessionOnly: false };
    await expect(passkeys.login({ ...login, responseJson: answer(challenge) })).rejects.toMatchObject({
      code: 'PASSKEY_CHALLENGE_REFUSED',
    });
    await expect(passkeys.login({ ...login, responseJson: 'not json' })).rejects.toMatchObject({
      code: 'PASSKEY_BAD_RESPONSE',
    });
  });

  it('refuses an unknown passkey after taking its challenge once, and limits attempts like direct login', async () => {
    const { passkeys } = setup();
    const login = { clientIp: '10.0.0.3', site: '', sessionOnly: false };
    const { options } = (await passkeys.loginOptions(login.clientIp)) as { options: { challenge: string } };
    const reply = answer(options.challenge, 'unknown-cred');
    await expect(passkeys.login({ ...login, responseJson: reply })).rejects.toMatchObject({
      code: 'PASSKEY_REFUSED',
      message: 'passkey refused: passkey is not registered',
    });
    await expect(passkeys.login({ ...login, responseJson: reply })).rejects.toMatchObject({
      code: 'PASSKEY_CHALLENGE_REFUSED',
    });
    const third = await passkeys.login({ ...login, responseJson: reply });
    expect(third).toEqual({ ok: false, retryAfterSeconds: 60 });
  });

  it('removes only by a passkey id: anything else is refused before the store', async () => {
    const { passkeys } = setup();
    for (const id of ['', 'a'.repeat(1025), '{"$ne":null}', 'id with spaces'])
      await expect(passkeys.remove(user.id, id)).rejects.toMatchObject({ code: 'PASSKEY_BAD_RESPONSE' });
    await expect(passkeys.remove(user.id, 'cred-unknown_1')).rejects.toMatchObject({ code: 'PASSKEY_NOT_FOUND' });
  });
});

/**
 * A software authenticator with one resident P-256 credential: its COSE public key (as registration
 * stores it) and signed assertions for a login challenge, as a browser's authenticator makes them.
 */
function softAuthenticator(credentialId: string, userId: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coord = (v: string | undefined) => Buffer.from(v as string, 'base64url');
  // CBOR map {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}
  const cose = Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
    coord(jwk.x),
    Buffer.from([0x22, 0x58, 0x20]),
    coord(jwk.y),
  ]);
  let counter = 0;
  return {
    cose,
    assert(challenge: string): string {
      const clientData = Buffer.from(
        JSON.stringify({ type: 'webauthn.get', challenge, origin: 'http://localhost:8080' }),
      );
      const counterBytes = Buffer.alloc(4);
      counterBytes.writeUInt32BE(++counter);
      const authData = Buffer.concat([
        createHash('sha256').update('localhost').digest(),
        Buffer.from([0x05]), // user present and verified
        counterBytes,
      ]);
      const signed = Buffer.concat([authData, createHash('sha256').update(clientData).digest()]);
      return JSON.stringify({
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: clientData.toString('base64url'),
          authenticatorData: authData.toString('base64url'),
          signature: sign('sha256', signed, privateKey).toString('base64url'),
          userHandle: createHash('sha256').update(userId).digest('base64url'),
        },
      });
    },
  };
}

describe('a passkey of an account whose provider is gone (issue 25, item 3)', () => {
  const devUser = { id: `dev_${'a'.repeat(40)}`, name: 'pat', picture: '' };

  async function loginWith(providers: string[]) {
    const { store, passkeys } = setup((name) => providers.includes(name));
    store.recordUse = async () => true;
    const device = softAuthenticator('cred-soft', devUser.id);
    await store.add({
      id: 'cred-soft',
      userId: devUser.id,
      userJson: JSON.stringify(devUser),
      publicKey: device.cose,
      counter: 0,
      transports: ['internal'],
    });
    const { options } = (await passkeys.loginOptions('10.0.0.9')) as { options: { challenge: string } };
    return passkeys.login({
      clientIp: '10.0.0.9',
      site: '',
      sessionOnly: false,
      responseJson: device.assert(options.challenge),
    });
  }

  it('logs in while the dev provider is configured', async () => {
    await expect(loginWith(['dev', 'passkey'])).resolves.toMatchObject({ ok: true, user: devUser });
  });

  it('is refused (unauthenticated) once the dev provider is off', async () => {
    await expect(loginWith(['passkey'])).rejects.toMatchObject({
      kind: 'unauthenticated',
      message: 'passkey refused: the provider of this account ("dev") is no longer configured',
    });
  });
});
