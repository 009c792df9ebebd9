import { createHash } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose';
import { hashId, safeEqual, userId } from './claims';
import { configSecretReader, verifyToken } from './jwt';
import { TokenService } from './service';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function makeService(overrides: Partial<ConstructorParameters<typeof TokenService>[0]> = {}) {
  let now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const service = new TokenService({
    issuer: 'gatehouse-test',
    tokenDurationMs: 15 * MINUTE,
    cookieDurationMs: 31 * DAY,
    audiences: [],
    secrets: configSecretReader(SECRET, {}),
    now: () => now,
    ...overrides,
  });
  return { service, advance: (ms: number) => (now += ms), now: () => now };
}

const user = { name: 'dev_user', id: 'dev_user', picture: 'http://127.0.0.1:8080/avatar/x.image' };

describe('hash ids (reference vectors)', () => {
  it('hashes like go-pkgz HashID', () => {
    expect(hashId('myid')).toBe('6e34471f84557e1713012d64a7477c71bfdac631');
    expect(hashId('')).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(hashId('6e34471f84557e1713012d64a7477c71bfdac631')).toBe('6e34471f84557e1713012d64a7477c71bfdac631');
    expect(userId('github', 'myid')).toBe('github_6e34471f84557e1713012d64a7477c71bfdac631');
    expect(hashId('dev_user')).toBe('ccfa2abd01667605b4e1fc4fcb91b1e1af323240');
    // A user-chosen raw id that looks hashed is hashed again: it cannot spell another user's id.
    const alice = hashId('alice');
    expect(userId('local', alice)).not.toBe(userId('local', 'alice'));
    expect(userId('local', alice)).toBe(`local_${createHash('sha1').update(alice).digest('hex')}`);
  });

  it('compares secrets in constant time and by value', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});

describe('TokenService.issueSession', () => {
  it('writes the reference claim shape with HS256 and a single-string aud', async () => {
    const { service, now } = makeService();
    const issued = await service.issueSession({ user, aud: 'my-site', provider: 'dev', sessionOnly: false });
    expect(decodeProtectedHeader(issued.token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const payload = decodeJwt(issued.token);
    const nowSec = Math.floor(now() / 1000);
    expect(payload).toEqual({
      iss: 'gatehouse-test',
      aud: 'my-site',
      exp: nowSec + 15 * 60,
      iat: nowSec,
      jti: issued.jti,
      user,
      auth_provider: { name: 'dev' },
      auth_time: nowSec,
    });
    expect(Object.keys(payload).slice(0, 5)).toEqual(['iss', 'aud', 'exp', 'iat', 'jti']);
    expect(issued.jti).toMatch(/^[0-9a-f]{40}$/);
    expect(issued.maxAgeSeconds).toBe(31 * 24 * 3600);
  });

  it('gives session-only logins a session cookie and marks them', async () => {
    const { service } = makeService();
    const issued = await service.issueSession({ user, aud: 'a', provider: 'dev', sessionOnly: true });
    expect(issued.maxAgeSeconds).toBe(0);
    expect(decodeJwt(issued.token).sess_only).toBe(true);
  });

  it('runs the claims updater at login', async () => {
    const { service } = makeService({
      updateClaims: async (c) => ({ ...c, user: c.user && { ...c.user, role: 'editor' } }),
    });
    const issued = await service.issueSession({ user, aud: 'a', provider: 'dev', sessionOnly: false });
    expect((decodeJwt(issued.token).user as { role: string }).role).toBe('editor');
  });
});

describe('audiences', () => {
  it('refuses to sign or verify an audience outside the allowed list', async () => {
    const { service } = makeService({ audiences: ['site-a', 'Site-B'] });
    await expect(service.issueSession({ user, aud: 'site-c', provider: 'dev', sessionOnly: false })).rejects.toThrow(
      'aud "site-c" not allowed',
    );
    const ok = await service.issueSession({ user, aud: 'site-b', provider: 'dev', sessionOnly: false });
    expect((await service.verify(ok.token)).claims.aud).toBe('site-b');

    const foreign = await makeService().service.issueSession({
      user,
      aud: 'site-c',
      provider: 'dev',
      sessionOnly: false,
    });
    await expect(service.verify(foreign.token)).rejects.toThrow('aud "site-c" not allowed');
  });

  it('reads the secret per audience', async () => {
    const secrets = configSecretReader(undefined, { a: `${SECRET}-a`, b: `${SECRET}-b` });
    const { service } = makeService({ secrets });
    const forA = await service.issueSession({ user, aud: 'a', provider: 'dev', sessionOnly: false });
    await expect(verifyToken(forA.token, { secrets, audiences: [] })).resolves.toBeDefined();
    // The same claims signed with b's secret but claiming aud a must fail.
    const forged = await new SignJWT({ ...decodeJwt(forA.token) })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(`${SECRET}-b`));
    await expect(verifyToken(forged, { secrets, audiences: [] })).rejects.toThrow('token is invalid');
    await expect(service.issueSession({ user, aud: 'c', provider: 'dev', sessionOnly: false })).rejects.toThrow(
      "can't get secret",
    );
  });

  it('requires exactly one audience on a user token', async () => {
    const token = await new SignJWT({ user, aud: ['a', 'b'] })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(SECRET));
    await expect(verifyToken(token, { secrets: configSecretReader(SECRET, {}), audiences: [] })).rejects.toThrow(
      'aud is not of size 1',
    );
  });
});

describe('secrets per audience', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'never treats an inherited member as the secret of audience %s',
    async (aud) => {
      const secrets = configSecretReader(undefined, { real: SECRET });
      expect(() => secrets(aud)).toThrow(`no secret for audience "${aud}"`);
      // A token signed with what an object lookup would have returned is refused.
      const forged = await new SignJWT({ aud, user: { name: 'x', id: 'github_x', picture: '' } })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(String(({} as Record<string, unknown>)[aud])));
      await expect(verifyToken(forged, { secrets, audiences: [] })).rejects.toThrow();
      // With a shared secret the audience falls back to it, and the forgery still fails.
      await expect(
        verifyToken(forged, { secrets: configSecretReader(SECRET, { real: SECRET }), audiences: [] }),
      ).rejects.toThrow('token is invalid');
    },
  );
});

describe('algorithm confusion', () => {
  const secrets = configSecretReader(SECRET, {});

  it('rejects alg none', async () => {
    const token = new UnsecuredJWT({ user, aud: 'a' }).encode();
    await expect(verifyToken(token, { secrets, audiences: [] })).rejects.toThrow(/token is (invalid|malformed)/);
  });

  it('rejects an asymmetric alg even when the HMAC secret is used as the key', async () => {
    const [header, payload] = [
      Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url'),
      Buffer.from(JSON.stringify({ user, aud: 'a' })).toString('base64url'),
    ];
    const { createHmac } = await import('node:crypto');
    const sig = createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url');
    await expect(verifyToken(`${header}.${payload}.${sig}`, { secrets, audiences: [] })).rejects.toThrow(
      'token is invalid',
    );
  });

  it.each(['HS384', 'HS512'])('refuses %s: only the configured HS256 is accepted', async (alg) => {
    const token = await new SignJWT({ user, aud: 'a' })
      .setProtectedHeader({ alg })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    await expect(verifyToken(token, { secrets, audiences: [] })).rejects.toThrow('token is invalid');
  });

  it('rejects garbage and a wrong signature', async () => {
    await expect(verifyToken('not-a-jwt', { secrets, audiences: [] })).rejects.toThrow('token is malformed');
    const token = await new SignJWT({ user, aud: 'a' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('other'));
    await expect(verifyToken(token, { secrets, audiences: [] })).rejects.toThrow('token is invalid');
  });
});

describe('expiry and refresh', () => {
  it('reports an expired but well-signed token as expired, not invalid', async () => {
    const { service, advance } = makeService();
    const issued = await service.issueSession({ user, aud: 'a', provider: 'dev', sessionOnly: false });
    await expect(service.verify(issued.token)).resolves.toMatchObject({ expired: false });
    advance(16 * MINUTE);
    await expect(service.verify(issued.token)).resolves.toMatchObject({ expired: true, claims: { user } });
  });

  it('keeps the jti and auth_time, moves exp and iat, and reruns the claims updater', async () => {
    let calls = 0;
    const { service, advance, now } = makeService({
      updateClaims: async (c) => {
        calls += 1;
        return { ...c, user: c.user && { ...c.user, attrs: { logins: calls } } };
      },
    });
    const first = await service.issueSession({ user, aud: 'a', provider: 'dev', sessionOnly: false });
    advance(20 * MINUTE);
    const second = await service.refresh(first.token);
    const a = decodeJwt(first.token);
    const b = decodeJwt(second.token);
    expect(b.jti).toBe(a.jti);
    expect(b.auth_time).toBe(a.auth_time);
    expect(b.iat).toBe(Math.floor(now() / 1000));
    expect(b.exp).toBe(Math.floor(now() / 1000) + 15 * 60);
    expect((b.user as { attrs: unknown }).attrs).toEqual({ logins: 2 });
    expect(second.maxAgeSeconds).toBe(31 * 24 * 3600 - 20 * 60);
  });

  it('never extends a session past the cookie duration from the first login', async () => {
    const { service, advance, now } = makeService({ cookieDurationMs: 1 * DAY });
    const first = await service.issueSession({ user, aud: 'a', provider: 'dev', sessionOnly: false });
    const end = Math.floor(now() / 1000) + 24 * 3600;
    advance(DAY - 5 * MINUTE);
    const late = await service.refresh(first.token);
    expect(decodeJwt(late.token).exp).toBe(end);
    expect(late.maxAgeSeconds).toBe(5 * 60);
    advance(10 * MINUTE);
    await expect(service.refresh(late.token)).rejects.toThrow('session expired, log in again');
  });

  it('refuses to refresh a handshake token', async () => {
    const { service } = makeService();
    const hs = await service.issueHandshake({
      aud: 'a',
      provider: 'dev',
      state: 's',
      sessionOnly: false,
      noAvatar: false,
    });
    expect(hs.maxAgeSeconds).toBe(0);
    await expect(service.refresh(hs.token)).rejects.toThrow('invalid kind of token');
  });
});

describe('passkey sessions live only while their account’s provider does (issue 25, item 3)', () => {
  const devUser = { name: 'pat', id: userId('dev', 'pat'), picture: '' };
  it('verifies and refreshes with the dev provider on; refuses both once it is off', async () => {
    let providers = ['dev', 'passkey'];
    const { service, advance } = makeService({ providerAllowed: (name) => providers.includes(name) });
    const issued = await service.issueSession({ user: devUser, aud: 'site', provider: 'passkey', sessionOnly: false });
    await expect(service.verify(issued.token)).resolves.toMatchObject({ expired: false });
    advance(16 * MINUTE);
    await expect(service.refresh(issued.token)).resolves.toMatchObject({ jti: issued.jti });
    providers = ['passkey'];
    await expect(service.verify(issued.token)).rejects.toThrow('provider is not configured');
    await expect(service.refresh(issued.token)).rejects.toThrow('provider is not configured');
  });
});
