// `pnpm start` run by a test as package.json's `start` script runs it (node and its flags, then
// scripts/start.js), in a process group of its own so the test can send a Ctrl-C to all of it as a
// terminal does; and what the test reads of its processes from /proc (Linux).
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, ROOT } from '@gatehouse/test-kit/stack';

export interface Run {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** The environment it was started with (ports included). */
  env: Record<string, string>;
}

/** The `start` script's arguments after `node`: what `pnpm start` runs. */
function startArgs(): string[] {
  const script = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  const [node, ...args] = script.split(/\s+/);
  if (node !== 'node') throw new Error(`the start script does not run node: ${script}`);
  return args;
}

/** `pnpm start` with its data folder in `dataDir` and every port it listens on free (or as given). */
export async function start(dataDir: string, env: Record<string, string> = {}): Promise<Run> {
  const ports: Record<string, string> = {};
  for (const name of [
    'GATEWAY_PORT',
    'AUTH_GRPC_PORT',
    'AVATAR_GRPC_PORT',
    'TELEGRAM_GRPC_PORT',
    'PAYMENT_GRPC_PORT',
    'AUTH_DEV_PORT',
    'PAYMENT_DEV_PROCESSOR_PORT',
    'EMBEDDED_POSTGRES_PORT',
  ])
    ports[name] = String(await freePort());
  const grpc = (name: string) => `127.0.0.1:${env[name] ?? ports[name]}`;
  const given: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    GATEHOUSE_DATA_DIR: dataDir,
    METRICS_PORT: '0',
    LOG_FORMAT: 'pretty',
    AUTH_GRPC_ADDR: grpc('AUTH_GRPC_PORT'),
    AVATAR_GRPC_ADDR: grpc('AVATAR_GRPC_PORT'),
    TELEGRAM_GRPC_ADDR: grpc('TELEGRAM_GRPC_PORT'),
    PAYMENT_GRPC_ADDR: grpc('PAYMENT_GRPC_PORT'),
    ADMIN_ADDR: `127.0.0.1:${await freePort()}`,
    // Where the login callbacks land: this start's gateway.
    AUTH_URL: `http://127.0.0.1:${env.GATEWAY_PORT ?? ports.GATEWAY_PORT}`,
    ...ports,
    ...env,
  };
  const child = spawn(process.execPath, startArgs(), {
    cwd: ROOT,
    // A process group of its own, so the test can send a Ctrl-C to all of it as a terminal does.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: given,
  });
  let text = '';
  child.stdout?.on('data', (c: Buffer) => {
    text += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    text += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited, env: given };
}

/** Every descendant of `pid`, from /proc (Linux). */
export function childrenOf(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      parents.set(Number(p), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [p, pp] of parents) {
      if (pp !== parent) continue;
      found.push(p);
      walk(p);
    }
  };
  walk(pid);
  return found;
}

export const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
};

/** The workload a process of the stack runs (its compiled main.js, or its main.ts), if it is one. */
export function workloadOf(pid: number): string | undefined {
  const command = commandOf(pid);
  const compiled = /gatehouse-start\/([a-z-]+)\/main\.js/.exec(command);
  const source = /(gateway|services\/([a-z-]+))\/src\/main\.ts/.exec(command);
  return compiled?.[1] ?? (source ? (source[2] ?? 'gateway') : undefined);
}

export function environOf(pid: number): Record<string, string> {
  const pairs = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  return Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
}

/** The lines start.ts itself wrote. */
export const startLines = (output: string) => output.split('\n').filter((l) => l.startsWith('[start       ]'));
