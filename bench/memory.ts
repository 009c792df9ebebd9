// `pnpm bench memory`: the development stack as a person starts it (`pnpm start`, pnpm included), idle
// after one dev login: the proportional set size (PSS, /proc/<pid>/smaps_rollup: shared pages split
// between the processes that map them) of the launcher (pnpm, its shells and scripts/start.js), of
// each service, of the embedded Postgres (its runner and every server process) and of the whole
// stack, beside issue 44's limits. Metrics are off (METRICS_PORT=0): their five ports are fixed, and
// another stack on the machine may hold them.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, ROOT } from '@gatehouse/test-kit/stack';
import { closeClient, devLogin } from './session-client';

export const MEMORY_LIMITS = { launcherMiB: 80, stackMiB: 450 };

export interface MemoryResult {
  /** PSS in MiB of each part: launcher, gateway, auth, avatar, telegram-bot, payment, postgres. */
  parts: { part: string; processes: { pid: number; command: string; mib: number }[]; mib: number }[];
  totalMiB: number;
  launcherMiB: number;
}

const MIB = 1024 * 1024;

/** The process's PSS in bytes, or 0 when it is gone. */
function pss(pid: number): number {
  try {
    const kb = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '';
  }
}

/** `pid` and every descendant, from /proc, each with its parent. */
function treeOf(pid: number): Map<number, number> {
  const children = new Map<number, number[]>();
  for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(p)]);
    } catch {
      // gone
    }
  }
  const found = new Map<number, number>([[pid, 0]]);
  for (const [p] of found) for (const child of children.get(p) ?? []) found.set(child, p);
  return found;
}

/** Which part of the stack a process is, by its command line; undefined: its parent's (an esbuild under tsx). */
function partOf(command: string): string | undefined {
  if (/postgres-runner|embedded-postgres|^postgres:/.test(command)) return 'postgres';
  const compiled = /gatehouse-start\/([a-z-]+)\/main\.js/.exec(command)?.[1];
  const source = /(gateway|services\/([a-z-]+))\/src\/main\.ts/.exec(command);
  if (compiled ?? source) return compiled ?? source?.[2] ?? 'gateway';
  return /^pnpm|scripts\/start/.test(command) ? 'launcher' : undefined;
}

/** The stack's processes by part, with their PSS now. */
function measureTree(root: number): MemoryResult {
  const parts = new Map<string, { pid: number; command: string; mib: number }[]>();
  const partOfPid = new Map<number, string>();
  for (const [pid, parent] of treeOf(root)) {
    const command = commandOf(pid);
    const part = partOf(command) ?? partOfPid.get(parent) ?? 'launcher';
    partOfPid.set(pid, part);
    parts.set(part, [...(parts.get(part) ?? []), { pid, command, mib: pss(pid) / MIB }]);
  }
  const order = ['launcher', 'gateway', 'auth', 'avatar', 'telegram-bot', 'payment', 'postgres'];
  const list = [...parts]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([part, processes]) => ({ part, processes, mib: processes.reduce((n, p) => n + p.mib, 0) }));
  return {
    parts: list,
    totalMiB: list.reduce((n, p) => n + p.mib, 0),
    launcherMiB: list.find((p) => p.part === 'launcher')?.mib ?? 0,
  };
}

/** Starts `pnpm start` in a folder of its own, logs in once, waits `idleSeconds`, measures, stops it. */
export async function runMemoryBench(opts: { idleSeconds?: number } = {}): Promise<MemoryResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gh-bench-memory-'));
  chmodSync(dataDir, 0o755); // as root, the embedded Postgres runs as another user
  const port = async () => String(await freePort());
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    GATEHOUSE_DATA_DIR: dataDir,
    METRICS_PORT: '0',
    LOG_FORMAT: 'pretty',
    GATEWAY_PORT: await port(),
    AUTH_GRPC_PORT: await port(),
    AVATAR_GRPC_PORT: await port(),
    TELEGRAM_GRPC_PORT: await port(),
    PAYMENT_GRPC_PORT: await port(),
    AUTH_DEV_PORT: await port(),
    PAYMENT_DEV_PROCESSOR_PORT: await port(),
    EMBEDDED_POSTGRES_PORT: await port(),
    ADMIN_ADDR: `127.0.0.1:${await port()}`,
  };
  const gateway = `http://127.0.0.1:${env.GATEWAY_PORT}`;
  env.AUTH_URL = gateway;
  const pnpm = spawn('pnpm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  pnpm.stdout.on('data', (c: Buffer) => {
    output += c.toString();
  });
  pnpm.stderr.on('data', (c: Buffer) => {
    output += c.toString();
  });
  try {
    const deadline = Date.now() + 180_000;
    while (!output.includes('Gatehouse is up')) {
      if (pnpm.exitCode !== null || Date.now() > deadline)
        throw new Error(`pnpm start did not come up:\n${output.split('\n').slice(-30).join('\n')}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const session = await devLogin(gateway, 'bench-memory');
    closeClient();
    console.log(`logged in as ${session.user}; idle for ${opts.idleSeconds ?? 30} s`);
    await new Promise((r) => setTimeout(r, (opts.idleSeconds ?? 30) * 1000));
    return measureTree(pnpm.pid as number);
  } finally {
    await stop(pnpm);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Ctrl-C as a terminal sends it to the launcher's group (pnpm runs its script in a group of its own). */
async function stop(pnpm: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => (pnpm.exitCode !== null ? resolve(null) : pnpm.once('exit', resolve)));
  const launcher = [...treeOf(pnpm.pid as number).keys()].find((p) => /scripts\/start\.[jt]s/.test(commandOf(p)));
  const group = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[2]);
  // Not pnpm itself: pnpm answers a signal by killing its script's group outright, Postgres left running.
  try {
    if (launcher) process.kill(-group(launcher), 'SIGINT');
  } catch {
    // already gone
  }
  const killed = setTimeout(() => {
    try {
      if (launcher) process.kill(-group(launcher), 'SIGKILL');
    } catch {
      // gone
    }
  }, 20_000);
  await exited;
  clearTimeout(killed);
}

/** A process's short name in the table. */
function label(command: string): string {
  if (command.startsWith('pnpm')) return 'pnpm';
  if (/scripts\/start\.[jt]s/.test(command))
    return command.includes('tsx') ? 'tsx scripts/start.ts' : 'scripts/start.js';
  if (command.includes('postgres-runner')) return 'runner';
  if (command.startsWith('postgres:')) return command.split(' ').slice(0, 3).join(' ');
  if (/\/bin\/postgres /.test(command)) return 'postgres';
  if (command.includes('esbuild')) return 'esbuild';
  return command.includes('tsx') ? 'node + tsx' : 'node';
}

/** The table `pnpm bench memory` prints: each part, its processes, and the limits. */
export function memoryTable(r: MemoryResult): string[] {
  const lines = ['| part | PSS MiB | processes | limit |', '| --- | --- | --- | --- |'];
  for (const part of r.parts) {
    const each = part.processes
      .filter((p) => p.mib >= 0.5)
      .map((p) => `${label(p.command)} ${p.mib.toFixed(1)}`)
      .join(', ');
    const limit = part.part === 'launcher' ? `${MEMORY_LIMITS.launcherMiB}` : '';
    lines.push(`| ${part.part} | ${part.mib.toFixed(1)} | ${each} | ${limit} |`);
  }
  lines.push(`| whole stack | ${r.totalMiB.toFixed(1)} | | ${MEMORY_LIMITS.stackMiB} |`);
  return lines;
}
