// HS256 through node:crypto must be jose's HS256: the same bytes signed, the same tokens accepted and
// refused, with jose as the oracle.
import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { signHs256, verifyHs256 } from './hs256';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const OTHER = 'another-secret-that-is-long-enough-98765432';
const key = (secret: string) => new TextEncoder().encode(secret);
const NOW_MS = 1_800_000_000_000;
const now = NOW_MS / 1000;

const joseSign = (claims: Record<string, unknown>, secret = SECRET, header: Record<string, unknown> = {}) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header }).sign(key(secret));

/** A token with any header and payload text, MAC'd with `secret`: what an attacker holding it could send. */
function forge(header: string, payload: string, secret = SECRET): string {
  const input = `${Buffer.from(header).toString('base64url')}.${Buffer.from(payload).toString('base64url')}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

const CLAIMS: Record<string, unknown>[] = [
  { iss: 'gatehouse', aud: 'gatehouse', exp: now + 900, iat: now, jti: 'f'.repeat(40) },
  {
    iss: 'gatehouse',
    aud: 'site-a',
    exp: now + 1,
    iat: now,
    jti: 'abc',
    user: { name: 'Zoë 山田 😀', id: 'dev_0123', picture: 'http://127.0.0.1/avatar/x.image', attrs: { a: [1, null] } },
    sess_only: true,
    auth_provider: { name: 'dev' },
    auth_time: now - 10,
    amr: ['fed', 'otp'],
  },
  { handshake: { state: 'st', from: 'http://127.0.0.1/?a=1&b=<x>' }, exp: now + 1800, nbf: now - 60 },
];

describe('signHs256', () => {
  it('writes the bytes jose writes, which jose verifies', async () => {
    for (const claims of CLAIMS) {
      const ours = signHs256(claims, SECRET);
      expect(ours).toBe(await joseSign(claims));
      await expect(jwtVerify(ours, key(SECRET), { currentDate: new Date(NOW_MS) })).resolves.toMatchObject({
        payload: claims,
      });
    }
  });

  it('refuses an empty secret and a claim that is not a finite number', () => {
    expect(() => signHs256({ exp: now }, '')).toThrow('must not be empty');
    expect(() => signHs256({ exp: Number.POSITIVE_INFINITY }, SECRET)).toThrow('finite');
  });
});

describe('verifyHs256', () => {
  it("accepts jose's tokens, with their claims, and says when only exp has passed", async () => {
    for (const claims of CLAIMS) {
      const verified = verifyHs256(await joseSign(claims), [SECRET], NOW_MS);
      expect(verified).toEqual({ ok: true, payload: claims, expired: false });
    }
    const past = await joseSign({ exp: now });
    expect(verifyHs256(past, [SECRET], NOW_MS)).toEqual({ ok: true, payload: { exp: now }, expired: true });
    expect(verifyHs256(past, [SECRET], NOW_MS - 1000)).toMatchObject({ ok: true, expired: false });
  });

  it('tries each secret in turn: a retired one still verifies, an unknown one does not', async () => {
    const token = await joseSign({ exp: now + 60 }, OTHER);
    expect(verifyHs256(token, [SECRET, OTHER], NOW_MS)).toMatchObject({ ok: true });
    expect(verifyHs256(token, [SECRET], NOW_MS)).toEqual({ ok: false, reason: 'invalid' });
    expect(() => verifyHs256(token, [''], NOW_MS)).toThrow('must not be empty');
  });

  it('refuses before nbf, as jose does', async () => {
    const early = await joseSign({ exp: now + 60, nbf: now + 1 });
    expect(verifyHs256(early, [SECRET], NOW_MS)).toEqual({ ok: false, reason: 'not_yet_valid' });
    await expect(jwtVerify(early, key(SECRET), { currentDate: new Date(NOW_MS) })).rejects.toThrow('nbf');
    expect(verifyHs256(early, [SECRET], NOW_MS + 1000)).toMatchObject({ ok: true });
  });

  it('refuses what jose refuses: other algorithms, a bad MAC, broken JSON or UTF-8, time claims of another type', async () => {
    const good = await joseSign({ exp: now + 60 });
    const [h, p, sig] = good.split('.') as [string, string, string];
    const other = Buffer.from(`${p}x`).toString('base64url');
    const refused = [
      forge('{"alg":"none","typ":"JWT"}', '{"exp":1}'),
      forge('{"alg":"HS512","typ":"JWT"}', '{"exp":1}'),
      forge('{"typ":"JWT"}', '{"exp":1}'),
      forge('["HS256"]', '{"exp":1}'),
      forge('{"alg":"HS256"', '{"exp":1}'),
      forge('{"alg":"HS256"}', '[1]'),
      forge('{"alg":"HS256"}', 'null'),
      forge('{"alg":"HS256"}', '{"exp":"soon"}'),
      forge('{"alg":"HS256"}', `{"exp":${now + 60},"iat":"x"}`),
      forge('{"alg":"HS256"}', `{"exp":${now + 60},"nbf":"x"}`),
      `${forge('{"alg":"HS256"}', '{"exp":1}').split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`,
      `${h}.${other}.${sig}`,
      `${h}.${p}`,
      `${h}.${p}.${sig}.${sig}`,
      `.${p}.${sig}`,
      `${h}.${p}.${sig.slice(0, 20)}`,
    ];
    for (const token of refused) {
      expect(verifyHs256(token, [SECRET], NOW_MS)).toEqual({ ok: false, reason: 'invalid' });
      await expect(jwtVerify(token, key(SECRET), { currentDate: new Date(NOW_MS) })).rejects.toThrow();
    }
    // Bytes that are not UTF-8, MAC'd like the rest.
    const input = `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from([0x7b, 0xff, 0x7d]).toString('base64url')}`;
    const binary = `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
    expect(verifyHs256(binary, [SECRET], NOW_MS)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses crit and b64 headers, which Gatehouse never writes', () => {
    for (const header of ['{"alg":"HS256","crit":["b64"],"b64":true}', '{"alg":"HS256","b64":false}']) {
      expect(verifyHs256(forge(header, `{"exp":${now + 60}}`), [SECRET], NOW_MS)).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
  });
});
