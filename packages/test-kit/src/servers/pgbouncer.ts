import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from '../stack';

const BIN = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => existsSync(p));

/** Why a test that needs PgBouncer cannot run here, or undefined when it can. */
export function pgbouncerMissing(): string | undefined {
  return BIN ? undefined : 'pgbouncer is not installed (apt-get install pgbouncer)';
}

export interface OwnPgBouncer {
  port: number;
  /** The pooler's address for database `postgres` as user postgres. */
  url: string;
  /** PgBouncer's own log so far. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Debian's PgBouncer on a free port in transaction mode in front of `target` (host:port), with its
 * defaults where it matters here: `ignore_startup_parameters = extra_float_digits` only, no prepared
 * statement support (1.18 has none). Run as the `postgres` OS user when we are root (it refuses root).
 */
export async function startPgBouncer(target = { host: '127.0.0.1', port: 5432 }): Promise<OwnPgBouncer> {
  if (!BIN) throw new Error('pgbouncer is missing');
  const dir = mkdtempSync(path.join(tmpdir(), 'gh-pgbouncer-'));
  const root = process.getuid?.() === 0;
  const port = await freePort();
  const logFile = path.join(dir, 'pgbouncer.log');
  writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.host} port=${target.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${dir}/userlist.txt`,
      'pool_mode = transaction',
      'ignore_startup_parameters = extra_float_digits',
      'max_client_conn = 300',
      'default_pool_size = 20',
      // After a failed server login PgBouncer refuses new ones for this long (default 15 s): short, so
      // it reconnects soon after the database is back (the README recommends the same).
      'server_login_retry = 1',
      // A client waiting for a server connection gets an error after this long (default 120 s), within
      // the service's own statement bound, so an outage is answered, not waited out.
      'query_wait_timeout = 5',
      `logfile = ${logFile}`,
      '',
    ].join('\n'),
  );
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    for (const f of ['', 'userlist.txt', 'pgbouncer.ini']) chownSync(path.join(dir, f), uid, gid);
  }
  const args = [path.join(dir, 'pgbouncer.ini')];
  const child: ChildProcess = root
    ? spawn('runuser', ['-u', 'postgres', '--', BIN, ...args], { stdio: 'ignore' })
    : spawn(BIN, args, { stdio: 'ignore' });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const c = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await c.connect();
      await c.end();
      break;
    } catch (err) {
      await c.end().catch(() => {});
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill('SIGKILL');
        throw new Error(`pgbouncer did not start on ${port}: ${(err as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  return {
    port,
    url,
    log,
    async stop() {
      // runuser does not pass signals on: signal PgBouncer itself, found by its config file.
      const pids = execFileSync('pgrep', ['-f', `${BIN} ${args[0]}`], { encoding: 'utf8' }).trim();
      for (const pid of pids.split('\n').filter(Boolean)) process.kill(Number(pid), 'SIGINT');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
