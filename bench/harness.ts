// What the process-separated benchmarks share: autocannon rounds against a server process, its CPU time
// per request from /proc, pinning, and forking a baseline server.
import { execFileSync, fork } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const CLOCK_TICKS = 100; // USER_HZ, 100 on every Linux this runs on

/** CPU time (user + system, ms) a process has used so far, from /proc; undefined where there is none. */
export function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** CPU time (ms) of each Postgres backend connected to `database` now, by pid, from /proc (none where there is none). */
export function postgresBackendsCpu(database: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const pid of existsSync('/proc') ? readdirSync('/proc') : []) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      // A backend's title: "postgres: [<cluster>: ]<user> <database> <client> <state>".
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.includes(` ${database} `)) continue;
      const ms = cpuMs(Number(pid));
      if (ms !== undefined) found.set(Number(pid), ms);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

export interface Measured {
  rps: number;
  /** Answers with another status than expected, plus transport errors. */
  unexpected: number;
  latencyP99: number;
  /** Server CPU microseconds per answered request: the cost, less sensitive to a noisy machine. */
  cpuUs?: number;
}

export interface Load {
  url: string;
  headers: Record<string, string>;
  durationSec: number;
  connections: number;
  /** The status every answer must have (default 200). */
  expectStatus?: number;
  /** The server process, for its CPU time. */
  serverPid?: number;
}

export async function measure(load: Load): Promise<Measured> {
  const expectStatus = load.expectStatus ?? 200;
  const cpuBefore = cpuMs(load.serverPid);
  let unexpected = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: load.url,
        headers: load.headers,
        duration: load.durationSec,
        connections: load.connections,
        pipelining: 1,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, statusCode) => {
      if (statusCode !== expectStatus) unexpected++;
    });
  });
  const cpuAfter = cpuMs(load.serverPid);
  const cpuUs =
    cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
      ? ((cpuAfter - cpuBefore) * 1000) / result.requests.total
      : undefined;
  return {
    rps: result.requests.average,
    unexpected: unexpected + result.errors,
    latencyP99: result.latency.p99,
    cpuUs,
  };
}

/**
 * The mean latency (ms) of a closed-loop autocannon run, in which each connection sends its next request
 * once the last is answered: connections × duration / answers (Little's law), as pgbench computes its
 * own average. autocannon's histogram keeps whole milliseconds, so its mean of 1.x ms latencies reads
 * up to a millisecond low, and that of a 0.2 ms one reads 0.
 */
export function closedLoopLatencyMs(
  result: { duration: number; '2xx': number; non2xx: number },
  connections: number,
): number {
  return (connections * result.duration * 1000) / Math.max(1, result['2xx'] + result.non2xx);
}

export const median = (values: number[]): number =>
  [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Pins processes (all their threads) to one core, where taskset exists and there is more than one core. */
export function pinToCore(pids: (number | undefined)[], core: number): void {
  if (os.cpus().length < 2) return;
  for (const pid of pids) {
    if (pid === undefined) continue;
    try {
      execFileSync('taskset', ['-a', '-p', '-c', String(core), String(pid)], { stdio: 'ignore' });
    } catch {
      // no taskset here: measure unpinned
    }
  }
}

export interface BaselineServer {
  url: string;
  pid: number | undefined;
  stop(): void;
}

/** Forks a baseline server (a bench/*.ts file that sends `{ port }` once it listens) in its own process. */
export async function forkBaseline(script: string, args: string[]): Promise<BaselineServer> {
  const child = fork(path.join(__dirname, script), args, { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}
