// The embedded Postgres of `pnpm start` with a role per workload, as compose and Kubernetes have
// (docs/security.md, "One role per workload"): the superuser `gatehouse` only makes the roles (db-roles'
// code, passwords kept under .data/), auth and payment log in as their own, so development meets the
// same permissions as a deployment. It also hands over a .data/postgres an older `pnpm start` filled as
// the superuser.
import { Client } from 'pg';
import { describeDatabaseError, ensureWorkloadRoles, workloadRolesFrom } from '../../packages/postgres/src/index';
import { StartError } from './embedded-postgres';
import { keptSecret } from './kept-files';

/** Each workload's DATABASE_URL (by process name: auth, payment), on the server `adminUrl` names. */
export async function workloadDatabaseUrls(adminUrl: string, dataDir: string): Promise<Record<string, string>> {
  const roles = workloadRolesFrom({
    AUTH_DATABASE_PASSWORD: keptSecret(dataDir, 'postgres-auth-password'),
    PAYMENT_DATABASE_PASSWORD: keptSecret(dataDir, 'postgres-payment-password'),
  });
  const admin = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  admin.on('error', () => {}); // a failed connect is reported by connect()
  try {
    await admin.connect();
    await ensureWorkloadRoles(admin, roles);
  } catch (err) {
    throw new StartError(`the embedded Postgres: cannot make the workload roles (${describeDatabaseError(err)})`);
  } finally {
    await admin.end().catch(() => {});
  }
  const urls: Record<string, string> = {};
  for (const r of roles) {
    const url = new URL(adminUrl);
    url.username = r.role;
    url.password = r.password;
    urls[r.schema] = url.toString();
  }
  return urls;
}
