// A password user's picture is the identicon of their id (issue 46): stored by the avatar service at the
// first login, then only named by later ones (no hop to the avatar service), and stored again once its
// record is a week old, which brings it back after the avatar store was emptied. Through the real stack:
// gateway, auth on its own Postgres database, avatar on its file store.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';
import { Client } from 'pg';

let authDb: TestDatabase;
let stack: Stack;
let db: Client;

beforeAll(async () => {
  authDb = await createTestDatabase('gh_gw_pictures');
  stack = await startStack({
    services: ['avatar', 'auth', 'gateway'],
    authDatabaseUrl: authDb.url,
    env: { AUTH_PASSWORD_REQUIRE_VERIFIED: 'false' },
  });
  db = new Client({ connectionString: authDb.url });
  await db.connect();
}, 90_000);

afterAll(async () => {
  await db?.end();
  await stack?.stop();
  await authDb?.drop();
});

const EMAIL = 'ida@example.com';
const PASSWORD = 'ida has a long password';

async function login(): Promise<string> {
  const b = new Browser(stack.url);
  const res = await b.request('POST', '/auth/password/login', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${res.text}`);
  return (res.json() as { picture: string }).picture;
}

const storedAt = async (): Promise<Date | null> =>
  (await db.query('SELECT picture_stored_at FROM auth.passwords WHERE lower(email) = $1', [EMAIL])).rows[0]
    ?.picture_stored_at ?? null;

// The avatar service's file store, read directly: the gateway keeps the bytes it served in memory.
const avatarFiles = (avatarId: string) =>
  readdirSync(path.join(stack.dataDir, 'avatars')).map((shard) => path.join(stack.dataDir, 'avatars', shard, avatarId));
const stored = (avatarId: string) => avatarFiles(avatarId).some((f) => existsSync(f));

/** Empties the avatar service's file store of the user's identicon, as a lost volume would. */
function forgetIdenticon(avatarId: string): void {
  for (const file of avatarFiles(avatarId)) rmSync(file, { force: true });
}

it('stores the identicon at the first login, names it at the next ones, and stores it again a week on', async () => {
  const signup = await new Browser(stack.url).request('POST', '/auth/password/signup', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  expect(signup.status).toBe(202);
  const first = await until(() => login().catch(() => undefined));
  const userId = `password_${createHash('sha1').update(EMAIL).digest('hex')}`;
  const avatarId = `${createHash('sha1').update(userId).digest('hex')}.image`;
  expect(new URL(first).pathname).toBe(`/avatar/${avatarId}`);
  expect((await new Browser(stack.url).get(new URL(first).pathname)).status).toBe(200);
  expect(stored(avatarId)).toBe(true);
  // Written after the answer.
  const recorded = await until(storedAt);
  expect(Date.now() - recorded.getTime()).toBeLessThan(60_000);

  // The store loses it: a login within the week names it without asking the avatar service to store it.
  forgetIdenticon(avatarId);
  expect(stored(avatarId)).toBe(false);
  expect(await login()).toBe(first);
  expect(stored(avatarId)).toBe(false);
  expect((await storedAt())?.getTime()).toBe(recorded.getTime());

  // A week on, the next login stores it again, and says so in the row.
  await db.query("UPDATE auth.passwords SET picture_stored_at = now() - interval '8 days' WHERE lower(email) = $1", [
    EMAIL,
  ]);
  expect(await login()).toBe(first);
  expect(stored(avatarId)).toBe(true);
  await until(async () => ((await storedAt())?.getTime() ?? 0) > Date.now() - 60_000);
}, 60_000);
