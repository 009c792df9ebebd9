// One Postgres role per workload (issue 31): the roles `db-roles` makes (compose's one-shot, `pnpm start`,
// Kubernetes by hand) own their schema and nothing else. Run on the test server in a fresh database
// with roles of random names: both services migrate as their own role, each does its real work, and
// neither can read, write or take over the other's schema, make objects elsewhere or become the other.
// Then the upgrade: a database an older stack filled as the superuser is handed over, data and all.
// The passwords (sent as SCRAM verifiers) are checked on a server of the test's own that asks for them.
import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type OwnPostgres, postgresMissing, startPostgres } from '@gatehouse/test-kit/servers/postgres';
import { Client } from 'pg';
import {
  ensureWorkloadRoles,
  WORKLOAD_SCHEMAS,
  type WorkloadRole,
  workloadRoleProblems,
  workloadRolesFrom,
} from '../packages/postgres/src/index';
import { PgPasskeyStore } from '../services/auth/src/stores/passkeys';
import {
  SCHEMA as AUTH_SCHEMA,
  runMigrations as authMigrations,
  createPool as authPool,
} from '../services/auth/src/stores/postgres';
import { PostgresAvatarStore } from '../services/avatar/src/stores/postgres';
import { SCHEMA as PAYMENT_SCHEMA, createPool as paymentPool } from '../services/payment/src/db';
import { PostgresLedgerStore } from '../services/payment/src/ledger';
import { runMigrations as paymentMigrations } from '../services/payment/src/migrate';

const ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const suffix = randomBytes(4).toString('hex');
const roles = {
  auth: { role: `gh_auth_${suffix}`, password: randomBytes(16).toString('hex'), schema: AUTH_SCHEMA },
  payment: { role: `gh_payment_${suffix}`, password: randomBytes(16).toString('hex'), schema: PAYMENT_SCHEMA },
  avatar: { role: `gh_avatar_${suffix}`, password: randomBytes(16).toString('hex'), schema: 'avatar' },
} satisfies Record<string, WorkloadRole>;
const databases: TestDatabase[] = [];

/** The URL of `db` as `role` (the test server trusts loopback, so the password is not what admits it). */
function urlAs(db: TestDatabase, role: WorkloadRole): string {
  const url = new URL(db.url);
  url.username = role.role;
  url.password = role.password;
  return url.toString();
}

async function withClient<T>(url: string, run: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The SQLSTATE a statement fails with, or 'ok'. */
const outcome = (c: Client, sql: string) =>
  c.query(sql).then(
    () => 'ok',
    (err: { code?: string }) => err.code ?? 'error',
  );

async function freshDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase('gh_roles');
  databases.push(db);
  return db;
}

const asAdmin = <T>(db: TestDatabase, run: (c: Client) => Promise<T>) => {
  const url = new URL(ADMIN);
  url.pathname = new URL(db.url).pathname;
  return withClient(url.toString(), run);
};

afterAll(async () => {
  for (const db of databases) await db.drop();
  await withClient(ADMIN, async (c) => {
    for (const r of Object.values(roles)) await c.query(`DROP ROLE IF EXISTS ${r.role}`);
  });
});

test('the schemas are the ones the services use, and one role for two workloads is refused', () => {
  expect(WORKLOAD_SCHEMAS).toEqual(expect.arrayContaining([AUTH_SCHEMA, PAYMENT_SCHEMA]));
  const shared = [roles.auth, { ...roles.payment, role: roles.auth.role }];
  expect(workloadRoleProblems(shared).join('\n')).toMatch(/role gh_auth_\w+: given to two workloads/);
  expect(workloadRoleProblems([{ ...roles.auth, password: 'short' }]).join('\n')).toMatch(/at least 16/);
  expect(workloadRoleProblems([{ ...roles.auth, schema: 'public' }]).join('\n')).toMatch(/not public/);
  expect(
    workloadRolesFrom({
      AUTH_DATABASE_PASSWORD: 'a'.repeat(16),
      PAYMENT_DATABASE_ROLE: 'p',
      PAYMENT_DATABASE_PASSWORD: 'b'.repeat(16),
    }),
  ).toEqual([
    { role: 'gatehouse_auth', password: 'a'.repeat(16), schema: 'auth' },
    { role: 'p', password: 'b'.repeat(16), schema: 'payment' },
  ]);
});

describe('a fresh database', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase();
  });

  it('gives each workload a role that owns its schema, and both migrate as their own role', async () => {
    const report = await asAdmin(db, (c) => ensureWorkloadRoles(c, [roles.auth, roles.payment]));
    expect(report.schemasCreated).toEqual(['auth', 'payment', 'events']);
    const owners = await asAdmin(db, (c) =>
      c.query(
        "SELECT nspname, pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname IN ('auth', 'payment') ORDER BY 1",
      ),
    );
    expect(owners.rows).toEqual([
      { nspname: 'auth', owner: roles.auth.role },
      { nspname: 'payment', owner: roles.payment.role },
    ]);

    const auth = authPool(urlAs(db, roles.auth));
    const payment = paymentPool(urlAs(db, roles.payment), { max: 2 });
    try {
      expect(await authMigrations(auth)).toEqual([
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
      expect(await paymentMigrations(payment)).toEqual(expect.arrayContaining(['001_ledger.sql']));
      // The real work of each, as its own role.
      const passkeys = new PgPasskeyStore(auth);
      expect(await passkeys.add(passkey('k1'))).toBe(true);
      expect((await passkeys.find('k1'))?.userId).toBe('dev_1');
      const ledger = new PostgresLedgerStore(payment);
      const card = await ledger.createCard('dev_1', 'card', new Date(), 100);
      expect(card?.name).toBe('card');
    } finally {
      await auth.end();
      await payment.end();
    }
    // Again: nothing new, nothing to hand over, and the migrations are current.
    const again = await asAdmin(db, (c) => ensureWorkloadRoles(c, [roles.auth, roles.payment]));
    expect(again).toEqual({ rolesCreated: [], schemasCreated: [], reassigned: [] });
  });

  it("lets payment write the ledger's events into the trail, and read nothing of it nor of the webhooks", async () => {
    // The card created above wrote card.created as payment's role: the source is that role, not a word.
    const written = await asAdmin(db, (c) =>
      c.query("SELECT type, source FROM events.events WHERE type = 'card.created'"),
    );
    expect(written.rows).toEqual([{ type: 'card.created', source: roles.payment.role }]);
    const owner = await asAdmin(db, (c) =>
      c.query("SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = 'events'"),
    );
    expect(owner.rows[0]).toEqual({ owner: roles.auth.role });
    await withClient(urlAs(db, roles.payment), async (c) => {
      for (const sql of [
        'SELECT * FROM events.events',
        'SELECT * FROM events.outbox',
        "UPDATE events.events SET type = 'x'",
        'DELETE FROM events.events',
        'DELETE FROM events.outbox',
        'TRUNCATE events.events',
        'SELECT * FROM auth.webhooks',
        'SELECT * FROM auth.webhook_deliveries',
        'CREATE TABLE events.planted (a int)',
      ])
        expect({ sql, code: await outcome(c, sql) }).toEqual({ sql, code: '42501' });
      // A source in the caller's own word is refused: the column default is the only way in.
      expect(
        await outcome(
          c,
          "INSERT INTO events.events (id, type, actor_kind, source) VALUES ('01X', 'card.created', 'user', 'auth')",
        ),
      ).toBe('ok');
    });
    const forged = await asAdmin(db, (c) => c.query("SELECT source FROM events.events WHERE id = '01X'"));
    expect(forged.rows).toEqual([{ source: roles.payment.role }]);
  });

  it("keeps payment out of auth's schema and auth out of payment's, and both out of everything else", async () => {
    const cases: [WorkloadRole, WorkloadRole, string[]][] = [
      [
        roles.payment,
        roles.auth,
        [
          'SELECT * FROM auth.passkey_credentials',
          "INSERT INTO auth.passkey_credentials (id, user_id, user_json, public_key) VALUES ('x', 'dev_1', '{}', '\\x00')",
          "UPDATE auth.passkey_credentials SET user_id = 'dev_2'",
          'DELETE FROM auth.passkey_credentials',
          'DROP TABLE auth.passkey_credentials',
          'CREATE TABLE auth.planted (a int)',
        ],
      ],
      [
        roles.auth,
        roles.payment,
        [
          'SELECT * FROM payment.cards',
          'UPDATE payment.cards SET balance_cents = 100',
          'CREATE TABLE payment.planted (a int)',
        ],
      ],
    ];
    for (const [who, other, statements] of cases) {
      await withClient(urlAs(db, who), async (c) => {
        for (const sql of statements) expect({ sql, code: await outcome(c, sql) }).toEqual({ sql, code: '42501' });
        const elsewhere = [
          'CREATE TABLE public.planted (a int)',
          'CREATE SCHEMA planted',
          'CREATE TEMP TABLE planted (a int)',
          `SET ROLE ${other.role}`,
          `ALTER SCHEMA ${other.schema} OWNER TO ${who.role}`,
          `GRANT USAGE ON SCHEMA ${other.schema} TO ${who.role}`,
          `ALTER ROLE ${who.role} SUPERUSER`,
          'CREATE ROLE planted',
        ];
        for (const sql of elsewhere) expect({ sql, code: await outcome(c, sql) }).not.toEqual({ sql, code: 'ok' });
        expect((await c.query('SHOW is_superuser')).rows[0]).toEqual({ is_superuser: 'off' });
        // Its own schema comes first without being asked for (psql as the role lands there too).
        expect((await c.query('SELECT current_schema() AS s')).rows[0]).toEqual({ s: who.schema });
      });
    }
  });
});

describe('a database an older stack filled as the superuser', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase();
    // The old layout: both services migrated as the superuser, and there is data.
    const auth = authPool(db.url);
    const payment = paymentPool(db.url, { max: 2 });
    try {
      await authMigrations(auth);
      await paymentMigrations(payment);
      await new PgPasskeyStore(auth).add(passkey('old'));
      await new PostgresLedgerStore(payment).createCard('dev_1', 'old card', new Date(), 100);
    } finally {
      await auth.end();
      await payment.end();
    }
  });

  it('is handed to the workload roles, data kept, each still kept out of the other', async () => {
    const report = await asAdmin(db, (c) => ensureWorkloadRoles(c, [roles.auth, roles.payment]));
    expect(report.schemasCreated).toEqual([]);
    expect(report.reassigned.map((r) => r.schema)).toEqual(['auth', 'payment', 'events']);
    const foreign = await asAdmin(db, (c) =>
      c.query(
        `SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname IN ('auth', 'payment') AND pg_get_userbyid(c.relowner) NOT IN ($1, $2)`,
        [roles.auth.role, roles.payment.role],
      ),
    );
    expect(foreign.rows).toEqual([]);

    const auth = authPool(urlAs(db, roles.auth));
    const payment = paymentPool(urlAs(db, roles.payment), { max: 2 });
    try {
      expect(await authMigrations(auth)).toEqual([]);
      expect(await paymentMigrations(payment)).toEqual([]);
      expect((await new PgPasskeyStore(auth).find('old'))?.userId).toBe('dev_1');
      const ledger = new PostgresLedgerStore(payment);
      expect((await ledger.listCards('dev_1', { afterId: 0, limit: 10 })).map((c) => c.name)).toEqual(['old card']);
      // The sequences came along with their tables: a new card gets the next id.
      expect((await ledger.createCard('dev_1', 'new card', new Date(), 100))?.name).toBe('new card');
    } finally {
      await auth.end();
      await payment.end();
    }
    await withClient(urlAs(db, roles.payment), async (c) => {
      expect(await outcome(c, 'SELECT * FROM auth.passkey_credentials')).toBe('42501');
    });
  });
});

test("avatar's role (a postgres:// avatar store, as on Kubernetes) keeps its table in its own schema", async () => {
  const db = await freshDatabase();
  await asAdmin(db, (c) => ensureWorkloadRoles(c, [roles.auth, roles.payment, roles.avatar]));
  const store = await PostgresAvatarStore.open(urlAs(db, roles.avatar), { max: 1 });
  const id = `${'a'.repeat(40)}.image`;
  try {
    await store.put(id, Buffer.from('picture'));
    expect((await store.get(id))?.toString()).toBe('picture');
  } finally {
    await store.close();
  }
  const where = await asAdmin(db, (c) => c.query("SELECT to_regclass('avatar.avatars') IS NOT NULL AS found"));
  expect(where.rows[0]).toEqual({ found: true });
  await withClient(urlAs(db, roles.avatar), async (c) => {
    for (const sql of ['CREATE TABLE auth.planted (a int)', 'CREATE TABLE payment.planted (a int)'])
      expect({ sql, code: await outcome(c, sql) }).toEqual({ sql, code: '42501' });
  });
});

test('a role that may not create its missing schema is told what to run', async () => {
  const db = await freshDatabase();
  await asAdmin(db, (c) => ensureWorkloadRoles(c, [roles.auth, roles.payment]));
  await asAdmin(db, (c) => c.query('DROP SCHEMA auth CASCADE'));
  const auth = authPool(urlAs(db, roles.auth));
  try {
    await expect(authMigrations(auth)).rejects.toMatchObject({
      code: '42501',
      message: expect.stringMatching(/schema auth does not exist and role gh_auth_\w+ may not create it: .*db-roles/),
    });
  } finally {
    await auth.end();
  }
});

test('a database owner with CREATEROLE but no superuser (managed Postgres) sets the roles up too', async () => {
  const admin = `gh_admin_${suffix}`;
  const db = await freshDatabase();
  const name = new URL(db.url).pathname.slice(1);
  await withClient(ADMIN, async (c) => {
    await c.query(`CREATE ROLE ${admin} LOGIN CREATEROLE`);
    await c.query(`ALTER DATABASE ${name} OWNER TO ${admin}`);
  });
  try {
    const url = new URL(ADMIN);
    url.username = admin;
    url.pathname = `/${name}`;
    const first = await withClient(url.toString(), (c) => ensureWorkloadRoles(c, [roles.auth, roles.payment]));
    expect(first.schemasCreated).toEqual(['auth', 'payment', 'events']);
    const again = await withClient(url.toString(), (c) => ensureWorkloadRoles(c, [roles.auth, roles.payment]));
    expect(again).toEqual({ rolesCreated: [], schemasCreated: [], reassigned: [] });
    const payment = paymentPool(urlAs(db, roles.payment), { max: 1 });
    const auth = authPool(urlAs(db, roles.auth));
    try {
      // Payment first: its migrations need nothing of auth's (the trail it writes into it waits for at
      // start, not here).
      const paying = paymentMigrations(payment);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await authMigrations(auth);
      expect(await paying).toEqual(expect.arrayContaining(['001_ledger.sql']));
    } finally {
      await payment.end();
      await auth.end();
    }
  } finally {
    await db.drop();
    await withClient(ADMIN, (c) => c.query(`DROP ROLE IF EXISTS ${admin}`));
  }
});

const missing = postgresMissing();
if (missing) console.warn(`postgres-roles.test.ts: the password check is skipped: ${missing}`);
(missing ? describe.skip : describe)('on a server that asks for passwords', () => {
  let server: OwnPostgres;
  beforeAll(async () => {
    server = await startPostgres({ hostAuth: 'scram-sha-256' });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('logs each role in with its own password, and refuses a wrong one', async () => {
    await withClient(server.url, (c) => ensureWorkloadRoles(c, [roles.auth, roles.payment]));
    const tcp = (role: string, password: string) => `postgres://${role}:${password}@127.0.0.1:${server.port}/postgres`;
    for (const r of [roles.auth, roles.payment]) {
      const user = await withClient(tcp(r.role, r.password), (c) => c.query('SELECT current_user AS u'));
      expect(user.rows[0]).toEqual({ u: r.role });
    }
    await expect(withClient(tcp(roles.auth.role, roles.payment.password), async () => {})).rejects.toMatchObject({
      code: '28P01',
    });
    // The password is stored as a verifier, never as text.
    const stored = await withClient(server.url, (c) =>
      c.query('SELECT rolpassword FROM pg_authid WHERE rolname = $1', [roles.auth.role]),
    );
    expect(stored.rows[0].rolpassword).toMatch(/^SCRAM-SHA-256\$4096:/);
    expect(stored.rows[0].rolpassword).not.toContain(roles.auth.password);
  }, 30_000);
});

function passkey(id: string) {
  return {
    id,
    userId: 'dev_1',
    userJson: JSON.stringify({ name: 'u', id: 'dev_1', picture: '' }),
    publicKey: new Uint8Array([1, 2, 3]),
    counter: 0,
    transports: ['internal'],
  };
}
