// Makes one Postgres role per workload, each owning its schema and nothing else (docs/deployment.md,
// "One role per workload"), idempotently: run it at every deployment, it also narrows a role widened by hand, sets
// the passwords given (a rotation) and hands an older stack's superuser-owned schemas to their roles.
//   DATABASE_ADMIN_URL=postgres://<superuser or database owner with CREATEROLE>@host/gatehouse \
//   AUTH_DATABASE_PASSWORD=... PAYMENT_DATABASE_PASSWORD=... [AVATAR_DATABASE_PASSWORD=...] pnpm db-roles
// Role names: AUTH_DATABASE_ROLE (gatehouse_auth), PAYMENT_DATABASE_ROLE (gatehouse_payment),
// AVATAR_DATABASE_ROLE (gatehouse_avatar). Compose's one-shot `db-roles` runs it (`node db-roles.js`,
// payment image) before auth and payment start; only that container is given the superuser's password.
import { Client } from 'pg';
import { environment } from '../packages/config/src/index';
import { describeDatabaseError, ensureWorkloadRoles, workloadRolesFrom } from '../packages/postgres/src/index';

async function main(): Promise<void> {
  const env = environment();
  const url = env.DATABASE_ADMIN_URL;
  const roles = workloadRolesFrom(env);
  if (!url || roles.length === 0) {
    console.error(
      'db-roles: set DATABASE_ADMIN_URL (a superuser, or the database owner with CREATEROLE) and at least one of AUTH_DATABASE_PASSWORD, PAYMENT_DATABASE_PASSWORD, AVATAR_DATABASE_PASSWORD',
    );
    process.exit(2);
  }
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000, statement_timeout: 30_000 });
  try {
    await client.connect();
  } catch (err) {
    console.error(`db-roles: ${describeDatabaseError(err, 'DATABASE_ADMIN_URL')}`);
    process.exit(1);
  }
  try {
    const report = await ensureWorkloadRoles(client, roles);
    const reassigned = report.reassigned.map((r) => `${r.objects} objects of ${r.schema}`).join(', ');
    console.log(
      `db-roles: ${roles.map((r) => `${r.role} owns ${r.schema}`).join(', ')}` +
        (report.rolesCreated.length ? `; created ${report.rolesCreated.join(', ')}` : '') +
        (reassigned ? `; handed over ${reassigned}` : ''),
    );
  } finally {
    await client.end();
  }
}

main().catch((err: unknown) => {
  const e = err as { code?: string; message?: string };
  console.error(`db-roles: ${e.code ? `${e.code}: ` : ''}${e.message ?? String(err)}`);
  process.exit(1);
});
