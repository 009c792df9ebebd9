// Who may write which events into the trail (issue 43, L7): with one role per workload (`db-roles`),
// payment's role may INSERT into the trail, and INSERT alone let it write auth's types (`user.blocked`,
// `login.succeeded`), which the dispatcher signed and delivered as auth's. Auth's migration 005 makes the
// trail refuse, in the database, a type its writer may not write: a role other than the trail's owner
// writes card.*, load.*, reversal.* and dispute.* only. Run on a database the earlier code made (auth's
// migrations up to 004, payment's events written) with roles as db-roles makes them; and with one role
// for every workload, which keeps writing everything.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { oldTrailDdl } from '@gatehouse/test-kit/old-trail';
import { Client, type Pool } from 'pg';
import { deliveryBody, type NewEvent, recordEvent } from '../packages/events/src/index';
import { ensureWorkloadRoles, type WorkloadRole } from '../packages/postgres/src/index';
import { PgDeliveryQueue } from '../services/auth/src/events/delivery-queue';
import { WebhookSecrets } from '../services/auth/src/events/webhook-secrets';
import { PgWebhookStore } from '../services/auth/src/events/webhook-store';
import {
  MIGRATIONS_DIR as AUTH_MIGRATIONS,
  SCHEMA as AUTH_SCHEMA,
  runMigrations as authMigrations,
  createPool as authPool,
} from '../services/auth/src/stores/postgres';
import { SCHEMA as PAYMENT_SCHEMA, createPool as paymentPool } from '../services/payment/src/db';
import { PostgresLedgerStore } from '../services/payment/src/ledger';
import { runMigrations as paymentMigrations } from '../services/payment/src/migrate';

const ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const suffix = randomBytes(4).toString('hex');
const roles = {
  auth: { role: `gh_tw_auth_${suffix}`, password: randomBytes(16).toString('hex'), schema: AUTH_SCHEMA },
  payment: { role: `gh_tw_payment_${suffix}`, password: randomBytes(16).toString('hex'), schema: PAYMENT_SCHEMA },
} satisfies Record<string, WorkloadRole>;
/** One role for every workload (a small deployment): it owns the trail, so it writes every type. */
const single = `gh_tw_single_${suffix}`;
const databases: TestDatabase[] = [];
const pools: Pool[] = [];

function urlAs(db: TestDatabase, role: string, password = ''): string {
  const url = new URL(db.url);
  url.username = role;
  url.password = password;
  return url.toString();
}

async function asAdmin<T>(db: TestDatabase, run: (c: Client) => Promise<T>): Promise<T> {
  const url = new URL(ADMIN);
  url.pathname = new URL(db.url).pathname;
  const client = new Client({ connectionString: url.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function freshDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase('gh_trail');
  databases.push(db);
  return db;
}

/** Auth's migrations as the earlier code had them: its trail (ensureTrail's string), then up to 004. */
async function migrateAuthAsBefore(pool: Pool): Promise<void> {
  await pool.query(oldTrailDdl());
  const dir = mkdtempSync(path.join(tmpdir(), 'auth-migrations-'));
  try {
    for (const f of ['001_passkeys.sql', '002_totp.sql', '003_directory.sql', '004_events.sql'])
      cpSync(path.join(AUTH_MIGRATIONS, f), path.join(dir, f));
    await authMigrations(pool, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const blocked: NewEvent = {
  type: 'user.blocked',
  actor: { kind: 'admin', id: 'operator' },
  subjectUser: 'dev_victim',
  data: {},
};
const loaded: NewEvent = {
  type: 'load.succeeded',
  actor: { kind: 'user', id: 'dev_payer' },
  subjectUser: 'dev_payer',
  data: { load_id: 1, card_id: 1, amount_cents: 100 },
};

/** The SQLSTATE a promise fails with, or 'ok'. */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: { code?: string }) => err.code ?? 'error',
  );

afterAll(async () => {
  for (const p of pools) await p.end();
  for (const db of databases) await db.drop();
  const client = new Client({ connectionString: ADMIN, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    for (const r of [roles.auth.role, roles.payment.role, single]) await client.query(`DROP ROLE IF EXISTS ${r}`);
  } finally {
    await client.end();
  }
});

test("payment's role writes payment's types only; auth's every type; a database the earlier code made takes the migration", async () => {
  const db = await freshDatabase();
  await asAdmin(db, (c) => ensureWorkloadRoles(c, [roles.auth, roles.payment]));
  const auth = authPool(urlAs(db, roles.auth.role, roles.auth.password));
  const payment = paymentPool(urlAs(db, roles.payment.role, roles.payment.password), { max: 2 });
  pools.push(auth, payment);
  // The earlier code's database, with payment's events in it.
  await migrateAuthAsBefore(auth);
  await paymentMigrations(payment);
  const ledger = new PostgresLedgerStore(payment);
  expect((await ledger.createCard('dev_payer', 'before', new Date(), 100))?.name).toBe('before');

  expect(await authMigrations(auth)).toEqual([
    '000_trail.sql',
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

  // Payment's role: auth's types are refused in the database, whatever its code sends; its own go in.
  expect(await outcome(recordEvent(payment, blocked))).toBe('42501');
  for (const type of ['login.succeeded', 'session.ended', 'admin.action', 'totp.disabled'])
    expect({
      type,
      code: await outcome(
        payment.query(
          `INSERT INTO events.events (id, type, actor_kind) VALUES ('${type}-${suffix}', '${type}', 'system')`,
        ),
      ),
    }).toEqual({ type, code: '42501' });
  for (const type of ['card', 'cardx.created', 'loads.succeeded', ' load.succeeded'])
    expect({
      type,
      code: await outcome(
        payment.query(`INSERT INTO events.events (id, type, actor_kind) VALUES ($1, $2, 'system')`, [
          `odd-${type}`,
          type,
        ]),
      ),
    }).toEqual({ type, code: '42501' });
  expect(await outcome(recordEvent(payment, loaded))).toBe('ok');
  expect((await ledger.createCard('dev_payer', 'after', new Date(), 100))?.name).toBe('after');

  // Auth's role, the trail's owner, writes its own types (and could write any).
  expect(await outcome(recordEvent(auth, blocked))).toBe('ok');
  const written = await asAdmin(db, (c) =>
    c.query<{ type: string; source: string }>('SELECT type, source FROM events.events ORDER BY time, id'),
  );
  expect(written.rows).toEqual([
    { type: 'card.created', source: roles.payment.role },
    { type: 'load.succeeded', source: roles.payment.role },
    { type: 'card.created', source: roles.payment.role },
    { type: 'user.blocked', source: roles.auth.role },
  ]);

  // The programme's administration (issue 49, auth's 012): a reconciled day, a changed limit policy, a
  // velocity rule that fired.
  for (const type of ['settlement.reconciled', 'limits.policy_changed', 'limits.tier_changed', 'velocity.fired'])
    expect({
      type,
      code: await outcome(
        payment.query(`INSERT INTO events.events (id, type, actor_kind) VALUES ($1, $2, 'system')`, [
          `admin-${type}-${suffix}`,
          type,
        ]),
      ),
    }).toEqual({ type, code: 'ok' });

  // What auth's dispatcher sends names the writer: the receiver tells payment's events from auth's.
  const secrets = new WebhookSecrets({ key: randomBytes(32), previous: [] });
  await new PgWebhookStore(auth, { secrets }).create(
    { url: 'http://127.0.0.1:9/hook', eventTypes: ['load.*', 'user.*'], description: '' },
    'operator',
  );
  const queue = new PgDeliveryQueue(auth, secrets);
  await queue.fanOut(100);
  const claimed = await queue.claim(100, 60_000);
  const bodies = claimed.map((d) => JSON.parse(deliveryBody(d.event)) as { type: string; source: string });
  expect(bodies.map((b) => [b.type, b.source]).sort()).toEqual([
    ['load.succeeded', roles.payment.role],
    ['user.blocked', roles.auth.role],
  ]);
});

test('one role for every workload (not a superuser) writes every type, as before', async () => {
  const db = await freshDatabase();
  await asAdmin(db, async (c) => {
    await c.query(`CREATE ROLE ${single} LOGIN`);
    await c.query(`GRANT CREATE ON DATABASE ${new URL(db.url).pathname.slice(1)} TO ${single}`);
  });
  const auth = authPool(urlAs(db, single));
  const payment = paymentPool(urlAs(db, single), { max: 2 });
  pools.push(auth, payment);
  expect(await authMigrations(auth)).toContain('005_trail_writers.sql');
  await paymentMigrations(payment);
  for (const pool of [auth, payment])
    for (const event of [blocked, loaded]) expect(await outcome(recordEvent(pool, event))).toBe('ok');
  const sources = await asAdmin(db, (c) => c.query('SELECT DISTINCT source FROM events.events'));
  expect(sources.rows).toEqual([{ source: single }]);
});
