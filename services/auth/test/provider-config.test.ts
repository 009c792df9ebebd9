// The `providers` section of AUTH_CONFIG: every problem is a start-up error that names the provider.
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '@gatehouse/config';
import { loadAuthConfig } from '../src/config';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-provider-config-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 'x'.repeat(40);

function load(providers: unknown[], env: Record<string, string> = {}, format: 'json' | 'yaml' = 'json') {
  const file = path.join(dir, `auth-${Math.random().toString(36).slice(2)}.${format}`);
  writeFileSync(file, format === 'json' ? JSON.stringify({ providers }) : (providers as unknown as string));
  return loadAuthConfig({ AUTH_SECRET: SECRET, AUTH_CONFIG: file, ...env });
}

function problems(providers: unknown[], env: Record<string, string> = {}): string[] {
  try {
    load(providers, env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

/** `${NAME}` as the config file spells it (a plain string, not a template). */
const envRef = (name: string) => ['$', '{', name, '}'].join('');

const github = { name: 'github', type: 'github', clientId: 'id', clientSecret: 'secret' };

describe('providers in AUTH_CONFIG', () => {
  it('reads secrets from the environment snapshot, several clients of one kind, in order', () => {
    const config = load(
      [
        { ...github, clientSecret: envRef('GH_SECRET') },
        { name: 'github-work', type: 'github', clientId: 'id2', clientSecretEnv: 'GH_WORK' },
        { name: 'corp', type: 'oidc', issuer: 'https://id.example.com', clientId: 'c', clientSecret: 's' },
      ],
      { GH_SECRET: 'from-env', GH_WORK: 'work-secret' },
    );
    expect(config.providers.map((p) => p.name)).toEqual(['github', 'github-work', 'corp']);
    expect(config.providers[0]).toMatchObject({ clientSecret: 'from-env' });
    expect(config.providers[1]).toMatchObject({ clientSecret: 'work-secret' });
    expect(config.providers[2]).toMatchObject({ scopes: ['openid'] });
  });

  it('reads YAML too', () => {
    const yaml = 'providers:\n  - name: discord\n    type: discord\n    clientId: d\n    clientSecret: s\n';
    const file = path.join(dir, 'auth.yaml');
    writeFileSync(file, yaml);
    const config = loadAuthConfig({ AUTH_SECRET: SECRET, AUTH_CONFIG: file });
    expect(config.providers).toMatchObject([{ name: 'discord', type: 'discord' }]);
  });

  it.each([
    [[{ ...github, name: 'git/hub' }], 'provider "git/hub": name must be 1-64 of A-Z a-z 0-9 _ -'],
    [[{ ...github, name: 'a?b' }], 'provider "a?b": name must be'],
    [[github, github], 'provider "github": name is used by another provider'],
    [
      [
        {
          name: 'google',
          type: 'custom',
          clientId: 'c',
          clientSecret: 's',
          authUrl: 'https://a.example',
          tokenUrl: 'https://a.example/t',
          infoUrl: 'https://a.example/u',
        },
      ],
      'provider "google": name "google" is reserved for the built-in provider',
    ],
    [
      [{ name: 'dev', type: 'oidc', issuer: 'https://x.example', clientId: 'c', clientSecret: 's' }],
      'provider "dev": name "dev" is reserved',
    ],
    [[{ name: 'github', type: 'github', clientId: 'id' }], 'provider "github": clientSecret: required'],
    [[{ name: 'github', type: 'github', clientSecret: 's' }], 'provider "github": clientId:'],
    [
      [{ ...github, clientSecret: envRef('NOT_SET') }],
      'provider "github": clientSecret: environment variable NOT_SET is not set',
    ],
    [[{ ...github, type: 'gitlab' }], 'provider "github": type:'],
    [[{ ...github, name: 'microsoft', type: 'microsoft', tenant: '../evil' }], 'provider "microsoft": tenant:'],
    [[{ ...github, authUrl: 'http://github.example.com/authorize' }], 'provider "github": authUrl: must be https'],
    [
      [{ name: 'corp', type: 'custom', clientId: 'c', clientSecret: 's', authUrl: 'https://a.example' }],
      'provider "corp": tokenUrl:',
    ],
    [
      [{ name: 'apple', type: 'apple', clientId: 'c', teamId: 't', keyId: 'k', privateKeyFile: '/nonexistent/key.p8' }],
      'provider "apple": privateKeyFile: cannot read /nonexistent/key.p8 (ENOENT)',
    ],
    [
      [{ name: 'apple', type: 'apple', clientId: 'c', teamId: 't', keyId: 'k', privateKey: 'not a key' }],
      'provider "apple": private key is not a PKCS8 PEM key',
    ],
    [[{ name: 'apple', type: 'apple', clientId: 'c', keyId: 'k', privateKey: 'x' }], 'provider "apple": teamId:'],
  ])('refuses %j', (providers, expected) => {
    expect(problems(providers).join('\n')).toContain(expected);
  });

  it('refuses an Apple key that is not ECDSA P-256', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const found = problems(
      [{ name: 'apple', type: 'apple', clientId: 'c', teamId: 't', keyId: 'k', privateKey: envRef('KEY') }],
      {
        KEY: pem,
      },
    );
    expect(found.join('\n')).toContain('provider "apple": private key must be an ECDSA P-256 key');
  });

  it('refuses a provider that takes a login handler name, and lists every problem at once', () => {
    const found = problems(
      [
        { ...github, name: 'github' },
        { ...github, name: 'tg', type: 'github' },
        { ...github, name: 'x y' },
      ],
      {
        AUTH_LOGIN_HANDLERS: 'tg=127.0.0.1:50053',
      },
    );
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringContaining('provider "tg": name is used by a login handler'),
        expect.stringContaining('provider "x y": name must be'),
      ]),
    );
  });

  it('needs at least one provider', () => {
    expect(problems([]).join('\n')).toContain('providers: none is configured');
  });
});

describe('the auth process with a misconfigured provider', () => {
  it('stops at start-up with a message naming the provider', () => {
    const file = path.join(dir, 'broken.json');
    writeFileSync(
      file,
      JSON.stringify({ providers: [{ name: 'corp', type: 'oidc', clientId: 'c', clientSecret: 's' }] }),
    );
    const root = path.resolve(__dirname, '../../..');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'services/auth/src/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', AUTH_SECRET: SECRET, AUTH_CONFIG: file, AUTH_GRPC_PORT: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('provider "corp": issuer:');
  });
});
