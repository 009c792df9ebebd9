// Finishing a rotation of AUTH_TOTP_KEY (docs/accounts.md): resealAll against a fresh
// Postgres database, and the `totp-reseal` entry as the auth image runs it (from sources, like
// test/db-migrate.test.ts runs db-migrate): every secret on a previous key is sealed again with the
// current one and still opens to the same secret; one on a key nobody configured is reported and left;
// a row changed meanwhile is not overwritten; a second run has nothing to do.
import { randomBytes } from 'node:crypto';
import { createLogger } from '@gatehouse/logger';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { runEntry } from '@gatehouse/test-kit/run-entry';
import { createPool, runMigrations } from '../stores/postgres';
import { resealAll } from './reseal';
import { keyId, SecretBox } from './secret-box';
import { PgTotpStore } from './store';

const log = createLogger({ name: 'reseal-test', level: 'silent' });

let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
let store: PgTotpStore;

beforeAll(async () => {
  db = await createTestDatabase('gh_auth');
  pool = createPool(db.url, undefined, { transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  store = new PgTotpStore(pool);
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

/** Users whose secrets `box` sealed, each with its plain secret. */
async function sealedBy(box: SecretBox, ids: string[]): Promise<Map<string, Buffer>> {
  const secrets = new Map<string, Buffer>();
  for (const id of ids) {
    const secret = randomBytes(20);
    expect(await store.putPending(id, box.seal(secret, id))).toBe(true);
    secrets.set(id, secret);
  }
  return secrets;
}

const runCli = (env: Record<string, string>) => runEntry('services/auth/src/cli/totp-reseal.ts', env);

test('seals every secret on a previous key again, reports one on an unknown key, and is done after one run', async () => {
  const [oldKey, newKey, lostKey] = [randomBytes(32), randomBytes(32), randomBytes(32)];
  const old = await sealedBy(new SecretBox(oldKey), ['rs_a', 'rs_b', 'rs_c']);
  await sealedBy(new SecretBox(lostKey), ['rs_lost']);
  const current = await sealedBy(new SecretBox(newKey), ['rs_new']);
  const box = new SecretBox(newKey, [oldKey]);

  // A row its user's code sealed again between the read and the write is left as that wrote it.
  const raced = (await store.find('rs_c'))!;
  await store.reseal('rs_c', box.seal(old.get('rs_c')!, 'rs_c'));
  expect(await store.resealIfUnchanged('rs_c', raced.sealed, box.seal(randomBytes(20), 'rs_c'))).toBe(false);

  const report = await resealAll(store, box, log);
  expect(report).toEqual({ resealed: 2, changed: 0, unopenable: { [keyId(lostKey)]: 1 } });
  for (const [id, secret] of [...old, ...current]) {
    const row = (await store.find(id))!;
    expect(row.sealed.keyId).toBe(keyId(newKey));
    // The new key alone opens it, to the same secret.
    expect(new SecretBox(newKey).open(row.sealed, id).equals(secret)).toBe(true);
  }
  expect((await store.find('rs_lost'))!.sealed.keyId).toBe(keyId(lostKey));
  expect(await resealAll(store, box, log)).toEqual({ resealed: 0, changed: 0, unopenable: { [keyId(lostKey)]: 1 } });
});

test('the totp-reseal entry exits 1 while a secret is on a key it was not given, 0 once none is', async () => {
  const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
  await pool.query('DELETE FROM totp_secrets');
  const secrets = await sealedBy(new SecretBox(oldKey), ['cli_a', 'cli_b']);
  const env = { DATABASE_URL: db.url, AUTH_TOTP_KEY: newKey.toString('hex'), AUTH_TOTP_KEY_PREVIOUS: '' };

  const without = await runCli(env);
  expect(without.code).toBe(1);
  expect(without.out).toMatch(/keys that are not configured/);
  expect(without.out).not.toContain(oldKey.toString('hex'));
  expect(without.out).not.toContain(newKey.toString('hex'));

  const done = await runCli({ ...env, AUTH_TOTP_KEY_PREVIOUS: oldKey.toString('hex') });
  expect([done.code, done.out]).toEqual([0, expect.stringContaining('"resealed":2')]);
  for (const [id, secret] of secrets) {
    expect(new SecretBox(newKey).open((await store.find(id))!.sealed, id).equals(secret)).toBe(true);
  }

  const missing = await runCli({ DATABASE_URL: db.url, AUTH_TOTP_KEY: '' });
  expect([missing.code, missing.out]).toEqual([1, expect.stringContaining('AUTH_TOTP_KEY: required')]);
}, 60_000);
