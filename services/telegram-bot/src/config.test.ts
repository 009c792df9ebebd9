import { ConfigError } from '@gatehouse/config';
import { loadTelegramConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadTelegramConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

test('LOG_LEVEL is one of the pino levels, info by default', () => {
  expect(loadTelegramConfig({}).logLevel).toBe('info');
  expect(loadTelegramConfig({ LOG_LEVEL: 'error' }).logLevel).toBe('error');
});

test('an unknown LOG_LEVEL is refused, naming LOG_LEVEL', () => {
  expect(problemsOf({ LOG_LEVEL: 'loud' })).toEqual([expect.stringMatching(/^LOG_LEVEL: /)]);
});

test('TELEGRAM_CONFIRM is button by default, or code; the site name is configured, else the AUTH_URL host', () => {
  expect(loadTelegramConfig({})).toMatchObject({ confirm: 'button', siteName: '127.0.0.1:8080' });
  expect(loadTelegramConfig({ TELEGRAM_CONFIRM: 'code', AUTH_URL: 'https://login.example.com/' })).toMatchObject({
    confirm: 'code',
    siteName: 'login.example.com',
  });
  expect(loadTelegramConfig({ TELEGRAM_SITE_NAME: 'Acme', AUTH_URL: 'https://x.example' }).siteName).toBe('Acme');
  expect(problemsOf({ TELEGRAM_CONFIRM: 'auto' })).toEqual([expect.stringMatching(/^TELEGRAM_CONFIRM: /)]);
});

test('refuses in-process login requests and lease when reachable beyond loopback, naming REDIS_URL', () => {
  expect(problemsOf({ GRPC_HOST: '0.0.0.0' })).toEqual([expect.stringMatching(/^REDIS_URL: required when GRPC_HOST/)]);
  expect(problemsOf({ GRPC_HOST: '0.0.0.0', REDIS_URL: 'redis://redis:6379' })).toEqual([]);
});

test('METRICS_HOST defaults to loopback, whatever GRPC_HOST is', () => {
  expect(loadTelegramConfig({ GRPC_HOST: '0.0.0.0', REDIS_URL: 'redis://r:6379' }).metricsHost).toBe('127.0.0.1');
  expect(loadTelegramConfig({ METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
});
