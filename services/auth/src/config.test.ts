import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '@gatehouse/config';
import { loadAuthConfig } from './config';

const SECRET = 'x'.repeat(40);

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadAuthConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('loadAuthConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadAuthConfig({ AUTH_SECRET: SECRET, AUTH_DEV_PROVIDER: 'true' });
    expect(config.token).toMatchObject({
      issuer: 'gatehouse',
      url: 'http://127.0.0.1:8080',
      tokenDurationMs: 15 * 60_000,
      cookieDurationMs: 31 * 24 * 3600_000,
      audiences: [],
      avatarRoutePath: '/avatar',
      loginHandlers: {},
    });
    expect(config.grpc).toEqual({ host: '127.0.0.1', port: 50051 });
    expect(config.dev).toEqual({ host: '127.0.0.1', port: 8084, url: 'http://127.0.0.1:8084', emailDomain: undefined });
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({
      AUTH_SECRET: 'short',
      AUTH_TOKEN_DURATION: 'soon',
      AUTH_URL: 'ftp://x',
      AUTH_LOGIN_HANDLERS: 'telegram=nowhere',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^AUTH_TOKEN_DURATION: "soon" is not a duration/),
        expect.stringMatching(/^AUTH_URL:/),
        expect.stringMatching(/^AUTH_LOGIN_HANDLERS: "telegram=nowhere" is not name=host:port/),
      ]),
    );
  });

  it('requires a long enough secret and at least one provider', () => {
    expect(problemsOf({ AUTH_SECRET: 'short' })).toEqual([
      'AUTH_SECRET: must be at least 32 characters',
      'providers: none is configured; enable at least one (AUTH_DEV_PROVIDER=true for development, or direct/verified in AUTH_CONFIG)',
    ]);
    expect(problemsOf({})).toContain(
      'AUTH_SECRET: required (or AUTH_SECRETS_FILE); generate one with `openssl rand -hex 32`',
    );
    expect(problemsOf({ AUTH_SECRET: SECRET, AUTH_LOGIN_HANDLERS: 'telegram=127.0.0.1:50053' })).toEqual([]);
  });

  it('reads scalar settings from AUTH_CONFIG, with the environment winning, and per-audience secrets', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gh-config-'));
    const file = path.join(dir, 'auth.yaml');
    writeFileSync(file, 'AUTH_ISSUER: from-file\nAUTH_TOKEN_DURATION: 5m\n');
    const secrets = path.join(dir, 'secrets.json');
    writeFileSync(secrets, JSON.stringify({ 'site-a': 'a'.repeat(32), 'site-b': 'b'.repeat(32) }));
    const config = loadAuthConfig({
      AUTH_CONFIG: file,
      AUTH_TOKEN_DURATION: '2m',
      AUTH_SECRETS_FILE: secrets,
      AUTH_DEV_PROVIDER: '1',
    });
    expect(config.token.issuer).toBe('from-file');
    expect(config.token.tokenDurationMs).toBe(120_000);
    expect(config.token.secretsByAudience).toEqual({ 'site-a': 'a'.repeat(32), 'site-b': 'b'.repeat(32) });
    expect(
      problemsOf({ AUTH_CONFIG: path.join(dir, 'missing.json'), AUTH_SECRET: SECRET, AUTH_DEV_PROVIDER: '1' })[0],
    ).toMatch(/^AUTH_CONFIG: cannot read/);
  });
});

describe('state shared by replicas', () => {
  it('refuses in-process stores when the server is reachable beyond loopback, naming REDIS_URL', () => {
    expect(problemsOf({ AUTH_SECRET: SECRET, AUTH_DEV_PROVIDER: 'true', GRPC_HOST: '0.0.0.0' })).toEqual([
      expect.stringMatching(/^REDIS_URL: required when GRPC_HOST=0\.0\.0\.0 \(not loopback\)/),
    ]);
    const base = { AUTH_SECRET: SECRET, AUTH_DEV_PROVIDER: 'true' };
    expect(problemsOf({ ...base, GRPC_HOST: '0.0.0.0', REDIS_URL: 'redis://redis:6379' })).toEqual([]);
    expect(problemsOf({ ...base, GRPC_HOST: '127.0.0.1' })).toEqual([]);
    expect(problemsOf({ ...base, GRPC_HOST: '::1' })).toEqual([]);
  });
});

test('METRICS_HOST defaults to loopback, whatever GRPC_HOST is', () => {
  expect(
    loadAuthConfig({
      AUTH_SECRET: SECRET,
      AUTH_DEV_PROVIDER: 'true',
      GRPC_HOST: '0.0.0.0',
      REDIS_URL: 'redis://r:6379',
    }).metricsHost,
  ).toBe('127.0.0.1');
  expect(loadAuthConfig({ AUTH_SECRET: SECRET, AUTH_DEV_PROVIDER: 'true', METRICS_HOST: '0.0.0.0' }).metricsHost).toBe(
    '0.0.0.0',
  );
});
