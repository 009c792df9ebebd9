// Issue 31 (medium): a verified token says which key it verified with, so the gateway can keep its own
// routes to tokens of the auth service's key while a site's HS256 secret (AUTH_SECRETS_FILE), which the
// site's application holds and can sign with, stays good for that site.
import { configSecretReader, verifyToken } from './jwt';
import { configuredKeys, generateSigningJwk, type KeySettings } from './keys';
import { TokenService } from './service';

const SHARED = 'the-auth-services-own-secret-0123456789abcdef';
const OLD = 'the-auth-services-old-secret-0123456789abcdef';
const SITE = 'site-a-holds-this-secret-too-0123456789abcdef';
const user = { name: 'victim', id: 'dev_victim', picture: '' };

const settings = (extra: Partial<KeySettings> = {}): KeySettings => ({
  alg: 'HS256',
  signingJwks: [],
  previousSecrets: [OLD],
  secretsByAudience: { 'Site-A': SITE, same: SHARED },
  secret: SHARED,
  ...extra,
});

async function signerOf(token: string, keys: KeySettings, hook = false) {
  const reader = configSecretReader(keys.secret, keys.secretsByAudience);
  const { verification } = await configuredKeys(keys, reader, hook, 'verify');
  return (await verifyToken(token, { secrets: verification, audiences: [] })).signer;
}

const issue = (secret: string, byAudience: Record<string, string>, aud: string) =>
  new TokenService({
    issuer: 'gatehouse',
    tokenDurationMs: 60_000,
    cookieDurationMs: 86_400_000,
    audiences: [],
    secrets: configSecretReader(secret, byAudience),
  }).issueSession({ user, aud, provider: 'dev', sessionOnly: false });

it('tells a site secret from the auth service’s own keys', async () => {
  const keys = settings();
  const bySite = await issue(SHARED, keys.secretsByAudience, 'site-a');
  expect(await signerOf(bySite.token, keys)).toBe('site');
  // Any spelling of the audience is the same site.
  expect(await signerOf((await issue(SHARED, keys.secretsByAudience, 'SITE-A')).token, keys)).toBe('site');
  expect(await signerOf((await issue(SHARED, keys.secretsByAudience, 'other')).token, keys)).toBe('auth');
  // A previous shared secret is still the auth service's own.
  expect(await signerOf((await issue(OLD, {}, 'other')).token, keys)).toBe('auth');
  // An entry equal to AUTH_SECRET is that key under another name.
  expect(await signerOf((await issue(SHARED, keys.secretsByAudience, 'same')).token, keys)).toBe('auth');
});

it('changes nothing without per-site secrets, with the read-secret hook, or with a key set', async () => {
  const plain = settings({ secretsByAudience: {} });
  expect(await signerOf((await issue(SHARED, {}, 'site-a')).token, plain)).toBe('auth');
  const keys = settings();
  expect(await signerOf((await issue(SHARED, keys.secretsByAudience, 'site-a')).token, keys, true)).toBe('auth');
  const jwk = await generateSigningJwk('ES256');
  const es = settings({ alg: 'ES256', signingJwks: [jwk], previousSecrets: [], secretsByAudience: {} });
  const { signingKeys } = await configuredKeys(es, configSecretReader(SHARED, {}), false);
  const token = await new TokenService({
    issuer: 'gatehouse',
    tokenDurationMs: 60_000,
    cookieDurationMs: 86_400_000,
    audiences: [],
    secrets: configSecretReader(SHARED, {}),
    signingKeys,
  }).issueSession({ user, aud: 'site-a', provider: 'dev', sessionOnly: false });
  expect(await signerOf(token.token, es)).toBe('auth');
});
