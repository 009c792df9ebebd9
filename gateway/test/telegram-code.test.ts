// The Telegram login in code mode (TELEGRAM_CONFIRM=code) end to end through real processes: the bot
// sends a code, the gateway passes the browser's ?code= to the handler, and only the browser that
// started the login, with the right code, gets the session (issue 16, part 3).
import { randomBytes } from 'node:crypto';
import { Browser } from '@gatehouse/test-kit/browser';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';
import { FakeBotApi } from '../../services/telegram-bot/test/fake-bot-api';

let stack: Stack;
let fake: FakeBotApi;

beforeAll(async () => {
  fake = await new FakeBotApi().listen();
  stack = await startStack({
    services: ['auth', 'avatar', 'telegram-bot', 'gateway'],
    env: (ports) => ({
      TELEGRAM_BOT_TOKEN: fake.token,
      TELEGRAM_API_URL: fake.url,
      TELEGRAM_POLL_TIMEOUT: '1s',
      TELEGRAM_CONFIRM: 'code',
      TELEGRAM_SITE_NAME: 'Gatehouse Test',
      REDIS_KEY_PREFIX: `gh-test:${randomBytes(6).toString('hex')}:`,
      AUTH_LOGIN_HANDLERS: `telegram=127.0.0.1:${ports.telegram}`,
    }),
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

it('logs in with the code the bot sent, only in the browser that started the login', async () => {
  const browser = new Browser(stack.url);
  const created = await browser.get('/auth/telegram/login');
  const { token, confirm } = created.json() as { token: string; confirm: string };
  expect(confirm).toBe('code');

  fake.sendText({ id: 7101, first_name: 'Cody' }, `/start ${token}`);
  const text = await until(() => fake.messagesTo(7101)[0], { what: 'the code', ms: 15_000, everyMs: 100 });
  const code = /^Your login code for Gatehouse Test: (\d{6})\n/.exec(text)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);

  const needed = await browser.get(`/auth/telegram/login?token=${token}`);
  expect([needed.status, needed.json()]).toEqual([404, { error: 'code is required' }]);
  // Someone else with the token and the code (a forwarded message) gets nothing.
  const stolen = await new Browser(stack.url).get(`/auth/telegram/login?token=${token}&code=${code}`);
  expect([stolen.status, stolen.json()]).toEqual([404, { error: 'request is not found' }]);
  const other = code === '000000' ? '000001' : '000000';
  const wrong = await browser.get(`/auth/telegram/login?token=${token}&code=${other}`);
  expect([wrong.status, wrong.json()]).toEqual([403, { error: 'wrong code', attempts_left: 2 }]);

  const done = await browser.get(`/auth/telegram/login?token=${token}&code=${code}`);
  expect(done.status).toBe(200);
  expect(done.json()).toMatchObject({ name: 'Cody' });
  expect((await browser.getWithXsrf('/auth/user')).json()).toMatchObject({ name: 'Cody' });
  expect(stack.output('telegram-bot')).not.toContain(code);
});
