import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The part of a pg Pool this needs, so the package depends on no driver version. */
export interface MigrationPool {
  connect(): Promise<{
    query<R = unknown>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
    release(): void;
  }>;
}

export interface MigrationSet {
  /** The folder of `*.sql` files, applied in name order. */
  dir: string;
  /** The service's schema, made if missing. */
  schema: string;
  /** Where applied file names are recorded (e.g. `payment_migrations`). */
  table: string;
  /** Any constant of the service's own: processes starting at once wait on it, so one migrates. */
  lockKey: number;
}

/**
 * Applies the SQL files of `set.dir` in name order, each once and in its own transaction, recorded in
 * `set.table`. Returns the names it applied. Every service with a Postgres schema migrates this way.
 */
export async function runSqlMigrations(pool: MigrationPool, set: MigrationSet): Promise<string[]> {
  const files = readdirSync(set.dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [set.lockKey]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${set.schema}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${set.table} (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set(
      (await client.query<{ name: string }>(`SELECT name FROM ${set.table}`)).rows.map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(path.join(set.dir, file), 'utf8');
      try {
        await client.query('BEGIN');
        await client.query(sql);
        await client.query(`INSERT INTO ${set.table} (name) VALUES ($1)`, [file]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${file} failed`, { cause: err });
      }
      applied.push(file);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [set.lockKey]).catch(() => {});
    client.release();
  }
  return applied;
}
