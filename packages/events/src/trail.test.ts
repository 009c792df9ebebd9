// The trail's own SQL against a real Postgres: events.new_id() as the ledger's statements call it, and
// the replacement of its first version in a trail made before.
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { decodeTime } from 'ulid';
import { createTestDatabase, type TestDatabase } from '../../../test/databases';
import { newEventId } from './record';
import { ensureTrail } from './trail';

/** events.new_id() as the trail's first version made it: a SQL function. */
const FIRST_NEW_ID = `
CREATE OR REPLACE FUNCTION events.new_id() RETURNS text LANGUAGE sql VOLATILE AS $f$
  WITH t AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS ms, uuid_send(gen_random_uuid()) AS r)
  SELECT (SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((t.ms >> (5 * (9 - i))) & 31)::int + 1, 1), ''
                            ORDER BY i) FROM generate_series(0, 9) i)
      || (SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(t.r, j) & 31) + 1, 1), '' ORDER BY j)
            FROM generate_series(0, 15) j)
    FROM t
$f$`;

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

let db: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  db = await createTestDatabase('gh_trail');
  pool = new Pool({ connectionString: db.url, max: 2 });
  expect(await ensureTrail(pool)).toBe(true);
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const language = async () =>
  (
    await pool.query<{ lanname: string }>(
      `SELECT l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
        WHERE p.oid = to_regprocedure('events.new_id()')`,
    )
  ).rows[0]?.lanname;

describe('events.new_id()', () => {
  it('makes ULIDs of the current millisecond, unique, that sort by time with the ones Node makes', async () => {
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

  it('is PL/pgSQL in a new trail, and replaces the SQL version of a trail made before, grants kept', async () => {
    expect(await language()).toBe('plpgsql');
    const role = `gh_trail_reader_${randomBytes(4).toString('hex')}`;
    await pool.query(FIRST_NEW_ID);
    await pool.query(`CREATE ROLE ${role}`);
    try {
      await pool.query(`GRANT EXECUTE ON FUNCTION events.new_id() TO ${role}`);
      expect(await language()).toBe('sql');

      expect(await ensureTrail(pool)).toBe(false);
      expect(await language()).toBe('plpgsql');
      const granted = await pool.query<{ ok: boolean }>(
        `SELECT has_function_privilege($1, 'events.new_id()', 'EXECUTE') AS ok`,
        [role],
      );
      expect(granted.rows[0]?.ok).toBe(true);
      const { rows } = await pool.query<{ id: string }>('SELECT events.new_id() AS id');
      expect(rows[0]?.id).toMatch(ULID);
    } finally {
      await pool.query(`REVOKE ALL ON FUNCTION events.new_id() FROM ${role}`);
      await pool.query(`DROP ROLE ${role}`);
    }
  });
});
