import { FakeBotApi } from '../test/fake-bot-api';
import { TINY_PNG } from '../test/helpers';
import { BotApiError, HttpBotApi } from './botapi';

describe('HttpBotApi', () => {
  let fake: FakeBotApi;
  beforeEach(async () => {
    fake = await new FakeBotApi().listen();
  });
  afterEach(() => fake.close());

  const api = () =>
    new HttpBotApi({ baseUrl: fake.url, token: fake.token, callTimeoutMs: 1000, downloadTimeoutMs: 1000 });

  it('reads the envelope, and carries retry_after of a 429', async () => {
    expect((await api().getMe()).username).toBe('gatehouse_test_bot');
    fake.failNext('getMe', 429, 'Too Many Requests: retry after 7', { retryAfter: 7 });
    const err = (await api()
      .getMe()
      .catch((e) => e)) as BotApiError;
    expect(err).toBeInstanceOf(BotApiError);
    expect(err.status).toBe(429);
    expect(err.retryAfterSec).toBe(7);
  });

  it('never puts the bot token in an error', async () => {
    fake.failNext('getMe', 500, `Internal error for bot${fake.token}`);
    const failed = (await api()
      .getMe()
      .catch((e) => e)) as Error;
    expect(failed.message).not.toContain(fake.token);
    expect(failed.message).toContain('<redacted>');

    fake.setDown(true);
    const down = (await api()
      .getMe()
      .catch((e) => e)) as BotApiError;
    expect(down.status).toBe(0);
    expect(down.message).not.toContain(fake.token);
    expect(down.message).not.toContain(fake.url);
  });

  it('rejects a wrong token with 401', async () => {
    const wrong = new HttpBotApi({ baseUrl: fake.url, token: '1:wrong-token-wrong-token-wrong' });
    await expect(wrong.getMe()).rejects.toMatchObject({ status: 401 });
  });

  it('downloads the largest profile photo, and refuses one over the size cap', async () => {
    expect(await api().profilePhoto(1, 1024)).toBeUndefined();
    fake.setPhoto(1, TINY_PNG);
    expect(await api().profilePhoto(1, 1024)).toEqual(TINY_PNG);
    fake.setPhoto(2, Buffer.alloc(2048, 1));
    await expect(api().profilePhoto(2, 1024)).rejects.toMatchObject({ status: 413 });
  });

  it('confirms updates by offset and holds a long poll until an update arrives', async () => {
    const first = fake.sendText({ id: 5, first_name: 'A' }, 'one');
    const got = await api().getUpdates(0, 0);
    expect(got.map((u) => u.update_id)).toEqual([first]);
    expect(await api().getUpdates(first + 1, 0)).toEqual([]);
    expect(fake.pendingUpdates).toBe(0);
    const held = api().getUpdates(first + 1, 5);
    await new Promise((r) => setTimeout(r, 50));
    const second = fake.sendText({ id: 5, first_name: 'A' }, 'two');
    expect((await held).map((u) => u.update_id)).toEqual([second]);
  });
});
