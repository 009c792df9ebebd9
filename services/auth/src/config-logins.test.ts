import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '@gatehouse/config';
import { loadAuthConfig } from './config';

const SECRET = 'x'.repeat(40);
const dir = mkdtempSync(path.join(os.tmpdir(), 'gh-auth-config-'));

function withFile(content: unknown, env: Record<string, string> = {}) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(content));
  return { AUTH_SECRET: SECRET, AUTH_CONFIG: file, ...env };
}

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadAuthConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('direct, verified, hooks and limits configuration', () => {
  it('reads direct and verified providers, hooks, Redis and limits', () => {
    const htpasswd = path.join(dir, 'users');
    writeFileSync(htpasswd, '');
    const config = loadAuthConfig(
      withFile(
        {
          direct: [
            { name: 'local', htpasswd },
            { name: 'app', hook: true },
          ],
          verified: [
            { name: 'email', sender: 'smtp', smtp: { host: 'mail.test', from: 'a@b.test' } },
            { name: 'chat', sender: 'hook', template: 'code {{.Token}}' },
          ],
        },
        {
          AUTH_HOOKS_ADDR: '127.0.0.1:50060',
          AUTH_HOOKS: 'check-credentials,send',
          AUTH_LIMIT_DIRECT_USER: '5/10m',
          REDIS_URL: 'redis://127.0.0.1:6379',
        },
      ),
    );
    expect(config.direct.map((d) => [d.name, d.checker.kind])).toEqual([
      ['local', 'htpasswd'],
      ['app', 'hook'],
    ]);
    expect(config.verified[0]?.sender).toMatchObject({ kind: 'smtp', smtp: { port: 587, tls: 'starttls' } });
    expect(config.hooks).toEqual({
      address: '127.0.0.1:50060',
      enabled: ['check-credentials', 'send'],
      timeoutMs: 2000,
    });
    expect(config.limits.direct.perUser).toEqual({ limit: 5, windowMs: 600_000 });
    expect(config.redis).toEqual({
      url: 'redis://127.0.0.1:6379',
      keyPrefix: 'gatehouse:',
      connection: { url: 'redis://127.0.0.1:6379' },
    });
    expect(config.dev).toBeUndefined();
  });

  it('names every problem of the sections at once', () => {
    const problems = problemsOf(
      withFile(
        {
          direct: [
            { name: 'both', htpasswd: '/nowhere', hook: true },
            { name: 'hooked', hook: true },
            { name: 'missing', htpasswd: '/nowhere/users' },
          ],
          verified: [
            { name: 'hooked', sender: 'smtp' },
            { name: 'tmpl', sender: 'hook', template: '{{.Email}}' },
          ],
        },
        { AUTH_HOOKS_ADDR: '127.0.0.1:1', AUTH_HOOKS: 'validate,nonsense', AUTH_LIMIT_VERIFY_IP: 'many' },
      ),
    );
    // Malformed environment settings are reported first, before the file's sections are checked.
    expect(problems).toEqual(['AUTH_LIMIT_VERIFY_IP: "many" is not <count>/<window> such as 10/15m']);
    const more = problemsOf(
      withFile(
        {
          direct: [
            { name: 'both', htpasswd: '/nowhere', hook: true },
            { name: 'hooked', hook: true },
            { name: 'missing', htpasswd: '/nowhere/users' },
          ],
          verified: [
            { name: 'hooked', sender: 'smtp' },
            { name: 'tmpl', sender: 'hook', template: '{{.Email}}' },
          ],
        },
        { AUTH_HOOKS_ADDR: '127.0.0.1:1', AUTH_HOOKS: 'validate,nonsense' },
      ),
    );
    expect(more).toEqual([
      'AUTH_HOOKS: unknown hook "nonsense" (known: check-credentials, send, update-claims, validate, update-user, check-basic-auth, map-user, read-secret)',
      'AUTH_CONFIG direct.0 (both): set exactly one of htpasswd (a file) or hook: true',
      'AUTH_CONFIG direct.1 (hooked): hook: true needs check-credentials in AUTH_HOOKS',
      'AUTH_CONFIG direct.2 (missing): htpasswd file /nowhere/users not found',
      'AUTH_CONFIG verified.0 (hooked): provider name "hooked" is already taken',
      'AUTH_CONFIG verified.0 (hooked): sender smtp needs an smtp section (host, from)',
      'AUTH_CONFIG verified.1 (tmpl).template: unknown field {{.Email}}',
      'AUTH_CONFIG verified.1 (tmpl): sender hook needs send in AUTH_HOOKS',
    ]);
  });

  it('needs no AUTH_SECRET when the application reads secrets (ReadSecret hook)', () => {
    const env = { AUTH_DEV_PROVIDER: 'true', AUTH_HOOKS_ADDR: '127.0.0.1:1', AUTH_HOOKS: 'read-secret' };
    expect(problemsOf({ ...env, AUTH_AUDIENCES: 'site-a' })).toEqual([]);
    // Without a list of audiences, any made-up audience in a junk token would reach the hook.
    expect(problemsOf(env)).toEqual([
      'AUTH_AUDIENCES: required with the read-secret hook (only listed audiences may reach it)',
    ]);
    expect(problemsOf({ AUTH_DEV_PROVIDER: 'true' })[0]).toMatch(/^AUTH_SECRET: required/);
  });

  it('needs map-user in AUTH_HOOKS for a custom provider mapped by the hook, and keeps names apart', () => {
    const custom = {
      name: 'gitea',
      type: 'custom',
      clientId: 'id',
      clientSecret: 'secret',
      authUrl: 'https://git.example.com/login/oauth/authorize',
      tokenUrl: 'https://git.example.com/login/oauth/access_token',
      infoUrl: 'https://git.example.com/api/v1/user',
      mapping: 'hook',
    };
    const file = { providers: [custom], direct: [{ name: 'gitea', hook: true }] };
    expect(problemsOf(withFile(file, { AUTH_HOOKS_ADDR: '127.0.0.1:1', AUTH_HOOKS: 'check-credentials' }))).toEqual([
      'provider gitea: mapping "hook" needs map-user in AUTH_HOOKS',
      'AUTH_CONFIG direct.0 (gitea): provider name "gitea" is already taken',
    ]);
    const ok = loadAuthConfig(
      withFile({ providers: [custom] }, { AUTH_HOOKS_ADDR: '127.0.0.1:1', AUTH_HOOKS: 'map-user' }),
    );
    expect(ok.providers.map((p) => p.name)).toEqual(['gitea']);
  });

  it('trusts for linking by email only configured OpenID Connect providers, and only with a database', () => {
    const corp = {
      name: 'corp',
      type: 'oidc',
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://sso.example.com',
    };
    const db = { DATABASE_URL: 'postgres://x@127.0.0.1/x', AUTH_DEV_PROVIDER: 'true' };
    const ok = loadAuthConfig(withFile({ providers: [corp] }, { ...db, AUTH_LINK_BY_EMAIL: ' corp ' }));
    expect(ok.linkByEmail).toEqual(['corp']);
    expect(problemsOf(withFile({ providers: [corp] }, { ...db, AUTH_LINK_BY_EMAIL: 'corp,dev,nobody' }))).toEqual([
      'AUTH_LINK_BY_EMAIL: dev never asserts email_verified and cannot be trusted to link by email',
      'AUTH_LINK_BY_EMAIL: nobody is not a configured OpenID Connect provider (type oidc)',
    ]);
    expect(problemsOf(withFile({ providers: [corp] }, { AUTH_LINK_BY_EMAIL: 'corp' }))).toEqual([
      'AUTH_LINK_BY_EMAIL: needs DATABASE_URL (the user directory lives there)',
    ]);
  });
});
