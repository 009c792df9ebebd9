// `node db-migrate.js` in the auth image (`tsx services/auth/src/cli/db-migrate.ts` from sources): applies
// the passkey tables' migrations (schema auth) and exits, 0 when the schema is current. The Kubernetes
// Job auth-migrate runs it before a rollout; the service still migrates at start under the same
// advisory lock, so running both is safe. Only DATABASE_URL is read: the Job needs no other setting.
import { environment, validateConfig, z } from '@gatehouse/config';
import { createLogger } from '@gatehouse/logger';
import { createPool, runMigrations } from '../stores/postgres';

const schema = z.object({ DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (postgres://...)') });

async function main(): Promise<void> {
  const { DATABASE_URL } = validateConfig('auth migrations', schema, environment());
  const log = createLogger({ name: 'auth-migrate', level: 'info', format: 'json' });
  const pool = createPool(DATABASE_URL);
  try {
    const applied = await runMigrations(pool);
    log.info({ applied }, applied.length > 0 ? 'migrations applied' : 'schema is current');
  } finally {
    await pool.end();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? `${err.message}${err.cause ? `: ${(err.cause as Error).message}` : ''}` : err);
  process.exit(1);
});
