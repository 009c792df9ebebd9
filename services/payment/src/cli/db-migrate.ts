// `node db-migrate.js` in the payment image (`tsx services/payment/src/cli/db-migrate.ts` from sources):
// applies the ledger's migrations and exits, 0 when the schema is current. The Kubernetes Job
// payment-migrate runs it before a rollout, so a failing migration is one failed Job with its error in
// the log rather than replicas that stay NOT_SERVING. The service still migrates at start under the same
// advisory lock, so running both (or several Jobs) is safe.
import { environment, validateConfig, z } from '@gatehouse/config';
import { createLogger } from '@gatehouse/logger';
import { createPool } from '../db';
import { runMigrations } from '../migrate';

const schema = z.object({ DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (postgres://...)') });

async function main(): Promise<void> {
  const { DATABASE_URL } = validateConfig('payment migrations', schema, environment());
  const log = createLogger({ name: 'payment-migrate', level: 'info', format: 'json' });
  const pool = createPool(DATABASE_URL, { max: 1 });
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
