import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The part of a pg Pool this needs, so the package depends on no driver version. */
export interface MigrationPool {
  connect(): Promise<{
    query<R = unknown>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
    release(err?: Error): void;
    on?(event: 'error', listener: (err: Error) => void): unknown;
    off?(event: 'error', listener: (err: Error) => void): unknown;
  }>;
}

export interface MigrationSet {
  /** The folder of `*.sql` files, applied in name order. */
  dir: string;
  /**
   * The service's schema. Made if missing and the role may create it; in a deployment with one role
   * per workload it exists already, owned by the service's role (made by `db-roles`), and is used as is.
   * Without it the files and `table` are in the session's current schema (the first of its search_path:
   * avatar's table is where its address's role lands).
   */
  schema?: string;
  /** Where applied file names are recorded (e.g. `payment_migrations`). */
  table: string;
  /** Any constant of the service's own: processes starting at once wait on it, so one migrates. */
  lockKey: number;
  /**
   * Names the files leave to the caller, written `{{name}}` in them (avatar's table, named by its
   * address): each a plain lower-case identifier, so it can stand in the SQL as it is.
   */
  names?: Record<string, string>;
}

/** What a `{{name}}` may be replaced by: a plain lower-case SQL identifier, nothing to quote. */
const PLAIN_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Applies the SQL files of `set.dir` in name order, each once and in its own transaction, recorded in
 * `set.table`. Returns the names it applied. Every service with a Postgres schema migrates this way.
 *
 * Each transaction first takes a transaction-scoped advisory lock (`pg_advisory_xact_lock`), then
 * reads what is applied: processes starting at once wait on it in turn, and a later one finds the work
 * done. The lock ends with its transaction, so it holds behind a transaction-mode pooler (PgBouncer),
 * where a session lock would be taken on one server connection and released on another, or never.
 */
export async function runSqlMigrations(pool: MigrationPool, set: MigrationSet): Promise<string[]> {
  const files = readdirSync(set.dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  for (;;) {
    const client = await pool.connect();
    // A connection ended between statements must fail the next one, not crash the process.
    const ignore = () => {};
    client.on?.('error', ignore);
    let file: string | undefined;
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [set.lockKey]);
      if (set.schema !== undefined) await ensureSchema(client, set.schema);
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${set.table} (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
      );
      const done = new Set(
        (await client.query<{ name: string }>(`SELECT name FROM ${set.table}`)).rows.map((r) => r.name),
      );
      file = files.find((f) => !done.has(f));
      if (file !== undefined) {
        await client.query(withNames(readFileSync(path.join(set.dir, file), 'utf8'), file, set.names));
        await client.query(`INSERT INTO ${set.table} (name) VALUES ($1)`, [file]);
      }
      await client.query('COMMIT');
      client.off?.('error', ignore);
      client.release();
    } catch (err) {
      const rollback = await client.query('ROLLBACK').then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      client.release(rollback ?? (err as Error));
      throw file === undefined ? err : new Error(`migration ${file} failed`, { cause: err });
    }
    if (file === undefined) return applied;
    applied.push(file);
  }
}

/** The file's SQL with each `{{name}}` replaced; a name the caller did not give fails the migration. */
function withNames(sql: string, file: string, names: Record<string, string> = {}): string {
  for (const [name, value] of Object.entries(names))
    if (!PLAIN_NAME.test(value))
      throw new Error(`migration ${file}: {{${name}}} "${value}" is not a plain lower-case name`);
  return sql.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = names[name];
    if (value === undefined) throw new Error(`migration ${file} names {{${name}}}, which was not given`);
    return value;
  });
}

type MigrationClient = Awaited<ReturnType<MigrationPool['connect']>>;

/**
 * Makes the schema only when it is missing. `CREATE SCHEMA IF NOT EXISTS` is not enough: Postgres
 * checks the database's CREATE privilege before it looks for the schema, so a workload's own role
 * (which may create nothing outside its schema) would fail on a schema it already owns. A role that may
 * use the schema but not create in it fails at the first table with Postgres's own "permission denied".
 */
async function ensureSchema(client: MigrationClient, schema: string): Promise<void> {
  const found = await client.query<{ exists: boolean; role: string }>(
    'SELECT EXISTS (SELECT FROM pg_namespace WHERE nspname = $1) AS exists, current_user AS role',
    [schema],
  );
  const { exists, role } = found.rows[0] ?? { exists: false, role: '?' };
  if (exists) return;
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
  } catch (err) {
    if ((err as { code?: unknown }).code !== '42501') throw err;
    throw Object.assign(
      new Error(
        `schema ${schema} does not exist and role ${role} may not create it: make the workload roles and their schemas first (db-roles)`,
        { cause: err },
      ),
      { code: '42501' },
    );
  }
}
