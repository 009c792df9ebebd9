// Authenticated GET /auth/user through the gateway (cookie + XSRF, token verified in-process) against
// a bare Koa app returning a small JSON body, each in its own process, measured in one run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { startStack } from '@gatehouse/test-kit/stack';
import { generateSigningJwk } from '../packages/token/src/keys';
import { type BaselineServer, forkBaseline, type Measured, measure, median, pinToCore } from './harness';

export interface AuthBenchOptions {
  /** Every process with its metrics on (their cost); off by default, as in the tests. */
  metrics?: boolean;
  durationSec?: number;
  /** Measured rounds, each running both sides back to back; the median round ratio counts. */
  rounds?: number;
  connections?: number;
  /** AUTH_JWT_ALG of the stack: ES256/EdDSA run with a fresh one-key file. */
  alg?: 'HS256' | 'ES256' | 'EdDSA';
  log?: (line: string) => void;
}

export interface AuthBenchResult {
  bareRps: number;
  gatewayRps: number;
  ratio: number;
  /** Median server CPU per request, bare and gateway, where /proc exists. */
  bareCpuUs?: number;
  gatewayCpuUs?: number;
  budget: number;
  gatewayErrors: number;
}

async function startBareKoa(body: string): Promise<BaselineServer> {
  const server = await forkBaseline('bare-koa.ts', ['0', body]);
  return { ...server, url: `${server.url}/` };
}

export async function runAuthBench(options: AuthBenchOptions = {}): Promise<AuthBenchResult> {
  const durationSec = options.durationSec ?? 4;
  const rounds = options.rounds ?? 5;
  const connections = options.connections ?? 32;
  const log = options.log ?? console.log;
  const alg = options.alg ?? 'HS256';
  // Issue 24: 0.9 of bare Koa with the default tokens; issue 16: 0.85 with ES256 (a verified-token cache).
  const budget = alg === 'HS256' ? 0.9 : 0.85;
  const keysDir = mkdtempSync(path.join(os.tmpdir(), 'gh-bench-keys-'));
  const keyEnv: Record<string, string> = {};
  if (alg !== 'HS256') {
    const file = path.join(keysDir, 'keys.json');
    writeFileSync(file, JSON.stringify({ keys: [await generateSigningJwk(alg)] }));
    Object.assign(keyEnv, { AUTH_JWT_ALG: alg, AUTH_SIGNING_KEYS_FILE: file });
  }
  log(`token algorithm        ${alg}`);
  // BENCH_CPU_PROF=<dir>: the gateway writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF;
  const stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: { LOG_LEVEL: 'warn', ...keyEnv },
    metrics: options.metrics,
    nodeArgs: profile ? { gateway: ['--cpu-prof', `--cpu-prof-dir=${profile}`] } : undefined,
  });
  let bare: BaselineServer | undefined;
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
    await measure({ url: bare.url, headers, durationSec: 5, connections });
    await measure({ url: `${stack.url}/auth/user`, headers, durationSec: 5, connections });
    let b: Measured = { rps: 0, unexpected: 0, latencyP99: 0 };
    let g: Measured = { rps: 0, unexpected: 0, latencyP99: 0 };
    let gatewayErrors = 0;
    const roundRatios: number[] = [];
    const cpu = { bare: [] as number[], gateway: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      const br = await measure({ url: bare.url, headers, durationSec, connections, serverPid: bare.pid });
      const gr = await measure({
        url: `${stack.url}/auth/user`,
        headers,
        durationSec,
        connections,
        serverPid: stack.pid('gateway'),
      });
      roundRatios.push(gr.rps / br.rps);
      gatewayErrors += gr.unexpected;
      if (br.rps > b.rps) b = br;
      if (gr.rps > g.rps) g = gr;
      if (br.cpuUs !== undefined && gr.cpuUs !== undefined) {
        cpu.bare.push(br.cpuUs);
        cpu.gateway.push(gr.cpuUs);
      }
    }
    log(`round ratios           ${roundRatios.map((r) => r.toFixed(2)).join(' ')}`);
    // Each round measures both sides back to back under the same conditions; the median round ratio is
    // the figure (best-of-each would pair numbers from different moments of a noisy machine).
    const ratio = median(roundRatios);
    log(`bare Koa JSON          ${b.rps.toFixed(0)} req/s (best round, p99 ${b.latencyP99} ms)`);
    log(
      `GET /auth/user (auth)  ${g.rps.toFixed(0)} req/s (best round, p99 ${g.latencyP99} ms, non-2xx ${gatewayErrors})`,
    );
    const bareCpuUs = cpu.bare.length > 0 ? median(cpu.bare) : undefined;
    const gatewayCpuUs = cpu.gateway.length > 0 ? median(cpu.gateway) : undefined;
    if (bareCpuUs !== undefined && gatewayCpuUs !== undefined)
      log(`server CPU per request bare ${bareCpuUs.toFixed(1)} µs, gateway ${gatewayCpuUs.toFixed(1)} µs (medians)`);
    log(`ratio (median round)   ${ratio.toFixed(2)} (budget ${budget.toFixed(2)})`);
    return { bareRps: b.rps, gatewayRps: g.rps, ratio, bareCpuUs, gatewayCpuUs, budget, gatewayErrors };
  } finally {
    bare?.stop();
    await stack.stop();
    rmSync(keysDir, { recursive: true, force: true });
  }
}
