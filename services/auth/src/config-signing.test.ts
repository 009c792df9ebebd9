// AUTH_JWT_ALG and its companions: contradictions are configuration errors, not silent choices.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '@gatehouse/config';
import { loadAuthConfig } from './config';

const SECRET = 'x'.repeat(40);
const dir = mkdtempSync(path.join(os.tmpdir(), 'gh-signing-'));
const keysFile = path.join(dir, 'keys.json');
writeFileSync(keysFile, JSON.stringify({ keys: [{ kid: 'k1', kty: 'EC', crv: 'P-256', x: 'a', y: 'b', d: 'c' }] }));
const publicKeysFile = path.join(dir, 'public-keys.json');
writeFileSync(publicKeysFile, JSON.stringify({ keys: [{ kid: 'k1', kty: 'EC', crv: 'P-256', x: 'a', y: 'b' }] }));
const secretsFile = path.join(dir, 'secrets.json');
writeFileSync(secretsFile, JSON.stringify({ 'site-a': 'a'.repeat(32) }));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadAuthConfig({ AUTH_SECRET: SECRET, AUTH_DEV_PROVIDER: '1', ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('signing settings', () => {
  it('defaults to HS256 and reads previous secrets', () => {
    const config = loadAuthConfig({
      AUTH_SECRET: SECRET,
      AUTH_DEV_PROVIDER: '1',
      AUTH_JWT_ALG: '',
      AUTH_SIGNING_KEYS_FILE: '',
      AUTH_SECRET_PREVIOUS: `${'p'.repeat(32)}, ${'q'.repeat(32)}`,
    });
    expect(config.token).toMatchObject({
      alg: 'HS256',
      signingJwks: [],
      previousSecrets: ['p'.repeat(32), 'q'.repeat(32)],
    });
    expect(problemsOf({ AUTH_SECRET_PREVIOUS: 'short' })).toEqual([
      'AUTH_SECRET_PREVIOUS[0]: must be at least 32 characters',
    ]);
  });

  it('reads the key file with ES256', () => {
    const config = loadAuthConfig({
      AUTH_SECRET: SECRET,
      AUTH_DEV_PROVIDER: '1',
      AUTH_JWT_ALG: 'ES256',
      AUTH_SIGNING_KEYS_FILE: keysFile,
    });
    expect(config.token.alg).toBe('ES256');
    expect(config.token.signingJwks.map((k) => k.kid)).toEqual(['k1']);
  });

  it('refuses contradictions', () => {
    expect(problemsOf({ AUTH_JWT_ALG: 'ES256' })).toEqual([expect.stringMatching(/^AUTH_SIGNING_KEYS_FILE: required/)]);
    expect(problemsOf({ AUTH_SIGNING_KEYS_FILE: keysFile })).toEqual([
      expect.stringMatching(/^AUTH_SIGNING_KEYS_FILE: only used with/),
    ]);
    expect(
      problemsOf({
        AUTH_JWT_ALG: 'EdDSA',
        AUTH_SIGNING_KEYS_FILE: keysFile,
        AUTH_SECRETS_FILE: secretsFile,
        AUTH_SECRET_PREVIOUS: 'p'.repeat(32),
      }),
    ).toEqual([
      expect.stringMatching(/^AUTH_SECRETS_FILE: per-audience secrets are HS256 only/),
      expect.stringMatching(/^AUTH_SECRET_PREVIOUS: HS256 only/),
    ]);
    expect(problemsOf({ AUTH_JWT_ALG: 'RS256' })[0]).toMatch(/^AUTH_JWT_ALG/);
    expect(problemsOf({ AUTH_JWT_ALG: 'ES256', AUTH_SIGNING_KEYS_FILE: secretsFile })).toEqual([
      expect.stringMatching(/must be a JWK Set/),
    ]);
  });

  it('needs private keys: the auth service signs', () => {
    expect(problemsOf({ AUTH_JWT_ALG: 'ES256', AUTH_SIGNING_KEYS_FILE: publicKeysFile })).toEqual([
      `AUTH_SIGNING_KEYS_FILE: ${publicKeysFile} must be a JWK Set of private keys with kid ({"keys": [...]})`,
    ]);
  });
});
