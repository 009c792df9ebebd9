import { randomBytes } from 'node:crypto';
import { RecordSeal } from '@gatehouse/token';
import { Redis } from 'ioredis';
import { redisPrefix, redisUrl } from '../test/helpers';
import { MemoryLoginRequestStore } from './memory-requests';
import { RedisLoginRequestStore } from './redis-requests';
import { hashCode, type LoginRequestStore } from './requests';

// The same rules for both stores: the Memory one stands in for Redis in development.
const redis = new Redis(redisUrl());
const keys = redisPrefix('store');
afterAll(async () => {
  await keys.cleanup();
  redis.disconnect();
});

describe.each([
  ['redis', () => new RedisLoginRequestStore(redis, keys.prefix, new RecordSeal(randomBytes(32)))],
  ['memory', () => new MemoryLoginRequestStore()],
])('%s login request store', (_name, make: () => LoginRequestStore) => {
  const now = Date.now();
  let n = 0;
  // The user a /start would log in, as the bot writes it (a store hands over only what parses as one).
  const user = (name: string) => JSON.stringify({ name, id: `telegram_${'0'.repeat(40)}`, picture: '' });
  const token = () => `tok-${_name}-${now}-${n++}`;

  it('starts once, and only the starter confirms or cancels; a code request has no buttons', async () => {
    const store = make();
    const t = token();
    await store.create(t, now + 1000, 'b');
    expect(await store.confirm(t, '1', now)).toBe('gone');
    expect(await store.start(t, '1', user('one'), '', now)).toBe(now + 1000);
    expect(await store.start(t, '2', user('two'), '', now)).toBeUndefined();
    expect(await store.peek(t, now)).toBe('started');
    expect(await store.take(t, now, 'b')).toEqual({ state: 'not_verified' });
    expect(await store.confirm(t, '2', now)).toBe('not_yours');
    expect(await store.cancel(t, '2', now)).toBe('not_yours');
    expect(await store.confirm(t, '1', now + 1000)).toBe('gone');
    expect(await store.confirm(t, '1', now)).toBe('ok');
    expect(await store.confirm(t, '1', now)).toBe('gone');
    expect(await store.take(t, now, 'b')).toEqual({ state: 'ok', userJson: user('one') });

    const c = token();
    await store.create(c, now + 1000, 'b');
    await store.start(c, '1', user('any'), '', now);
    expect(await store.cancel(c, '1', now)).toBe('ok');
    expect(await store.take(c, now, 'b')).toEqual({ state: 'not_found' });

    const k = token();
    await store.create(k, now + 1000, 'b');
    await store.start(k, '1', user('any'), hashCode('123456'), now);
    expect(await store.confirm(k, '1', now)).toBe('gone');
    expect(await store.take(k, now, 'b')).toEqual({ state: 'code_required' });
  });

  it('checks codes: other browsers and early codes are not counted, the third wrong one ends it', async () => {
    const store = make();
    const t = token();
    await store.create(t, now + 1000, 'b');
    expect(await store.checkCode(t, '123456', now, 'b')).toEqual({ state: 'not_verified' });
    await store.start(t, '1', user('one'), hashCode('123456'), now);
    expect(await store.checkCode(t, '123456', now, 'other')).toEqual({ state: 'not_found' });
    expect(await store.checkCode(t, '000000', now, 'b')).toEqual({ state: 'wrong_code', attemptsLeft: 2 });
    expect(await store.checkCode(t, '123456', now + 1000, 'b')).toEqual({ state: 'expired' });
    expect(await store.checkCode(t, '123456', now, 'b')).toEqual({ state: 'ok', userJson: user('one') });
    expect(await store.checkCode(t, '123456', now, 'b')).toEqual({ state: 'not_found' });

    const u = token();
    await store.create(u, now + 1000, 'b');
    await store.start(u, '1', user('any'), hashCode('123456'), now);
    for (const left of [2, 1]) {
      expect(await store.checkCode(u, '654321', now, 'b')).toEqual({ state: 'wrong_code', attemptsLeft: left });
    }
    expect(await store.checkCode(u, '654321', now, 'b')).toEqual({ state: 'too_many_attempts' });
    expect(await store.checkCode(u, '123456', now, 'b')).toEqual({ state: 'not_found' });
  });
});
