// Users brought in with their hashes log in through the real stack (issue 46): 50 users of each of the
// five kinds (bcrypt, Argon2, scrypt, PBKDF2-SHA256, Firebase scrypt) imported through the admin API,
// then each logs in with the old password on the first try (POST /auth/password/login), is stored as
// Argon2id with today's parameters afterwards, and logs in again against that hash. A wrong password
// against an imported hash is refused as any other.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { IMPORT_KINDS, importFile } from '@gatehouse/test-kit/imported-users';
import { ROOT, type Stack, startStack } from '@gatehouse/test-kit/stack';
import { Client } from 'pg';

const PER_KIND = 50;
const HIGH = '1000000/15m';
let stack: Stack;
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('gh_gw_imported_login');
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    authDatabaseUrl: db.url,
    // Every login comes from this one client address.
    env: { AUTH_LIMIT_DIRECT_IP: HIGH, AUTH_LIMIT_VERIFY_IP: HIGH },
    serviceEnv: { auth: { LOG_LEVEL: 'error' } },
  });
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await db?.drop();
});

const login = (email: string, password: string) =>
  new Browser(stack.url).request('POST', '/auth/password/login', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

it('logs imported users of every kind in on the first try, then holds Argon2id for them', async () => {
  const file = await importFile(PER_KIND * IMPORT_KINDS.length, 'imported-login.test');
  // Verified addresses, as a system they come from would say: they log in at once.
  const lines = file.lines.map((l) => JSON.stringify({ ...JSON.parse(l), email_verified: true }));
  const operator = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/internal-token.ts', 'admin', 'operator'],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', INTERNAL_KEYS_DIR: path.join(stack.dataDir, 'internal-keys') },
    },
  )
    .toString()
    .trim();
  const imported = await fetch(`http://127.0.0.1:${stack.ports.admin}/admin/v1/users/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/x-ndjson' },
    body: `${lines.join('\n')}\n`,
  });
  expect(imported.status).toBe(200);
  expect(await imported.json()).toMatchObject({ imported: lines.length, refused: 0 });

  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  try {
    const hashOf = async (email: string) =>
      (await pg.query('SELECT hash FROM auth.passwords WHERE lower(email) = lower($1)', [email])).rows[0]
        ?.hash as string;
    const statuses: Record<string, number[]> = Object.fromEntries(IMPORT_KINDS.map((k) => [k, []]));
    for (let i = 0; i < lines.length; i++) {
      const kind = file.kindOf(i);
      expect(await hashOf(file.emailOf(i))).not.toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      if (i < IMPORT_KINDS.length) {
        expect((await login(file.emailOf(i), `${file.passwordOf(i)}!`)).status).toBe(403);
      }
      const first = await login(file.emailOf(i), file.passwordOf(i));
      statuses[kind]?.push(first.status);
      expect(await hashOf(file.emailOf(i))).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
    for (const kind of IMPORT_KINDS) {
      expect({ kind, statuses: statuses[kind] }).toEqual({ kind, statuses: Array(PER_KIND).fill(200) });
    }
    // Against the Argon2id hash now: the same password, the first of each kind.
    for (let i = 0; i < IMPORT_KINDS.length; i++) {
      expect((await login(file.emailOf(i), file.passwordOf(i))).status).toBe(200);
    }
  } finally {
    await pg.end();
  }
}, 300_000);
