import { ConfigError } from '@gatehouse/config';
import { loadAvatarConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadAvatarConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

test('LOG_LEVEL is one of the pino levels, info by default', () => {
  expect(loadAvatarConfig({}).logLevel).toBe('info');
  expect(loadAvatarConfig({ LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
});

test('an unknown LOG_LEVEL is refused, naming LOG_LEVEL', () => {
  expect(problemsOf({ LOG_LEVEL: 'loud' })).toEqual([expect.stringMatching(/^LOG_LEVEL: /)]);
});

test('METRICS_HOST defaults to loopback, whatever GRPC_HOST is', () => {
  expect(loadAvatarConfig({ GRPC_HOST: '0.0.0.0' }).metricsHost).toBe('127.0.0.1');
  expect(loadAvatarConfig({ METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
});
