import path from 'node:path';
import { runtimeAssetDir } from '@gatehouse/config';
import { runSqlMigrations } from '@gatehouse/migrations';
import { createPool } from '@gatehouse/postgres';
import type { Pool } from 'pg';
import type { AvatarStore } from './store';

/** The avatar table's migrations (services/avatar/migrations), beside the bundle in a `pnpm build`. */
export const MIGRATIONS_DIR = runtimeAssetDir(path.resolve(__dirname, '../../migrations'), 'migrations');

/** Any constant of avatar's own: processes opening the store at once wait here, so one migrates. */
const MIGRATION_LOCK_KEY = 7_004_003;

/**
 * Avatars in a Postgres table, for deployments that already run Postgres:
 * `postgres://user@host:port/db?ava_table=avatars` (table default `avatars`). The table is made and
 * changed by avatar's migrations (@gatehouse/migrations) when the store opens, recorded in
 * `<table>_migrations` beside it, in the schema the address's role lands in.
 */
export class PostgresAvatarStore implements AvatarStore {
  readonly description: string;

  private constructor(
    private readonly pool: Pool,
    private readonly table: string,
    where: string,
  ) {
    this.description = `Postgres table ${table} at ${where}`;
  }

  static async open(
    address: string,
    options: { max?: number; transactionPooling?: boolean } = {},
  ): Promise<PostgresAvatarStore> {
    const url = new URL(address);
    const table = url.searchParams.get('ava_table') ?? 'avatars';
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(table)) throw new Error(`ava_table "${table}" is not a plain lower-case name`);
    url.searchParams.delete('ava_table');
    // The factory every process uses (@gatehouse/postgres); an idle client's error (server restart)
    // must not crash the process, and the next query reconnects.
    const pool = createPool({
      url: url.toString(),
      applicationName: 'gatehouse-avatar',
      max: options.max ?? 4,
      statementTimeoutMs: 5_000,
      idleInTransactionMs: 30_000,
      transactionPooling: options.transactionPooling ?? false,
    });
    const store = new PostgresAvatarStore(pool, table, `${url.host}${url.pathname}`);
    try {
      await runSqlMigrations(pool, {
        dir: MIGRATIONS_DIR,
        table: `${table}_migrations`,
        lockKey: MIGRATION_LOCK_KEY,
        names: { table },
      });
    } catch (err) {
      await pool.end();
      throw err;
    }
    return store;
  }

  async put(avatarId: string, content: Buffer): Promise<void> {
    await this.pool.query(
      `insert into ${this.table} (id, content) values ($1, $2)
       on conflict (id) do update set content = excluded.content, updated_at = now()`,
      [avatarId, content],
    );
  }

  async get(avatarId: string): Promise<Buffer | undefined> {
    const res = await this.pool.query<{ content: Buffer }>(`select content from ${this.table} where id = $1`, [
      avatarId,
    ]);
    return res.rows[0]?.content;
  }

  async remove(avatarId: string): Promise<boolean> {
    const res = await this.pool.query(`delete from ${this.table} where id = $1`, [avatarId]);
    return (res.rowCount ?? 0) > 0;
  }

  async list(): Promise<string[]> {
    const res = await this.pool.query<{ id: string }>(`select id from ${this.table} order by id`);
    return res.rows.map((r) => r.id);
  }

  async ping(): Promise<boolean> {
    await this.pool.query('select 1');
    return true;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
