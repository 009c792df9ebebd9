// Authenticated GET /auth/user through the gateway (cookie + XSRF, token verified in-process) against
// a bare Koa app returning a small JSON body, each in its own process, measured in one run.
import { execFileSync, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Browser } from '../test/browser';
import { startStack } from '../test/stack';

export interface AuthBenchOptions {
  durationSec?: number;
  /** Measured rounds per side, alternating; the best of each counts. */
  rounds?: number;
  connections?: number;
  log?: (line: string) => void;
}

export interface AuthBenchResult {
  bareRps: number;
  gatewayRps: number;
  ratio: number;
  budget: number;
  gatewayErrors: number;
}

async function measure(url: string, headers: Record<string, string>, durationSec: number, connections: number) {
  const result = await autocannon({ url, headers, duration: durationSec, connections, pipelining: 1 });
  return { rps: result.requests.average, non2xx: result.non2xx + result.errors, latencyP99: result.latency.p99 };
}

function pinToCore(pids: (number | undefined)[], core: number): void {
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

async function startBareKoa(body: string): Promise<{ url: string; pid: number | undefined; stop: () => void }> {
  const child = fork(path.join(__dirname, 'bare-koa.ts'), ['0', body], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

export async function runAuthBench(options: AuthBenchOptions = {}): Promise<AuthBenchResult> {
  const durationSec = options.durationSec ?? 5;
  const rounds = options.rounds ?? 3;
  const connections = options.connections ?? 32;
  const log = options.log ?? console.log;
  const stack = await startStack({ services: ['auth', 'avatar', 'gateway'], env: { LOG_LEVEL: 'warn' } });
  let bare: { url: string; pid: number | undefined; stop: () => void } | undefined;
  try {
    const browser = new Browser(stack.url);
    await browser.devLogin('bench_user');
    const jwt = (await browser.cookie('JWT')) as string;
    const xsrf = await browser.xsrf();
    const headers = { cookie: `JWT=${jwt}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
    const check = await fetch(`${stack.url}/auth/user`, { headers });
    if (check.status !== 200) throw new Error(`/auth/user answered ${check.status} before the run`);
    bare = await startBareKoa(await check.text());
    // On a small machine the scheduler moving servers and load generator between cores is most of the
    // noise: give both servers the same core, and the load generator the other (where taskset exists).
    pinToCore([stack.pid('gateway'), bare.pid], 1);
    pinToCore([process.pid], 0);

    // Both get the same request (cookie and XSRF header included), so only the handling differs.
    // Warm both up (JIT, caches, connections), then alternate measured rounds.
    await measure(bare.url, headers, 5, connections);
    await measure(`${stack.url}/auth/user`, headers, 5, connections);
    let b = { rps: 0, non2xx: 0, latencyP99: 0 };
    let g = { rps: 0, non2xx: 0, latencyP99: 0 };
    const roundRatios: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const br = await measure(bare.url, headers, durationSec, connections);
      const gr = await measure(`${stack.url}/auth/user`, headers, durationSec, connections);
      roundRatios.push(gr.rps / br.rps);
      if (br.rps > b.rps) b = br;
      if (gr.rps > g.rps) g = { ...gr, non2xx: g.non2xx + gr.non2xx };
      else g.non2xx += gr.non2xx;
    }
    log(`round ratios           ${roundRatios.map((r) => r.toFixed(2)).join(' ')}`);
    // Each round measures both sides back to back under the same conditions; the median round ratio is
    // the figure (best-of-each would pair numbers from different moments of a noisy machine).
    const sorted = [...roundRatios].sort((x, y) => x - y);
    const ratio = sorted[Math.floor(sorted.length / 2)] as number;
    log(`bare Koa JSON          ${b.rps.toFixed(0)} req/s (p99 ${b.latencyP99} ms)`);
    log(`GET /auth/user (auth)  ${g.rps.toFixed(0)} req/s (p99 ${g.latencyP99} ms, non-2xx ${g.non2xx})`);
    log(`ratio (median round)   ${ratio.toFixed(2)} (budget 0.80)`);
    return { bareRps: b.rps, gatewayRps: g.rps, ratio, budget: 0.8, gatewayErrors: g.non2xx };
  } finally {
    bare?.stop();
    await stack.stop();
  }
}
