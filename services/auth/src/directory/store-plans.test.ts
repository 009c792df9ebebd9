// The plans Postgres keeps for the directory's per-login statements. A named statement is planned
// generically after its fifth run on a connection, on a young install before autovacuum first analyzed
// the tables: a shape the generic plan cannot key (an IN over two CTEs, an EXISTS it hashes) then scans
// the whole table at every login until an ANALYZE replans it, minutes later or (autovacuum behind or
// off) much later. The sessions bench met it: 710 µs of Postgres a login statement, now 338 (issue 36).
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { createPool, runMigrations } from '../stores/postgres';
import { ENSURE_SQL, LOGIN_SQL } from './login-sql';

let db: TestDatabase;
let pool: ReturnType<typeof createPool>;

beforeAll(async () => {
  db = await createTestDatabase('gh_auth_plans');
  pool = createPool(db.url, undefined, { transactionPooling: db.transactionPooling });
  await runMigrations(pool);
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

/** Users `from`..`to` (`dev_<n>`), each with its identity; those starting with 1 with TOTP on. */
const seed = (from: number, to: number) => `
  INSERT INTO users (id, name) SELECT 'dev_' || i, 'user' FROM generate_series(${from}, ${to}) i;
  INSERT INTO identities (id, user_id, provider, name) SELECT 'dev_' || i, 'dev_' || i, 'dev', 'user' FROM generate_series(${from}, ${to}) i;
  INSERT INTO totp_secrets (user_id, sealed_secret, key_id, active)
    SELECT 'dev_' || i, '\\x00'::bytea, 'k1', true FROM generate_series(${from}, ${to}) i WHERE i::text LIKE '1%';`;

/**
 * The generic plan of `sql` made on a directory of 5 users, as its first logins make it, then run with
 * `values` on one of 3,000 users (never analyzed, as on a young install), as text. All rolled back.
 */
async function genericPlan(sql: string, values: unknown[]): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
    await client.query(seed(1, 5));
    await client.query(`PREPARE planned AS ${sql}`);
    // EXPLAIN EXECUTE takes no bound parameters: the values go in as literals.
    const literal = (v: unknown): string =>
      v === null
        ? 'NULL'
        : typeof v === 'boolean'
          ? String(v)
          : Array.isArray(v)
            ? `ARRAY[${v.map(literal).join(', ')}]::text[]`
            : client.escapeLiteral(String(v));
    const explain = (args: unknown[]) =>
      `EXPLAIN (ANALYZE, COSTS OFF) EXECUTE planned(${args.map(literal).join(', ')})`;
    // The first run (of another id: the one asked about stays new) makes and keeps the generic plan.
    const first = values.map((v, i) =>
      i === 0 || (typeof v === 'string' && v.startsWith('01JEVENT')) ? `${v}_first` : v,
    );
    await client.query(explain(first));
    await client.query(seed(6, 3000));
    const { rows } = await client.query(explain(values));
    return rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('ROLLBACK');
    await client.query('DEALLOCATE ALL');
    client.release();
  }
}

const SCANS = /Seq Scan on (users|identities|totp_secrets)\b/;

describe("the directory's per-login statements", () => {
  const login = (id: string, linkByEmail = false) => [
    id,
    'dev',
    'a name',
    'a@example.com',
    true,
    linkByEmail,
    ['corp'],
    null,
    'request-1',
    '01JEVENT0000000000000000A1',
    '01JEVENT0000000000000000A2',
  ];

  it('finds a returning identity, its user and its second factor by key, never by scanning', async () => {
    const plan = await genericPlan(LOGIN_SQL, login('dev_1500'));
    expect(plan).toContain('Index Scan using users_pkey on users');
    expect(plan).not.toMatch(SCANS);
  });

  it('adds a new user by key, never by scanning, linking by email allowed or not', async () => {
    expect(await genericPlan(LOGIN_SQL, login('dev_new'))).not.toMatch(SCANS);
    expect(await genericPlan(LOGIN_SQL, login('corp_new', true))).not.toMatch(SCANS);
  });

  it('reads or adds a user known by id by key', async () => {
    const values = ['dev_2500', 'a name', null, 'dev', 'request-1', '01JEVENT0000000000000000A3'];
    expect(await genericPlan(ENSURE_SQL, values)).not.toMatch(SCANS);
  });
});
