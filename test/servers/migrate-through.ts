// One process of N starting at once: migrates payment's schema through DATABASE_URL in transaction-
// pooling mode and prints what it applied, as JSON (test/pgbouncer.test.ts).
import { createPool } from '../../services/payment/src/db';
import { runMigrations } from '../../services/payment/src/migrate';

async function main(): Promise<void> {
  const pool = createPool(process.argv[2]!, { max: 2, transactionPooling: true });
  try {
    console.log(JSON.stringify(await runMigrations(pool)));
  } finally {
    await pool.end();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
