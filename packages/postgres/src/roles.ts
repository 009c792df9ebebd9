import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { type ClientBase, escapeLiteral, escapeIdentifier as id } from 'pg';

/**
 * One workload's login: a role that owns its schema and nothing else. A foothold in one workload then
 * reaches no other workload's tables (payment cannot insert a passkey row into `auth`).
 */
export interface WorkloadRole {
  /** The login role, e.g. `gatehouse_auth`. */
  role: string;
  password: string;
  /** The schema it owns alone, e.g. `auth` (the services' fixed schema names). */
  schema: string;
}

export interface RolesReport {
  rolesCreated: string[];
  schemasCreated: string[];
  /** Objects of an existing schema given to its role (an older stack made them as the superuser). */
  reassigned: { schema: string; objects: number }[];
}

/**
 * The workloads with a schema of their own (the services' fixed schema names). Avatar has one only
 * where its store is `postgres://` (Kubernetes); compose keeps avatars in a volume and gives avatar no
 * database at all.
 */
export const WORKLOAD_SCHEMAS = ['auth', 'payment', 'avatar'] as const;

/**
 * The audit trail's schema (auth's migration 000_trail.sql): owned by auth's role; payment's role may
 * only INSERT into its tables, so a load's event is written in the ledger's own transaction while
 * payment can read nothing of the trail, nor of the webhooks (which stay in `auth`).
 */
export const EVENTS_SCHEMA = 'events';

/**
 * The roles the environment asks for: each workload whose `<W>_DATABASE_PASSWORD` is set, named by
 * `<W>_DATABASE_ROLE` (default `gatehouse_<w>`).
 */
export function workloadRolesFrom(env: Record<string, string | undefined>): WorkloadRole[] {
  const asked = [
    { schema: 'auth', role: env.AUTH_DATABASE_ROLE || 'gatehouse_auth', password: env.AUTH_DATABASE_PASSWORD },
    {
      schema: 'payment',
      role: env.PAYMENT_DATABASE_ROLE || 'gatehouse_payment',
      password: env.PAYMENT_DATABASE_PASSWORD,
    },
    { schema: 'avatar', role: env.AVATAR_DATABASE_ROLE || 'gatehouse_avatar', password: env.AVATAR_DATABASE_PASSWORD },
  ];
  return asked.flatMap(({ schema, role, password }) => (password ? [{ role, password, schema }] : []));
}

const NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** Printable ASCII without spaces: SASLprep leaves it as it is, so the SCRAM verifier made here matches. */
const PASSWORD = /^[\x21-\x7e]{16,}$/;
/** Any constant: two runs at once (two `compose up`s) take turns. */
const ROLES_LOCK_KEY = 7_004_000;

/** Every mistake in the list, each naming what it is about; empty when it can be applied. */
export function workloadRoleProblems(workloads: readonly WorkloadRole[]): string[] {
  const problems: string[] = [];
  for (const w of workloads) {
    if (!NAME.test(w.role)) problems.push(`role "${w.role}": lower-case letters, digits and _ only`);
    if (!NAME.test(w.schema) || w.schema === 'public' || w.schema.startsWith('pg_'))
      problems.push(`schema "${w.schema}": lower-case letters, digits and _ only, not public or pg_*`);
    if (!PASSWORD.test(w.password))
      problems.push(`role ${w.role}: the password must be at least 16 printable ASCII characters, no spaces`);
  }
  for (const key of ['role', 'schema'] as const) {
    const names = workloads.map((w) => w[key]);
    for (const dup of new Set(names.filter((n, i) => names.indexOf(n) !== i)))
      problems.push(`${key} ${dup}: given to two workloads (one shared role would let each reach the other's data)`);
  }
  return problems;
}

/**
 * Makes (or brings back to) one role per workload in the current database, each owning its schema and
 * nothing else, idempotently, in one transaction; run as a superuser or the database owner with
 * CREATEROLE. It also works on a database an older stack filled as the superuser: the schema and
 * everything in it are given to the workload's role. PUBLIC loses every database privilege (CONNECT
 * and TEMP) and CREATE on schema `public`; each role gets CONNECT only, so it cannot make objects
 * anywhere else. Passwords are sent as SCRAM verifiers, so no server log or statistics view holds them.
 */
export async function ensureWorkloadRoles(
  client: ClientBase,
  workloads: readonly WorkloadRole[],
): Promise<RolesReport> {
  const problems = workloadRoleProblems(workloads);
  if (problems.length > 0) throw new Error(problems.join('; '));
  const report: RolesReport = { rolesCreated: [], schemasCreated: [], reassigned: [] };
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [ROLES_LOCK_KEY]);
    const me = await one<{ db: string; user: string; superuser: boolean }>(
      client,
      "SELECT current_database() AS db, current_user AS user, current_setting('is_superuser') = 'on' AS superuser",
    );
    if (workloads.some((w) => w.role === me.user))
      throw new Error(`role ${me.user} runs this: a workload must have a role of its own, not the administrator's`);
    const db = id(me.db);
    await client.query(`REVOKE ALL ON DATABASE ${db} FROM PUBLIC`);
    if (await exists(client, 'SELECT FROM pg_namespace WHERE nspname = $1', ['public']))
      await client.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
    for (const w of workloads) {
      if (!(await exists(client, 'SELECT FROM pg_roles WHERE rolname = $1', [w.role]))) {
        await client.query(`CREATE ROLE ${id(w.role)} LOGIN`);
        report.rolesCreated.push(w.role);
      }
      // Every run, so a role someone widened by hand is narrowed again and a new password takes. Only
      // a superuser may name the superuser-only attributes, even to turn them off: another
      // administrator checks them instead (only a superuser could have turned them on).
      const attributes = me.superuser ? 'NOSUPERUSER NOREPLICATION NOBYPASSRLS ' : '';
      await client.query(
        `ALTER ROLE ${id(w.role)} WITH LOGIN ${attributes}NOCREATEDB NOCREATEROLE NOINHERIT PASSWORD ${escapeLiteral(scramVerifier(w.password))}`,
      );
      const wide = await client.query(
        'SELECT FROM pg_roles WHERE rolname = $1 AND (rolsuper OR rolreplication OR rolbypassrls)',
        [w.role],
      );
      if ((wide.rowCount ?? 0) > 0)
        throw new Error(
          `role ${w.role} is a superuser or may replicate or bypass row security: ask a superuser to narrow it`,
        );
      await client.query(`ALTER ROLE ${id(w.role)} IN DATABASE ${db} SET search_path = ${id(w.schema)}`);
      await client.query(`GRANT CONNECT ON DATABASE ${db} TO ${id(w.role)}`);
      // A non-superuser administrator (managed Postgres) may hand objects to a role it can act as.
      if (!me.superuser) await client.query(`GRANT ${id(w.role)} TO CURRENT_USER`);
    }
    for (const w of workloads) {
      const others = workloads.filter((o) => o !== w);
      // Membership in another workload's role would let this one SET ROLE to it.
      for (const o of others) await client.query(`REVOKE ${id(o.role)} FROM ${id(w.role)}`);
      const owner = await client.query<{ owner: string }>(
        'SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = $1',
        [w.schema],
      );
      if (owner.rows.length === 0) {
        await client.query(`CREATE SCHEMA ${id(w.schema)} AUTHORIZATION ${id(w.role)}`);
        report.schemasCreated.push(w.schema);
      } else if (owner.rows[0]?.owner !== w.role) {
        await client.query(`ALTER SCHEMA ${id(w.schema)} OWNER TO ${id(w.role)}`);
      }
      const objects = await reassignObjects(client, w);
      if (objects > 0) report.reassigned.push({ schema: w.schema, objects });
      // Grants an older layout (or a hand) may have made: nobody but the owner uses the schema.
      const grantees = ['PUBLIC', ...others.map((o) => id(o.role))].join(', ');
      const s = id(w.schema);
      await client.query(`REVOKE ALL ON SCHEMA ${s} FROM ${grantees}`);
      await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA ${s} FROM ${grantees}`);
      await client.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA ${s} FROM ${grantees}`);
      await client.query(`REVOKE ALL ON ALL ROUTINES IN SCHEMA ${s} FROM ${grantees}`);
    }
    const events = await ensureEventsSchema(client, workloads);
    if (events.created) report.schemasCreated.push(EVENTS_SCHEMA);
    if (events.objects > 0) report.reassigned.push({ schema: EVENTS_SCHEMA, objects: events.objects });
    await client.query('COMMIT');
    return report;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

/**
 * The trail's schema, owned by auth's role like its own, with payment's role let INSERT into its
 * tables (those there now and those auth's migrations make later) and nothing else. Without an auth
 * role nothing is done: auth's migration makes the schema as whoever runs it.
 */
async function ensureEventsSchema(
  client: ClientBase,
  workloads: readonly WorkloadRole[],
): Promise<{ created: boolean; objects: number }> {
  const auth = workloads.find((w) => w.schema === 'auth');
  if (!auth) return { created: false, objects: 0 };
  const payment = workloads.find((w) => w.schema === 'payment');
  const s = id(EVENTS_SCHEMA);
  const owner = await client.query<{ owner: string }>(
    'SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = $1',
    [EVENTS_SCHEMA],
  );
  const created = owner.rows.length === 0;
  if (created) await client.query(`CREATE SCHEMA ${s} AUTHORIZATION ${id(auth.role)}`);
  else if (owner.rows[0]?.owner !== auth.role) await client.query(`ALTER SCHEMA ${s} OWNER TO ${id(auth.role)}`);
  const objects = await reassignObjects(client, { ...auth, schema: EVENTS_SCHEMA });
  const others = workloads.filter((o) => o !== auth);
  const grantees = ['PUBLIC', ...others.map((o) => id(o.role))].join(', ');
  await client.query(`REVOKE ALL ON SCHEMA ${s} FROM ${grantees}`);
  await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA ${s} FROM ${grantees}`);
  await client.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA ${s} FROM ${grantees}`);
  await client.query(`REVOKE ALL ON ALL ROUTINES IN SCHEMA ${s} FROM ${grantees}`);
  for (const o of others)
    await client.query(
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${id(auth.role)} IN SCHEMA ${s} REVOKE ALL ON TABLES FROM ${id(o.role)}`,
    );
  if (payment) {
    const p = id(payment.role);
    await client.query(`GRANT USAGE ON SCHEMA ${s} TO ${p}`);
    await client.query(`GRANT INSERT ON ALL TABLES IN SCHEMA ${s} TO ${p}`);
    // events.new_id(): the ids of events payment's ledger statements write.
    await client.query(`GRANT EXECUTE ON ALL ROUTINES IN SCHEMA ${s} TO ${p}`);
    await client.query(
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${id(auth.role)} IN SCHEMA ${s} GRANT INSERT ON TABLES TO ${p}`,
    );
  }
  return { created, objects };
}

/**
 * Gives every object in the workload's schema that another role owns to the workload's role. Tables
 * first: their indexes, row types and owned sequences (serial, identity) follow them; then what is
 * left (standalone sequences, types, routines).
 */
async function reassignObjects(client: ClientBase, w: WorkloadRole): Promise<number> {
  const to = id(w.role);
  const relations = await client.query<{ kind: string; name: string }>(
    `SELECT c.relkind AS kind, format('%I.%I', n.nspname, c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND pg_get_userbyid(c.relowner) <> $2`,
    [w.schema, w.role],
  );
  const keyword: Record<string, string> = {
    r: 'TABLE',
    p: 'TABLE',
    v: 'VIEW',
    m: 'MATERIALIZED VIEW',
    f: 'FOREIGN TABLE',
  };
  for (const r of relations.rows) await client.query(`ALTER ${keyword[r.kind]} ${r.name} OWNER TO ${to}`);
  const rest = await client.query<{ statement: string }>(
    `SELECT format('ALTER SEQUENCE %I.%I', n.nspname, c.relname) AS statement
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind = 'S' AND pg_get_userbyid(c.relowner) <> $2
     UNION ALL
     SELECT format('ALTER %s %I.%I', CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, n.nspname, t.typname)
       FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = $1 AND t.typtype IN ('d', 'e', 'r') AND pg_get_userbyid(t.typowner) <> $2
     UNION ALL
     SELECT format('ALTER ROUTINE %s', p.oid::regprocedure)
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = $1 AND pg_get_userbyid(p.proowner) <> $2`,
    [w.schema, w.role],
  );
  for (const r of rest.rows) await client.query(`${r.statement} OWNER TO ${to}`);
  return relations.rows.length + rest.rows.length;
}

async function one<R>(client: ClientBase, sql: string): Promise<R> {
  const { rows } = await client.query(sql);
  return rows[0] as R;
}

async function exists(client: ClientBase, sql: string, params: unknown[]): Promise<boolean> {
  return ((await client.query(sql, params)).rowCount ?? 0) > 0;
}

/** The SCRAM-SHA-256 verifier Postgres stores for `password` (RFC 5802/7677, Postgres's format). */
export function scramVerifier(password: string, iterations = 4096): string {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}
