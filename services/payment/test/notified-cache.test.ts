// The settings cache every payment replica holds (src/notified-cache.ts), as its gauges read it: whether
// it hears changes and when it last read, against real Postgres and against an address nothing answers.
import { createLogger } from '@gatehouse/logger';
import { freePort } from '@gatehouse/test-kit/stack';
import { NotifiedCache } from '../src/notified-cache';
import { createTestDatabase, type TestDatabase } from './db';

const log = createLogger({ name: 'payment-notified-cache', level: 'silent' });
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const cache = (databaseUrl: string) =>
  new NotifiedCache({
    channel: 'gatehouse_test',
    what: 'test settings',
    read: async () => 1,
    initial: 0,
    databaseUrl,
    log,
  });

test('listens and reads at start, and is not listening once stopped', async () => {
  const c = cache(db.url);
  const started = Date.now();
  await c.start();
  expect(c.listening()).toBe(true);
  expect(c.current()).toBe(1);
  expect(c.readAt?.getTime()).toBeGreaterThanOrEqual(started);
  await c.stop();
  expect(c.listening()).toBe(false);
});

test('is neither listening nor read while its database cannot be reached', async () => {
  const url = new URL(db.url);
  url.port = String(await freePort());
  const c = cache(url.toString());
  await expect(c.start()).rejects.toThrow();
  expect(c.listening()).toBe(false);
  expect(c.readAt).toBeUndefined();
  expect(c.current()).toBe(0);
  await c.stop();
});
