// Each process's METRICS_PORT: its own default (gateway 9460, auth 9461, avatar 9462, telegram-bot 9463,
// payment 9464), any port when set, and 0 (off) accepted.

import { loadGatewayConfig } from '../gateway/src/config';
import { loadAuthConfig } from '../services/auth/src/config';
import { loadAvatarConfig } from '../services/avatar/src/config';
import { loadPaymentConfig } from '../services/payment/src/config';
import { loadTelegramConfig } from '../services/telegram-bot/src/config';

const SECRET = 'x'.repeat(40);
const loaders: [string, number, (env: Record<string, string>) => { metricsPort?: number }][] = [
  ['gateway', 9460, (env) => loadGatewayConfig({ AUTH_SECRET: SECRET, ...env })],
  ['auth', 9461, (env) => loadAuthConfig({ AUTH_SECRET: SECRET, AUTH_DEV_PROVIDER: 'true', ...env })],
  ['avatar', 9462, (env) => loadAvatarConfig(env)],
  ['telegram-bot', 9463, (env) => loadTelegramConfig(env)],
  ['payment', 9464, (env) => loadPaymentConfig({ DATABASE_URL: 'postgres://127.0.0.1/x', ...env })],
];

test.each(loaders)('%s: METRICS_PORT defaults to %i, 0 turns it off', (_name, port, load) => {
  expect(load({}).metricsPort).toBe(port);
  expect(load({ METRICS_PORT: '0' }).metricsPort).toBe(0);
  expect(load({ METRICS_PORT: '19999' }).metricsPort).toBe(19999);
  expect(() => load({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
});
