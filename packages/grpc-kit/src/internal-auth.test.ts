import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importJWK, type JWK, SignJWT } from 'jose';
import { ensureInternalKeys, InternalAuth, InternalAuthError } from './internal-auth';

const dir = mkdtempSync(path.join(os.tmpdir(), 'gh-internal-auth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let gateway: InternalAuth;
let auth: InternalAuth;
beforeAll(async () => {
  await ensureInternalKeys(dir, ['gateway', 'auth']);
  gateway = await InternalAuth.load(dir, 'gateway');
  auth = await InternalAuth.load(dir, 'auth');
});

/** A token signed with the gateway's own key, with the claims a test chooses. */
async function gatewayToken(claims: { iat?: number; exp: number; aud: string }): Promise<string> {
  const jwk = JSON.parse(readFileSync(path.join(dir, 'gateway.key.json'), 'utf8')) as JWK;
  const jwt = new SignJWT({}).setProtectedHeader({ alg: 'EdDSA', kid: 'gateway' }).setSubject('gateway');
  jwt.setAudience(claims.aud).setExpirationTime(claims.exp);
  if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
  return jwt.sign(await importJWK(jwk, 'EdDSA'));
}

it('accepts a fresh caller token for its own audience', async () => {
  await expect(auth.verify(await gateway.sign('auth'), 'auth')).resolves.toBe('gateway');
});

it('keys the verified cache on token and audience: a token for payment cached first is refused at auth', async () => {
  const forPayment = await gateway.sign('payment');
  await expect(auth.verify(forPayment, 'payment')).resolves.toBe('gateway');
  await expect(auth.verify(forPayment, 'auth')).rejects.toBeInstanceOf(InternalAuthError);
});

it('refuses a token living longer than 10 minutes, and one without iat', async () => {
  const now = Math.floor(Date.now() / 1000);
  await expect(auth.verify(await gatewayToken({ aud: 'auth', iat: now, exp: now + 600 }), 'auth')).resolves.toBe(
    'gateway',
  );
  const tenYears = await gatewayToken({ aud: 'auth', iat: now, exp: now + 10 * 365 * 86400 });
  await expect(auth.verify(tenYears, 'auth')).rejects.toBeInstanceOf(InternalAuthError);
  await expect(auth.verify(await gatewayToken({ aud: 'auth', iat: now, exp: now + 601 }), 'auth')).rejects.toThrow();
  await expect(auth.verify(await gatewayToken({ aud: 'auth', exp: now + 60 }), 'auth')).rejects.toThrow();
  await expect(gateway.sign('auth', 3600)).rejects.toThrow();
});

it('refuses a token issued in the future (beyond 30 s of skew) or older than the maximum age', async () => {
  const now = Math.floor(Date.now() / 1000);
  // 10 years ahead with exp = iat + 300: the life rule alone (exp - iat) holds for it.
  const future = now + 10 * 365 * 86400;
  await expect(
    auth.verify(await gatewayToken({ aud: 'auth', iat: future, exp: future + 300 }), 'auth'),
  ).rejects.toThrow(InternalAuthError);
  await expect(auth.verify(await gatewayToken({ aud: 'auth', iat: now + 45, exp: now + 345 }), 'auth')).rejects.toThrow(
    InternalAuthError,
  );
  // Within the skew a caller whose clock runs a little ahead is still heard.
  await expect(auth.verify(await gatewayToken({ aud: 'auth', iat: now + 20, exp: now + 320 }), 'auth')).resolves.toBe(
    'gateway',
  );
  // Older than the maximum age.
  await expect(auth.verify(await gatewayToken({ aud: 'auth', iat: now - 700, exp: now + 60 }), 'auth')).rejects.toThrow(
    InternalAuthError,
  );
});
