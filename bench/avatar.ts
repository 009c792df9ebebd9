// Avatar benchmark: GET of a hot avatar through the gateway against a bare Koa process giving the same
// answer, as a ratio of throughputs (issue budget: at least 0.9), and the same for the 304 path. As for
// /auth/user (bench/auth-user.ts), each server is its own process, the servers share one core and the
// load generator has the other, and "the same answer" is the same bytes and headers: the ratio measures
// the gateway's work, not the load generator's parsing of a longer header block. A minimal static
// process (ETag and caching only) is measured beside them, for reference.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { startStack } from '@gatehouse/test-kit/stack';
import { type BaselineServer, forkBaseline, type Measured, measure, median, pinToCore } from './harness';

export interface AvatarBenchOptions {
  durationSec?: number;
  /** Measured rounds per path, each running every side back to back; the median round ratio counts. */
  rounds?: number;
  connections?: number;
  /** Every process with its metrics on (their cost); off by default, as in the tests. */
  metrics?: boolean;
  log?: (line: string) => void;
}

export interface Throughput {
  gatewayRps: number;
  /** Bare Koa giving the same answer: bytes and headers (best round). */
  bareRps: number;
  /** The median round's gateway / bare: the budgeted figure. */
  ratio: number;
  /** Bare Koa with only the ETag and caching headers a static server sends (best round). */
  minimalRps: number;
  /** The median round's gateway / minimal, for reference: what the security headers cost on the wire. */
  minimalRatio: number;
  /** Median server CPU per request of each side, µs, where /proc exists. */
  cpuUs?: { gateway: number; bare: number; minimal: number };
  /** Gateway answers with another status than expected. */
  gatewayErrors: number;
}

export interface AvatarBenchResult {
  hotGet: Throughput;
  notModified: Throughput;
  budget: number;
  withinBudget: boolean;
}

const BUDGET = 0.9;
type Side = 'gateway' | 'bare' | 'minimal';

export async function runAvatarBench(opts: AvatarBenchOptions = {}): Promise<AvatarBenchResult> {
  const durationSec = opts.durationSec ?? 2;
  const rounds = opts.rounds ?? 5;
  const connections = opts.connections ?? 16;
  const log = opts.log ?? (() => {});
  const stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: { LOG_LEVEL: 'warn' },
    metrics: opts.metrics,
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gh-bench-avatar-'));
  const baselines: BaselineServer[] = [];
  try {
    // A dev login stores the user's identicon, as a real first login does; its URL is in the user.
    const browser = new Browser(stack.url);
    await browser.devLogin('bench_user');
    const user = (await browser.getWithXsrf('/auth/user')).json() as { picture?: string };
    const avatarPath = new URL(user.picture ?? '', stack.url).pathname;
    const first = await fetch(`${stack.url}${avatarPath}`);
    if (first.status !== 200) throw new Error(`${avatarPath} answered ${first.status} before the run`);
    const etag = (first.headers.get('etag') ?? '').replace(/"/g, '');
    const file = path.join(dir, 'avatar');
    writeFileSync(file, Buffer.from(await first.arrayBuffer()));
    const contentType = first.headers.get('content-type') ?? 'image/png';
    const bare = await forkBaseline('bare-avatar.ts', ['same', file, etag, contentType]);
    baselines.push(bare);
    const minimal = await forkBaseline('bare-avatar.ts', ['minimal', file, etag, contentType]);
    baselines.push(minimal);
    // On a small machine the scheduler moving servers and load generator between cores is most of the
    // noise: the servers share one core, the load generator has the other (where taskset exists).
    const gatewayPid = stack.pid('gateway');
    pinToCore([gatewayPid, bare.pid, minimal.pid], 1);
    pinToCore([process.pid], 0);
    const sides: Record<Side, { url: string; pid?: number }> = {
      gateway: { url: `${stack.url}${avatarPath}`, pid: gatewayPid },
      bare: { url: `${bare.url}${avatarPath}`, pid: bare.pid },
      minimal: { url: `${minimal.url}${avatarPath}`, pid: minimal.pid },
    };

    const run = async (label: string, headers: Record<string, string>, expectStatus: number): Promise<Throughput> => {
      const load = (side: Side, seconds: number) =>
        measure({
          url: sides[side].url,
          headers,
          durationSec: seconds,
          connections,
          expectStatus,
          serverPid: sides[side].pid,
        });
      for (const side of ['gateway', 'bare', 'minimal'] as const) await load(side, 1); // JIT, caches, connections
      const best: Record<Side, number> = { gateway: 0, bare: 0, minimal: 0 };
      const cpu: Record<Side, number[]> = { gateway: [], bare: [], minimal: [] };
      const ratios: number[] = [];
      const minimalRatios: number[] = [];
      let gatewayErrors = 0;
      for (let round = 0; round < rounds; round++) {
        const got = {} as Record<Side, Measured>;
        for (const side of ['bare', 'gateway', 'minimal'] as const) {
          got[side] = await load(side, durationSec);
          best[side] = Math.max(best[side], got[side].rps);
          if (got[side].cpuUs !== undefined) cpu[side].push(got[side].cpuUs as number);
        }
        gatewayErrors += got.gateway.unexpected;
        ratios.push(got.gateway.rps / got.bare.rps);
        minimalRatios.push(got.gateway.rps / got.minimal.rps);
      }
      const cpuUs =
        cpu.gateway.length === rounds
          ? { gateway: median(cpu.gateway), bare: median(cpu.bare), minimal: median(cpu.minimal) }
          : undefined;
      const result: Throughput = {
        gatewayRps: best.gateway,
        bareRps: best.bare,
        ratio: median(ratios),
        minimalRps: best.minimal,
        minimalRatio: median(minimalRatios),
        cpuUs,
        gatewayErrors,
      };
      log(`avatar ${label}: round ratios ${ratios.map((r) => r.toFixed(2)).join(' ')}`);
      log(
        `avatar ${label}: gateway ${best.gateway.toFixed(0)} req/s, bare Koa (same answer) ${best.bare.toFixed(0)} req/s, median ratio ${result.ratio.toFixed(2)}; minimal static ${best.minimal.toFixed(0)} req/s, ratio ${result.minimalRatio.toFixed(2)}`,
      );
      if (cpuUs)
        log(
          `avatar ${label}: server CPU per request (medians) gateway ${cpuUs.gateway.toFixed(1)} µs, bare ${cpuUs.bare.toFixed(1)} µs, minimal ${cpuUs.minimal.toFixed(1)} µs`,
        );
      return result;
    };
    const hotGet = await run('hot GET (200)', {}, 200);
    const notModified = await run('If-None-Match (304)', { 'if-none-match': `"${etag}"` }, 304);
    const withinBudget = hotGet.ratio >= BUDGET && notModified.ratio >= BUDGET;
    log(
      `avatar ratios: hot GET ${hotGet.ratio.toFixed(2)}, 304 ${notModified.ratio.toFixed(2)} (budget >= ${BUDGET}): ${withinBudget ? 'ok' : 'UNDER BUDGET'}`,
    );
    return { hotGet, notModified, budget: BUDGET, withinBudget };
  } finally {
    for (const b of baselines) b.stop();
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  runAvatarBench({ log: (line) => console.log(line) }).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
