// A DATABASE_URL given to `pnpm start` must answer before anything starts on it. A module of its own,
// loaded only then: with the embedded Postgres the launcher holds no database client.
import { Client } from 'pg';
import { describeDatabaseError } from '../../packages/postgres/src/errors';
import { StartError } from './embedded-postgres';

export async function checkDatabase(url: string): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {}); // a failed connect is reported by connect()
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    throw new StartError(`${describeDatabaseError(err)}: check it, or unset it to use the embedded Postgres`);
  } finally {
    await client.end().catch(() => {});
  }
}
