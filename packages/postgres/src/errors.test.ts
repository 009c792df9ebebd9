// Which database errors mean "unavailable, retry" and whether the server answered at all: what decides
// between "nothing was charged" and an unknown outcome for a card load's reservation.
import { Client } from 'pg';
import { answeredByServer, isDatabaseUnavailable } from './errors';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The error a statement or a login gets from the real server. */
async function failureOf(run: (client: Client) => Promise<unknown>, url = ADMIN_URL): Promise<unknown> {
  const client = new Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await run(client);
  } catch (err) {
    return err;
  } finally {
    await client.end().catch(() => {});
  }
  throw new Error('expected a failure');
}

test('a read-only transaction and an ended session are unavailable, answered by the server', async () => {
  const readOnly = await failureOf(async (c) => {
    await c.connect();
    await c.query('BEGIN READ ONLY');
    await c.query('CREATE TEMP TABLE t (x int)');
  });
  expect([isDatabaseUnavailable(readOnly), answeredByServer(readOnly)]).toEqual([true, true]);
  const ended = await failureOf(async (c) => {
    await c.connect();
    await c.query('SELECT pg_terminate_backend(pg_backend_pid())');
  });
  expect(ended).toMatchObject({ code: '57P01' });
  expect([isDatabaseUnavailable(ended), answeredByServer(ended)]).toEqual([true, true]);
});

test('a database closed to connections is unavailable (55000 at login), not a bug', async () => {
  const name = `gh_errors_${process.pid}_${Date.now()}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} ALLOW_CONNECTIONS false`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const closed = await failureOf((c) => c.connect(), url.toString());
    expect(closed).toMatchObject({ code: '55000', severity: 'FATAL' });
    expect(isDatabaseUnavailable(closed)).toBe(true);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
});

test('a connection lost under a statement is unavailable, and no server answered it', async () => {
  const refused = await failureOf((c) => c.connect(), 'postgres://postgres@127.0.0.1:1/none');
  expect([isDatabaseUnavailable(refused), answeredByServer(refused)]).toEqual([true, false]);
  const lost = new Error('Connection terminated unexpectedly');
  expect([isDatabaseUnavailable(lost), answeredByServer(lost)]).toEqual([true, false]);
  // A query's own mistake is neither.
  const bug = await failureOf(async (c) => {
    await c.connect();
    await c.query('SELECT * FROM no_such_table');
  });
  expect([isDatabaseUnavailable(bug), answeredByServer(bug)]).toEqual([false, true]);
});
