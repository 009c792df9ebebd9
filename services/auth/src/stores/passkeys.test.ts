// The passkey store against a fresh Postgres database, migrated as the auth service does at start.
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { PgPasskeyStore } from './passkeys';
import { createPool, runMigrations } from './postgres';

let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
let store: PgPasskeyStore;

beforeAll(async () => {
  db = await createTestDatabase('gh_auth');
  pool = createPool(db.url, undefined, { transactionPooling: db.transactionPooling });
  expect(await runMigrations(pool)).toEqual([
    '000_trail.sql',
    '001_passkeys.sql',
    '002_totp.sql',
    '003_directory.sql',
    '004_events.sql',
    '005_trail_writers.sql',
    '006_trail_anonymous.sql',
    '007_verified_addresses.sql',
    '008_oidc.sql',
    '009_passwords.sql',
    '010_organizations.sql',
    '011_overview_summaries.sql',
    '012_trail_payment_admin.sql',
    '013_password_pictures.sql',
  ]);
  expect(await runMigrations(pool)).toEqual([]);
  store = new PgPasskeyStore(pool);
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const key = (id: string, userId = 'dev_1') => ({
  id,
  userId,
  userJson: JSON.stringify({ name: 'u', id: userId, picture: '' }),
  publicKey: new Uint8Array([1, 2, 3]),
  counter: 0,
  transports: ['internal'],
});

describe('Postgres passkey store', () => {
  it('adds, finds and lists a user’s passkeys, in the auth schema', async () => {
    expect(await store.add(key('a'))).toBe(true);
    expect(await store.add(key('b'))).toBe(true);
    expect(await store.add(key('c', 'dev_2'))).toBe(true);
    expect(await store.add(key('a', 'dev_2'))).toBe(false); // an id is never registered twice
    const found = await store.find('a');
    expect(found).toMatchObject({ id: 'a', userId: 'dev_1', counter: 0, transports: ['internal'], lastUsedAt: null });
    expect(Array.from(found?.publicKey ?? [])).toEqual([1, 2, 3]);
    expect((await store.list('dev_1')).map((p) => p.id)).toEqual(['a', 'b']);
    const tables = await pool.query(
      "SELECT table_schema FROM information_schema.tables WHERE table_name = 'passkey_credentials'",
    );
    expect(tables.rows).toEqual([{ table_schema: 'auth' }]);
  });

  it('records a use only against the counter it was checked with', async () => {
    expect(await store.recordUse('b', 0, 5)).toBe(true);
    expect(await store.recordUse('b', 0, 6)).toBe(false); // a concurrent login checked the old counter
    const b = await store.find('b');
    expect(b?.counter).toBe(5);
    expect(b?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('removes only the owner’s passkey, and a removed one cannot be used', async () => {
    expect(await store.remove('dev_2', 'a', () => true)).toBe(false);
    expect(await store.remove('dev_1', 'a', () => true)).toBe(true);
    expect(await store.find('a')).toBeUndefined();
    expect(await store.recordUse('a', 0, 1)).toBe(false);
    expect(await store.remove('dev_1', 'a', () => true)).toBe(false);
  });
});
