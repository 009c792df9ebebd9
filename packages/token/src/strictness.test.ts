// A token has one spelling, one algorithm, our issuer, an expiry, claims of the right types, a
// canonical audience and a provider that is still configured; anything else is a clean refusal.
import { SignJWT } from 'jose';
import { configSecretReader, verifyToken } from './jwt';
import { TokenService } from './service';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const SITE_SECRET = 'site-a-own-secret-that-is-long-enough-0123';
const user = { name: 'dev_user', id: 'dev_0123', picture: '' };
const key = new TextEncoder().encode(SECRET);
const secrets = configSecretReader(SECRET, { 'Site-A': SITE_SECRET });
const opts = { secrets, audiences: [], issuer: 'gatehouse' };

const sign = (claims: Record<string, unknown>, secret = key) =>
  new SignJWT({ iss: 'gatehouse', aud: 'a', user, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('1h')
    .sign(secret);

describe('token spelling', () => {
  it('accepts the canonical token', async () => {
    await expect(verifyToken(await sign({}), opts)).resolves.toMatchObject({ expired: false });
  });

  it('refuses padding and stray bits in the last character of the signature', async () => {
    const token = await sign({});
    const [h, p, sig] = token.split('.') as [string, string, string];
    // A 32-byte MAC is 43 characters: the last one carries 2 unused bits, which another spelling may set.
    const last = sig.at(-1) as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[alphabet.indexOf(last) ^ 1] as string;
    expect(Buffer.from(`${sig.slice(0, -1)}${twin}`, 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
    for (const variant of [`${h}.${p}.${sig}=`, `${h}.${p}.${sig.slice(0, -1)}${twin}`, `${h}=.${p}.${sig}`]) {
      await expect(verifyToken(variant, opts)).rejects.toThrow('token is malformed');
    }
  });

  it('refuses a segment no bytes can spell: empty, or of a length of 4n + 1', async () => {
    const [h, p, sig] = (await sign({})).split('.') as [string, string, string];
    const long = `${p}${'A'.repeat((5 - (p.length % 4)) % 4 || 4)}`;
    expect(long.length % 4).toBe(1);
    for (const variant of [`${h}.${long}.${sig}`, `.${p}.${sig}`, `${h}..${sig}`, `${h}.${p}.`, `${h}.${p}`]) {
      await expect(verifyToken(variant, opts)).rejects.toThrow('token is malformed');
    }
  });
});

describe('claims', () => {
  it('requires our issuer', async () => {
    await expect(verifyToken(await sign({ iss: 'someone-else' }), opts)).rejects.toThrow(
      'token issuer is not accepted',
    );
    await expect(verifyToken(await sign({ iss: undefined }), opts)).rejects.toThrow('token issuer is not accepted');
  });

  it('requires exp', async () => {
    const token = await new SignJWT({ iss: 'gatehouse', aud: 'a', user })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    await expect(verifyToken(token, opts)).rejects.toThrow('claim exp is invalid');
  });

  it('refuses claims of the wrong type cleanly, not with a TypeError', async () => {
    await expect(verifyToken(await sign({ auth_time: 'x' }), opts)).rejects.toThrow('claim auth_time is invalid');
    await expect(verifyToken(await sign({ user: { name: 1, id: 'x', picture: '' } }), opts)).rejects.toThrow(
      'claim user.name is invalid',
    );
    await expect(verifyToken(await sign({ sess_only: 'yes' }), opts)).rejects.toThrow('claim sess_only is invalid');
  });

  it('refuses NUL and control characters in the user', async () => {
    for (const bad of [
      { ...user, id: 'dev_a\u0000b' },
      { ...user, name: 'x\ny' },
    ]) {
      await expect(verifyToken(await sign({ user: bad }), opts)).rejects.toThrow(/claim user\.(id|name) is invalid/);
    }
  });
});

describe('audiences', () => {
  it('uses one canonical form for the allow-list, the secret and the claim', async () => {
    // SITE-A is site-a: its own secret applies, so the shared secret does not sign for it.
    await expect(verifyToken(await sign({ aud: 'SITE-A' }), opts)).rejects.toThrow('token is invalid');
    const own = await sign({ aud: 'SITE-A' }, new TextEncoder().encode(SITE_SECRET));
    const { claims } = await verifyToken(own, { ...opts, audiences: ['site-a'] });
    expect(claims.aud).toBe('site-a');
  });

  it('issues tokens with the canonical audience', async () => {
    const service = new TokenService({
      issuer: 'gatehouse',
      tokenDurationMs: 60_000,
      cookieDurationMs: 3_600_000,
      audiences: ['site-a'],
      secrets,
    });
    const issued = await service.issueSession({ user, aud: 'Site-A', provider: 'dev', sessionOnly: false });
    expect(issued.claims.aud).toBe('site-a');
    await expect(verifyToken(issued.token, { ...opts, audiences: ['site-a'] })).resolves.toBeDefined();
  });
});

describe('providers', () => {
  const configured = new Set(['dev', 'github']);
  const providerAllowed = (name: string) => configured.has(name);

  it('refuses a token of a provider that is not configured', async () => {
    const token = await sign({ user: { ...user, id: 'provider3_0123' }, auth_provider: { name: 'provider3_' } });
    await expect(verifyToken(token, { ...opts, providerAllowed })).rejects.toThrow('provider is not configured');
    const byId = await sign({ user: { ...user, id: 'gone_0123' } });
    await expect(verifyToken(byId, { ...opts, providerAllowed })).rejects.toThrow('provider is not configured');
  });

  it('accepts a configured provider named by auth_provider or by the id prefix', async () => {
    await expect(
      verifyToken(await sign({ auth_provider: { name: 'github' } }), { ...opts, providerAllowed }),
    ).resolves.toBeDefined();
    await expect(verifyToken(await sign({}), { ...opts, providerAllowed })).resolves.toBeDefined();
  });

  it('refuses to refresh a session of a provider removed from the configuration', async () => {
    let names = new Set(['dev']);
    const service = new TokenService({
      issuer: 'gatehouse',
      tokenDurationMs: 60_000,
      cookieDurationMs: 3_600_000,
      audiences: [],
      secrets,
      providerAllowed: (name) => names.has(name),
    });
    const issued = await service.issueSession({ user, aud: 'a', provider: 'dev', sessionOnly: false });
    await expect(service.refresh(issued.token)).resolves.toBeDefined();
    names = new Set(['github']);
    await expect(service.refresh(issued.token)).rejects.toThrow('provider is not configured');
  });
});
