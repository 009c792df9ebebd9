// The audit trail's schema is migrated like every other (issue 44): auth's migration 000_trail.sql
// makes it in a fresh database, recorded, and takes one the code before it made (ensureTrail's string,
// run by auth or by payment, whichever started first), its rows and the later migrations' changes kept;
// events.new_id() as the ledger's statements call it; and waitForTrail, which payment waits with.

import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { oldTrailDdl } from '@gatehouse/test-kit/old-trail';
import type { Pool } from 'pg';
import { type NewEvent, newEventId, recordEvent, TrailMissingError, waitForTrail } from '../packages/events/src/index';
import { MIGRATIONS_DIR as AUTH_MIGRATIONS, createPool, runMigrations } from '../services/auth/src/stores/postgres';
import { createPool as paymentPool } from '../services/payment/src/db';
import { PostgresLedgerStore } from '../services/payment/src/ledger';
import { runMigrations as paymentMigrations } from '../services/payment/src/migrate';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
/** A ULID's milliseconds: its first ten characters, Crockford base32. */
const decodeTime = (id: string) =>
  [...id.slice(0, 10)].reduce((ms, c) => ms * 32 + '0123456789ABCDEFGHJKMNPQRSTVWXYZ'.indexOf(c), 0);
const databases: TestDatabase[] = [];
const pools: Pool[] = [];

async function fresh(): Promise<{ db: TestDatabase; auth: Pool }> {
  const db = await createTestDatabase('gh_trail');
  databases.push(db);
  const auth = createPool(db.url, undefined, { max: 2, transactionPooling: db.transactionPooling });
  pools.push(auth);
  return { db, auth };
}

afterAll(async () => {
  for (const p of pools) await p.end();
  for (const db of databases) await db.drop();
});

/** Auth's migrations as the code before issue 44 had them: every file but the trail's own. */
async function migrateAuthAsBefore(pool: Pool): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'auth-migrations-'));
  try {
    for (const f of readdirSync(AUTH_MIGRATIONS).filter((f) => f.endsWith('.sql') && f !== '000_trail.sql'))
      cpSync(path.join(AUTH_MIGRATIONS, f), path.join(dir, f));
    return await runMigrations(pool, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const language = async (pool: Pool) =>
  (
    await pool.query<{ lanname: string }>(
      `SELECT l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
        WHERE p.oid = to_regprocedure('events.new_id()')`,
    )
  ).rows[0]?.lanname;

/** Everything the trail holds, in order: what an upgrade must keep. */
const trailRows = async (pool: Pool) =>
  (
    await pool.query(
      'SELECT e.*, o.event_id AS outboxed FROM events.events e LEFT JOIN events.outbox o ON o.event_id = e.id ORDER BY e.id',
    )
  ).rows;

const blocked: NewEvent = {
  type: 'user.blocked',
  actor: { kind: 'admin', id: 'operator' },
  subjectUser: 'dev_a',
  data: {},
};

describe('a fresh database', () => {
  let pool: Pool;
  beforeAll(async () => {
    pool = (await fresh()).auth;
    expect((await runMigrations(pool))[0]).toBe('000_trail.sql');
  });

  it('has the trail from the recorded migration, new_id() in PL/pgSQL, and nothing to do again', async () => {
    const { rows } = await pool.query("SELECT name FROM auth.auth_migrations WHERE name = '000_trail.sql'");
    expect(rows).toHaveLength(1);
    expect(await language(pool)).toBe('plpgsql');
    expect(await runMigrations(pool)).toEqual([]);
    await expect(recordEvent(pool, blocked)).resolves.toMatch(ULID);
  });

  it('events.new_id() makes ULIDs of the current millisecond, unique, that sort by time with the ones Node makes', async () => {
    const before = Date.now();
    const { rows } = await pool.query<{ id: string }>('SELECT events.new_id() AS id FROM generate_series(1, 2000)');
    const after = Date.now();
    const ids = rows.map((r) => r.id);
    expect(ids.every((id) => ULID.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(decodeTime(id)).toBeGreaterThanOrEqual(before - 1000);
      expect(decodeTime(id)).toBeLessThanOrEqual(after + 1000);
    }
    // One from Node a few milliseconds later sorts after every one of them, as the trail's pages need.
    await new Promise((r) => setTimeout(r, 5));
    const later = newEventId();
    expect(ids.every((id) => id < later)).toBe(true);
  });
});

test('a trail whose new_id() is the first (SQL) version gets the PL/pgSQL one from the migration, grants kept', async () => {
  const { auth } = await fresh();
  const role = `gh_trail_reader_${randomBytes(4).toString('hex')}`;
  await auth.query(oldTrailDdl(34));
  expect(await language(auth)).toBe('sql');
  await auth.query(`CREATE ROLE ${role}`);
  try {
    await auth.query(`GRANT EXECUTE ON FUNCTION events.new_id() TO ${role}`);
    expect(await migrateAuthAsBefore(auth)).toContain('001_passkeys.sql');
    expect(await language(auth)).toBe('sql');

    expect(await runMigrations(auth)).toEqual(['000_trail.sql']);
    expect(await language(auth)).toBe('plpgsql');
    const granted = await auth.query<{ ok: boolean }>(
      `SELECT has_function_privilege($1, 'events.new_id()', 'EXECUTE') AS ok`,
      [role],
    );
    expect(granted.rows[0]?.ok).toBe(true);
    const { rows } = await auth.query<{ id: string }>('SELECT events.new_id() AS id');
    expect(rows[0]?.id).toMatch(ULID);
  } finally {
    await auth.query(`REVOKE ALL ON FUNCTION events.new_id() FROM ${role}`);
    await auth.query(`DROP ROLE ${role}`);
  }
});

test("a database auth's earlier code made takes the migration: rows, 005's writers and 006's actors kept", async () => {
  const { db, auth } = await fresh();
  const payment = paymentPool(db.url, { max: 2, transactionPooling: db.transactionPooling });
  pools.push(payment);
  // The earlier auth: ensureTrail's trail, then its migrations; payment's ledger wrote into it.
  await auth.query(oldTrailDdl(43));
  await migrateAuthAsBefore(auth);
  await paymentMigrations(payment);
  await recordEvent(auth, blocked);
  expect(await new PostgresLedgerStore(payment).createCard('dev_payer', 'old', new Date(), 10)).not.toBeNull();
  const before = await trailRows(auth);
  expect(before.map((r) => r.type)).toEqual(['user.blocked', 'card.created']);

  expect(await runMigrations(auth)).toEqual(['000_trail.sql']);
  expect(await trailRows(auth)).toEqual(before);
  // 005's trigger function is the one there, not the first version's; 006's actors are still taken.
  const stamp = await auth.query<{ src: string }>(
    "SELECT prosrc AS src FROM pg_proc WHERE oid = to_regprocedure('events.stamp_source()')",
  );
  expect(stamp.rows[0]?.src).toMatch(/may not write/);
  await recordEvent(auth, { type: 'login.failed', actor: { kind: 'anonymous' }, data: { reason: 'refused' } });
  expect(await new PostgresLedgerStore(payment).createCard('dev_payer', 'new', new Date(), 10)).not.toBeNull();
  expect((await trailRows(auth)).map((r) => r.type)).toEqual([
    'user.blocked',
    'card.created',
    'login.failed',
    'card.created',
  ]);
});

test('a database where payment made the trail first (the earlier code) takes every auth migration, rows kept', async () => {
  const { db, auth } = await fresh();
  const payment = paymentPool(db.url, { max: 2, transactionPooling: db.transactionPooling });
  pools.push(payment);
  // The earlier payment, started before auth ever ran: its migrations, then ensureTrail (issue 34's
  // trail: four actor kinds, new_id() in SQL); its ledger wrote events.
  await paymentMigrations(payment);
  await payment.query(oldTrailDdl(34));
  expect(await new PostgresLedgerStore(payment).createCard('dev_payer', 'old', new Date(), 10)).not.toBeNull();
  const before = await trailRows(auth);
  expect(before.map((r) => r.type)).toEqual(['card.created']);

  const applied = await runMigrations(auth);
  expect(applied).toEqual(
    readdirSync(AUTH_MIGRATIONS)
      .filter((f) => f.endsWith('.sql'))
      .sort(),
  );
  expect(await trailRows(auth)).toEqual(before);
  expect(await language(auth)).toBe('plpgsql');
  await recordEvent(auth, { type: 'login.failed', actor: { kind: 'anonymous' }, data: { reason: 'refused' } });
  expect((await trailRows(auth)).map((r) => r.type)).toEqual(['card.created', 'login.failed']);
});

describe('waitForTrail', () => {
  it("fails after its wait, naming auth's migrations, where nothing made the trail", async () => {
    const { auth } = await fresh();
    const waited = waitForTrail(auth, { waitMs: 300 });
    await expect(waited).rejects.toThrow(TrailMissingError);
    await expect(waited).rejects.toThrow(
      /audit trail \(schema events\) is not there .*auth makes it with its migrations/,
    );
  });

  it("resolves once auth's migrations made it", async () => {
    const { db, auth } = await fresh();
    const payment = paymentPool(db.url, { max: 1, transactionPooling: db.transactionPooling });
    pools.push(payment);
    const waited = waitForTrail(payment, { waitMs: 30_000 });
    await runMigrations(auth);
    await expect(waited).resolves.toBeUndefined();
  });
});
