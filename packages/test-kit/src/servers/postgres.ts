import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from '../stack';

const BIN = '/usr/lib/postgresql/15/bin';

/** Why a test that needs its own Postgres cannot run here, or undefined when it can. */
export function postgresMissing(): string | undefined {
  if (!existsSync(`${BIN}/initdb`) || !existsSync(`${BIN}/postgres`)) return `${BIN}/initdb and postgres are missing`;
  if (process.getuid?.() === 0 && !hasUser('postgres')) return 'no postgres OS user to run the server as';
  return undefined;
}

function hasUser(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

export interface OwnPostgres {
  port: number;
  /** Superuser URL of database `postgres` (trust on loopback; over the socket with `hostAuth`). */
  url: string;
  dir: string;
  stop(): Promise<void>;
}

/**
 * A Postgres of the test's own (Debian's binaries) in a temp dir on a free port, run as the
 * `postgres` OS user when we are root; `tls` turns ssl on with that certificate and key; `hostAuth`
 * makes TCP logins need a password (the superuser then comes in over the Unix socket, trusted).
 */
export async function startPostgres(
  options: { tls?: { certFile: string; keyFile: string }; hostAuth?: 'scram-sha-256' } = {},
): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gh-pg-'));
  const root = process.getuid?.() === 0;
  const uid = root ? Number(execFileSync('id', ['-u', 'postgres']).toString().trim()) : undefined;
  const gid = root ? Number(execFileSync('id', ['-g', 'postgres']).toString().trim()) : undefined;
  if (root) chownSync(dir, uid!, gid!);
  const data = path.join(dir, 'data');
  const asUser = (cmd: string, args: string[]) =>
    root ? { cmd: 'runuser', args: ['-u', 'postgres', '--', cmd, ...args] } : { cmd, args };
  const auth = options.hostAuth ? ['--auth-local=trust', `--auth-host=${options.hostAuth}`] : ['-A', 'trust'];
  const init = asUser(`${BIN}/initdb`, ['-D', data, '-U', 'postgres', ...auth, '--no-sync', '-E', 'UTF8']);
  execFileSync(init.cmd, init.args, { stdio: 'pipe' });
  const settings = ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`, '-c', 'fsync=off'];
  if (options.tls) {
    for (const [from, to] of [
      [options.tls.certFile, 'server.crt'],
      [options.tls.keyFile, 'server.key'],
    ] as const) {
      copyFileSync(from, path.join(dir, to));
      if (root) chownSync(path.join(dir, to), uid!, gid!);
    }
    settings.push('-c', 'ssl=on', '-c', `ssl_cert_file=${dir}/server.crt`, '-c', `ssl_key_file=${dir}/server.key`);
  }
  const port = await freePort();
  const run = asUser(`${BIN}/postgres`, ['-D', data, '-p', String(port), ...settings]);
  const child: ChildProcess = spawn(run.cmd, run.args, { stdio: 'ignore' });
  const url = options.hostAuth
    ? `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`
    : `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (err) {
      await client.end().catch(() => {});
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill('SIGKILL');
        throw new Error(`own Postgres did not start on ${port}: ${(err as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    port,
    url,
    dir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        // Fast shutdown, sent to the postmaster itself: runuser does not pass signals on.
        const pid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(pid, 'SIGINT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
