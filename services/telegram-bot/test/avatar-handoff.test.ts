import { createClient } from '@gatehouse/grpc-kit';
import { loadProto } from '@gatehouse/proto';
import { hashId } from '@gatehouse/token';
import { FakeBotApi } from './fake-bot-api';
import {
  loginRequest,
  pressButton,
  redisPrefix,
  setCookies,
  startService,
  startTestAvatarService,
  TINY_PNG,
  testConfig,
  waitFor,
} from './helpers';

// End to end with the real avatar service: the profile photo travels from the Bot API's file download
// through StoreContent into the avatar store, and the user's picture is the avatar id it returned.
describe('telegram login with the avatar service', () => {
  let fake: FakeBotApi;
  let keys: ReturnType<typeof redisPrefix>;
  let avatars: Awaited<ReturnType<typeof startTestAvatarService>>;

  beforeAll(async () => {
    fake = await new FakeBotApi().listen();
    keys = redisPrefix('ava');
    avatars = await startTestAvatarService();
  });
  afterAll(async () => {
    await avatars.stop();
    await fake.close();
    await keys.cleanup();
  });

  it('stores the largest profile photo and returns its avatar id as the picture', async () => {
    const svc = await startService(testConfig(fake, keys.prefix, { AVATAR_GRPC_ADDR: `127.0.0.1:${avatars.port}` }));
    const client = createClient(loadProto('avatar').grpcObject.avatar.v1.AvatarService, `127.0.0.1:${avatars.port}`);
    try {
      fake.setPhoto(2024, TINY_PNG);
      const first = await svc.login.login(loginRequest());
      const created = { ...(JSON.parse(first.body.toString()) as { token: string }), cookies: setCookies(first) };
      fake.sendText({ id: 2024, first_name: 'Pic' }, `/start ${created.token}`);
      await pressButton(fake, 2024, 'Confirm', { id: 2024, first_name: 'Pic' });
      const res = await waitFor('the confirmation', async () => {
        const r = await svc.login.login(loginRequest({ token: created.token }, { cookies: created.cookies }));
        return r.status === 200 ? r : undefined;
      });
      const user = JSON.parse(res.userJson);
      const id = `telegram_${hashId('2024')}`;
      expect(user).toEqual({ name: 'Pic', id, picture: `${hashId(id)}.image` });
      const stored = await client.call.getAvatar({ avatarId: user.picture });
      expect(Buffer.from(stored.content)).toEqual(TINY_PNG);
      expect(stored.contentType).toBe('image/png');
      // The download went through the bot-token URL on the server side only.
      expect(res.body.toString()).not.toContain(fake.token);
      expect(res.userJson).not.toContain('/file/');
    } finally {
      client.close();
      await svc.stop();
    }
  });
});
