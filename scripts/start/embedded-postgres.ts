// Starts the embedded Postgres of `pnpm start` through postgres-runner.ts, in a process group of its own
// (detached), so the terminal's Ctrl-C does not stop it under the services; stop() ends it last.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export class StartError extends Error {
  override name = 'StartError';
}

export interface EmbeddedPostgres {
  url: string;
  /** Each workload's DATABASE_URL (auth, payment), as its own role, when `rolesKeptIn` was given. */
  workloadUrls?: Record<string, string>;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(options: {
  /** The runner's compiled file (scripts/start/compile.js). */
  runner: string;
  databaseDir: string;
  port: number;
  password: string;
  /** The folder of the kept passwords of the workloads' roles: the runner makes the roles (workload-roles.ts). */
  rolesKeptIn?: string;
}): Promise<EmbeddedPostgres> {
  const args = [
    options.runner,
    options.databaseDir,
    String(options.port),
    ...(options.rolesKeptIn ? [options.rolesKeptIn] : []),
  ];
  const runner = spawn(process.execPath, args, { detached: true, stdio: ['pipe', 'pipe', 'inherit'] });
  runner.stdin.write(`${options.password}\n`);
  const exited = new Promise<void>((resolve) => runner.once('exit', () => resolve()));
  const answer = await new Promise<{ ready?: boolean; failed?: string; urls?: Record<string, string> }>((resolve) => {
    const lines = createInterface({ input: runner.stdout });
    lines.on('line', (line) => {
      try {
        resolve(JSON.parse(line));
      } catch {
        // not one of its messages
      }
    });
    runner.once('exit', (code, signal) =>
      resolve({ failed: `the embedded Postgres's runner stopped (${signal ?? `exit ${code}`}) before it was ready` }),
    );
  });
  if (!answer.ready) throw new StartError(answer.failed ?? 'the embedded Postgres did not start');
  return {
    url: `postgres://gatehouse:${options.password}@127.0.0.1:${options.port}/gatehouse`,
    workloadUrls: answer.urls,
    async stop() {
      if (runner.exitCode === null && runner.signalCode === null) runner.kill('SIGTERM');
      await exited;
    },
  };
}
