// `pnpm bench`: every benchmark, each comparing Gatehouse with a baseline measured in the same run.
// `pnpm bench auth|avatar|payment|events|sessions|oidc|memory|import|orgs|overview` runs one of them; `--alg=ES256` (or EdDSA) runs auth
// (and sessions) with that AUTH_JWT_ALG; `--idle=<seconds>` is how long memory lets the stack idle (30).
import { runAuthBench } from './auth-user';
import { runAvatarBench } from './avatar';
import { EVENTS_TARGETS, runEventsBench } from './events';
import { IMPORT_TARGET_PER_SECOND, runImportBench } from './import';
import { MEMORY_LIMITS, memoryTable, runMemoryBench } from './memory';
import { orgsReport, runOrgsBench } from './orgs';
import { OVERVIEW_P95_TARGET_MS, runOverviewBench } from './overview';
import { runPaymentBench, TARGETS } from './payment';
import { algFlag, countFlag } from './run-flags';
import { oidcBench, sessionsBench } from './run-logins';

const BENCHES: Record<string, () => Promise<string[]>> = {
  async auth() {
    // BENCH_METRICS=1 measures with every process's metrics on (the gateway's request middleware and counters).
    const metrics = process.env.BENCH_METRICS === '1';
    console.log(`== authenticated GET /auth/user through the gateway vs bare Koa${metrics ? ', metrics on' : ''}`);
    const alg = algFlag();
    const r = await runAuthBench({ alg, metrics });
    const problems = r.gatewayErrors > 0 ? [`${r.gatewayErrors} /auth/user requests failed`] : [];
    if (r.ratio < r.budget) problems.push(`/auth/user ratio ${r.ratio.toFixed(2)} is under its budget ${r.budget}`);
    return problems;
  },
  async avatar() {
    console.log('\n== hot avatar GET and 304 through the gateway vs bare Koa giving the same answer');
    const r = await runAvatarBench({ log: (line) => console.log(line), metrics: process.env.BENCH_METRICS === '1' });
    const show = (name: string, t: (typeof r)['hotGet']) =>
      console.log(
        `${name.padEnd(22)} gateway ${t.gatewayRps.toFixed(0)} req/s, bare ${t.bareRps.toFixed(0)} req/s, ratio ${t.ratio.toFixed(2)} (budget ${r.budget}); minimal static ${t.minimalRps.toFixed(0)} req/s, ratio ${t.minimalRatio.toFixed(2)}`,
      );
    for (const [name, t] of [
      ['hot GET', r.hotGet],
      ['304', r.notModified],
    ] as const)
      if (t.gatewayErrors > 0) console.log(`! ${t.gatewayErrors} avatar ${name} answers had another status`);
    show('hot avatar GET', r.hotGet);
    show('304 Not Modified', r.notModified);
    return r.withinBudget ? [] : [`avatar ratios under their budget ${r.budget}`];
  },
  async payment() {
    console.log('\n== card loads through the gateway (development processor) vs pgbench of the same SQL');
    const r = await runPaymentBench();
    const problems = r.consistency.ok ? [] : ['ledger and balances disagree after the run'];
    if (r.throughputRatio < TARGETS.throughputRatio)
      problems.push(
        `card loads/s ratio ${r.throughputRatio.toFixed(2)} is under its target ${TARGETS.throughputRatio}`,
      );
    if (r.latencyRatio > TARGETS.latencyRatio)
      problems.push(
        `card load latency ratio ${r.latencyRatio.toFixed(2)} is over its target ${TARGETS.latencyRatio} ` +
          `(the bare HTTP and gRPC hop alone makes ${r.leastLatencyRatio.toFixed(2)} here)`,
      );
    return problems;
  },
  async events() {
    console.log('\n== card loads through the gateway without and with a webhook endpoint on load.*, and delivery lag');
    const r = await runEventsBench({ durationSec: countFlag('seconds'), rounds: countFlag('rounds') });
    const problems: string[] = [];
    if (r.failures > 0) problems.push(`${r.failures} card loads failed`);
    if (r.received !== r.expected || r.duplicates > 0)
      problems.push(`${r.received} of ${r.expected} load.succeeded delivered, ${r.duplicates} repeated or unverified`);
    if (r.ratio < EVENTS_TARGETS.ratio)
      problems.push(
        `loads/s with an endpoint ${r.ratio.toFixed(2)} of without, under its target ${EVENTS_TARGETS.ratio}`,
      );
    if (r.lagMs.p99 >= EVENTS_TARGETS.lagMs)
      problems.push(`delivery lag p99 ${r.lagMs.p99} ms, over its target ${EVENTS_TARGETS.lagMs} ms`);
    return problems;
  },
  // Each entry an `async name()`: test/docs.test.ts reads the names from here.
  async sessions() {
    return sessionsBench();
  },
  async oidc() {
    return oidcBench();
  },
  async import() {
    console.log('\n== users imported with their hashes, per second: the admin API vs the directory statement alone');
    const r = await runImportBench({ users: countFlag('users') });
    console.log(
      `import of ${r.users} users (all five hash kinds): ${r.perSecond.toFixed(0)} users/s through the admin API, ` +
        `floor ${r.floorPerSecond.toFixed(0)} users/s (the statement alone), ratio ${(r.perSecond / r.floorPerSecond).toFixed(2)}; ` +
        `target at least ${IMPORT_TARGET_PER_SECOND}/s`,
    );
    const problems: string[] = [];
    if (r.refusedOrUnchanged > 0) problems.push(`${r.refusedOrUnchanged} import lines were not imported`);
    if (r.perSecond < IMPORT_TARGET_PER_SECOND)
      problems.push(`import: ${r.perSecond.toFixed(0)} users/s, under the target ${IMPORT_TARGET_PER_SECOND}/s`);
    return problems;
  },
  async orgs() {
    console.log("\n== organisations at scale: pages of members and of a user's organisations, the refresh's lookup");
    const samples = countFlag('samples') ?? 2_000;
    const { lines, over } = orgsReport(await runOrgsBench(samples), samples);
    for (const line of lines) console.log(line);
    return over.map((name) => `orgs: ${name} p95 over its target`);
  },
  async overview() {
    console.log(
      '\n== the admin overview on 100,000 users, 1,000,000 trail events and 100,000 loads, through the stack',
    );
    const r = await runOverviewBench(countFlag('samples'));
    const line = (p: { p50: number; p95: number; max: number }) =>
      `p50 ${p.p50.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms, max ${p.max.toFixed(1)} ms over ${r.samples} calls`;
    console.log(`the two services' reads alone, in parallel: ${line(r.reads)}`);
    console.log(
      'error' in r.stack
        ? `GET /admin/v1/overview through the stack: not measured (${r.stack.error})`
        : `GET /admin/v1/overview through the stack: ${line(r.stack)}; target p95 under ${OVERVIEW_P95_TARGET_MS} ms`,
    );
    const cost = (name: string, c: { on: number; off: number }) =>
      `${name}: ${c.on.toFixed(0)} µs with the counting trigger, ${c.off.toFixed(0)} µs without (+${(c.on - c.off).toFixed(0)} µs)`;
    console.log(cost('one login event written to the trail', r.trailInsertUs));
    console.log(cost('one settled load written to the ledger', r.loadInsertUs));
    const p95 = 'error' in r.stack ? r.reads.p95 : r.stack.p95;
    return p95 > OVERVIEW_P95_TARGET_MS
      ? [`overview: p95 ${p95.toFixed(1)} ms, over ${OVERVIEW_P95_TARGET_MS} ms`]
      : [];
  },
  async memory() {
    console.log('\n== memory of the development stack (pnpm start), idle after one dev login: PSS of each process');
    const r = await runMemoryBench({ idleSeconds: countFlag('idle') });
    for (const line of memoryTable(r)) console.log(line);
    const problems: string[] = [];
    if (r.launcherMiB > MEMORY_LIMITS.launcherMiB)
      problems.push(`the launcher holds ${r.launcherMiB.toFixed(1)} MiB, over its limit ${MEMORY_LIMITS.launcherMiB}`);
    if (r.totalMiB > MEMORY_LIMITS.stackMiB)
      problems.push(`the stack holds ${r.totalMiB.toFixed(1)} MiB, over its limit ${MEMORY_LIMITS.stackMiB}`);
    return problems;
  },
};

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const names = wanted.length > 0 ? wanted : Object.keys(BENCHES);
  const problems: string[] = [];
  for (const name of names) {
    const bench = BENCHES[name];
    if (!bench) throw new Error(`unknown benchmark ${name}; known: ${Object.keys(BENCHES).join(', ')}`);
    problems.push(...(await bench()));
  }
  // Budgets are reported, not asserted: a loaded machine measures low. A broken ledger is a failure.
  for (const p of problems) console.log(`! ${p}`);
  if (problems.some((p) => p.startsWith('ledger'))) process.exit(1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
