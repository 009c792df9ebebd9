import * as grpc from '@grpc/grpc-js';
import { loadTelegramConfig } from '../src/config';
import { FakeBotApi } from './fake-bot-api';
import { healthStatus, login, loginRequest, SERVING, startService, testConfig } from './helpers';

describe('telegram-bot service without a bot token', () => {
  it('starts, serves health, and says no bot is configured', async () => {
    const svc = await startService(loadTelegramConfig({ TELEGRAM_GRPC_PORT: '0' }));
    try {
      expect(await healthStatus(svc.running.port)).toBe(SERVING);
      const err = (await svc.telegram.createLoginRequest({}).catch((e) => e)) as grpc.ServiceError;
      expect(err.code).toBe(grpc.status.FAILED_PRECONDITION);
      expect(err.details).toContain('not configured');
      const viaHandler = (await svc.login.login(loginRequest()).catch((e) => e)) as grpc.ServiceError;
      expect(viaHandler.code).toBe(grpc.status.FAILED_PRECONDITION);
    } finally {
      await svc.stop();
    }
  });

  it('runs alone without Redis, keeping login requests in the process', async () => {
    const fake = await new FakeBotApi().listen();
    const config = testConfig(fake, 'unused:');
    const svc = await startService({ ...config, redisUrl: undefined });
    try {
      const { user } = await login(svc, fake, { id: 11, first_name: 'Solo' });
      expect(user.name).toBe('Solo');
      const again = await svc.login.login(loginRequest({ token: 'x'.repeat(43) }));
      expect(again.status).toBe(404);
    } finally {
      await svc.stop();
      await fake.close();
    }
  });

  it('lists every bad setting in one error', () => {
    expect(() =>
      loadTelegramConfig({
        TELEGRAM_BOT_TOKEN: 'nonsense',
        TELEGRAM_API_URL: 'ftp://x',
        TELEGRAM_WEBHOOK_URL: 'https://gw.example/auth/telegram/callback',
      }),
    ).toThrow(/TELEGRAM_BOT_TOKEN[\s\S]*TELEGRAM_API_URL[\s\S]*TELEGRAM_WEBHOOK_SECRET/);
  });
});
