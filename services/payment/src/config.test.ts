import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '@gatehouse/config';
import { loadPaymentConfig } from './config';

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' };

test('defaults: sandbox, 50054, a 1-day limit of 500.00, no processor without credentials', () => {
  const c = loadPaymentConfig(base);
  expect(c.grpcPort).toBe(50054);
  expect(c.grpcHost).toBe('127.0.0.1');
  expect(c.processor).toBeUndefined();
  expect(c.rules).toEqual([{ code: 'compliance-1-day', label: '1 day', maxCents: 50_000, windowMs: 86_400_000 }]);
});

test('credentials and limits from the environment', () => {
  const c = loadPaymentConfig({
    ...base,
    PROCESSOR_MERCHANT_ID: 'm',
    PROCESSOR_PUBLIC_KEY: 'pub',
    PROCESSOR_PRIVATE_KEY: 'priv',
    PROCESSOR_GATEWAY_URL: 'http://127.0.0.1:9099',
    PROCESSOR_TIMEOUT: '3s',
    PAYMENT_LIMIT_1_DAY: '250.50',
    PAYMENT_LIMIT_30_DAYS: '800',
    PAYMENT_LIMIT_BALANCE: '1000.00',
  });
  expect(c.processor).toEqual({
    merchantId: 'm',
    publicKey: 'pub',
    privateKey: 'priv',
    environment: 'sandbox',
    gatewayUrl: 'http://127.0.0.1:9099',
    timeoutMs: 3000,
  });
  expect(c.rules.map((r) => [r.code, r.maxCents])).toEqual([
    ['compliance-1-day', 25_050],
    ['compliance-30-days', 80_000],
    ['compliance-balance', 100_000],
  ]);
});

test('the PAYMENT_SETTINGS file overrides the environment', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'payment-settings-'));
  const file = path.join(dir, 'settings.yaml');
  writeFileSync(
    file,
    'PROCESSOR_MERCHANT_ID: file-m\nPROCESSOR_PUBLIC_KEY: file-pub\nPROCESSOR_PRIVATE_KEY: file-priv\nPROCESSOR_ENVIRONMENT: production\nPAYMENT_LIMIT_1_DAY: 100\n',
  );
  const c = loadPaymentConfig({
    ...base,
    PAYMENT_SETTINGS: file,
    PROCESSOR_MERCHANT_ID: 'env-m',
    PAYMENT_LIMIT_1_DAY: '900',
  });
  expect(c.processor).toMatchObject({ merchantId: 'file-m', publicKey: 'file-pub', environment: 'production' });
  expect(c.rules[0]!.maxCents).toBe(10_000);
});

test('every problem is listed in one error', () => {
  expect(() =>
    loadPaymentConfig({
      PROCESSOR_MERCHANT_ID: 'm',
      PROCESSOR_ENVIRONMENT: 'staging',
      PAYMENT_LIMIT_1_DAY: '-5',
      PROCESSOR_GATEWAY_URL: 'ftp://x',
    }),
  ).toThrow(
    expect.objectContaining({
      message: expect.stringMatching(
        /DATABASE_URL[\s\S]*PROCESSOR_ENVIRONMENT[\s\S]*PROCESSOR_GATEWAY_URL[\s\S]*PAYMENT_LIMIT_1_DAY[\s\S]*PROCESSOR_MERCHANT_ID/,
      ),
    }),
  );
});

test('an unreadable settings file names itself', () => {
  expect(() => loadPaymentConfig({ ...base, PAYMENT_SETTINGS: '/nonexistent/settings.json' })).toThrow(
    /PAYMENT_SETTINGS/,
  );
});

test('reconciliation waits well past the processor timeout', () => {
  expect(loadPaymentConfig(base)).toMatchObject({ reconcileAfterMs: 600_000, reconcileIntervalMs: 300_000 });
  expect(() => loadPaymentConfig({ ...base, PROCESSOR_TIMEOUT: '20s', PAYMENT_RECONCILE_AFTER: '60s' })).toThrow(
    /PAYMENT_RECONCILE_AFTER must exceed PROCESSOR_TIMEOUT/,
  );
  expect(() => loadPaymentConfig({ ...base, PROCESSOR_TIMEOUT: '1m' })).toThrow(
    /PROCESSOR_TIMEOUT must be at most 25s/,
  );
});

test('LOG_LEVEL is one of the pino levels: an unknown level is refused, naming LOG_LEVEL', () => {
  expect(loadPaymentConfig(base).logLevel).toBe('info');
  expect(loadPaymentConfig({ ...base, LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  let caught: unknown;
  try {
    loadPaymentConfig({ ...base, LOG_LEVEL: 'loud' });
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(ConfigError);
  expect((caught as ConfigError).problems).toEqual([expect.stringMatching(/^LOG_LEVEL: /)]);
});

test('PAYMENT_DEV_PROCESSOR: off by default; on, it listens on 8086 (or PAYMENT_DEV_PROCESSOR_PORT)', () => {
  expect(loadPaymentConfig(base).devProcessor).toBeUndefined();
  expect(loadPaymentConfig({ ...base, PAYMENT_DEV_PROCESSOR: 'false' }).devProcessor).toBeUndefined();
  expect(loadPaymentConfig({ ...base, PAYMENT_DEV_PROCESSOR: 'true' })).toMatchObject({
    processor: undefined,
    devProcessor: { port: 8086, timeoutMs: 10_000 },
  });
  expect(
    loadPaymentConfig({ ...base, PAYMENT_DEV_PROCESSOR: 'true', PAYMENT_DEV_PROCESSOR_PORT: '0' }).devProcessor,
  ).toEqual({ port: 0, timeoutMs: 10_000, webhookUrl: 'http://127.0.0.1:8080/payment/webhooks/braintree' });
  expect(() => loadPaymentConfig({ ...base, PAYMENT_DEV_PROCESSOR: 'maybe' })).toThrow(/PAYMENT_DEV_PROCESSOR/);
});

test('PAYMENT_DEV_SETTLE_AFTER: never by default, else a duration; PAYMENT_DEV_WEBHOOK_URL: an http(s) URL', () => {
  const dev = (extra: Record<string, string>) =>
    loadPaymentConfig({ ...base, PAYMENT_DEV_PROCESSOR: 'true', ...extra }).devProcessor!;
  expect(dev({}).settleAfterMs).toBeUndefined();
  expect(dev({ PAYMENT_DEV_SETTLE_AFTER: 'never' }).settleAfterMs).toBeUndefined();
  expect(dev({ PAYMENT_DEV_SETTLE_AFTER: '3s' }).settleAfterMs).toBe(3_000);
  expect(() => dev({ PAYMENT_DEV_SETTLE_AFTER: 'soon' })).toThrow(/PAYMENT_DEV_SETTLE_AFTER/);
  expect(dev({ PAYMENT_DEV_WEBHOOK_URL: 'http://127.0.0.1:9/hook' }).webhookUrl).toBe('http://127.0.0.1:9/hook');
  expect(() => dev({ PAYMENT_DEV_WEBHOOK_URL: 'file:///etc/passwd' })).toThrow(/PAYMENT_DEV_WEBHOOK_URL/);
});

test('PAYMENT_REFUNDS_FREE_LIMITS is off unless asked; PAYMENT_RECONCILE_LOOKBACK is 3 days', () => {
  expect(loadPaymentConfig(base)).toMatchObject({ refundsFreeLimits: false, reconcileLookbackMs: 3 * 86_400_000 });
  expect(
    loadPaymentConfig({ ...base, PAYMENT_REFUNDS_FREE_LIMITS: 'true', PAYMENT_RECONCILE_LOOKBACK: '1d' }),
  ).toMatchObject({ refundsFreeLimits: true, reconcileLookbackMs: 86_400_000 });
});

test('PAYMENT_DEV_PROCESSOR with real processor credentials (or a gateway URL) is a config error', () => {
  const credentials = { PROCESSOR_MERCHANT_ID: 'm', PROCESSOR_PUBLIC_KEY: 'pub', PROCESSOR_PRIVATE_KEY: 'priv' };
  for (const env of [credentials, { PROCESSOR_PRIVATE_KEY: 'priv' }, { PROCESSOR_GATEWAY_URL: 'https://x.example' }]) {
    let caught: unknown;
    try {
      loadPaymentConfig({ ...base, ...env, PAYMENT_DEV_PROCESSOR: 'true' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toContainEqual(
      expect.stringMatching(/^PAYMENT_DEV_PROCESSOR: .*cannot be combined with PROCESSOR_MERCHANT_ID/),
    );
  }
});

test('METRICS_HOST defaults to loopback, whatever GRPC_HOST is', () => {
  expect(loadPaymentConfig({ ...base, GRPC_HOST: '0.0.0.0' }).metricsHost).toBe('127.0.0.1');
  expect(loadPaymentConfig({ ...base, METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
});
