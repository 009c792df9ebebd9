// `pnpm bench sessions` and `pnpm bench oidc` (bench/run.ts): each runs its benchmark and names the targets
// it missed, beside the floor measured in the same run.
import { median } from './harness';
import { OIDC_TARGETS, runOidcBench } from './oidc';
import { LATENCY_UNDER_LOGINS_TARGET } from './password-login';
import { algFlag, countFlag, flag } from './run-flags';
import { type Operation, PASSWORD_REST_TARGET_MS, passwordRest, runSessionsBench, SESSION_TARGETS } from './sessions';

/** The floor of a refresh measured in the same run, for reading a target missed: a busy host raises both. */
function floorWords(joseUs: number[], hopUs: number[]): string {
  const floors = joseUs.map((j, i) => (j + (hopUs[i] ?? Number.NaN)) / 1000);
  return `the floor of a refresh in this run ${Math.min(...floors).toFixed(2)}–${Math.max(...floors).toFixed(2)} ms`;
}

/** Logins and refreshes: CPU of the whole stack per operation; the problems to report. */
export async function sessionsBench(): Promise<string[]> {
  console.log('\n== logins and refreshes: CPU of the whole stack per operation, beside the floor');
  const provider = flag('provider') ?? 'dev';
  if (provider !== 'dev') throw new Error(`--provider=${provider}: only the dev provider's flow is driven here`);
  const r = await runSessionsBench({
    alg: algFlag(),
    sessions: countFlag('sessions'),
    rounds: countFlag('rounds'),
    concurrency: countFlag('concurrency'),
    pin: process.argv.includes('--pin'),
  });
  const problems: string[] = [];
  for (const [operation, runs] of Object.entries(r.runs) as [Operation, (typeof r.runs)['refresh']][]) {
    const failed = runs.reduce((n, run) => n + run.failures, 0);
    if (failed > 0) problems.push(`${failed} ${operation}s failed`);
    const target = SESSION_TARGETS[operation];
    const worst = Math.max(...runs.map((run) => run.totalCpuMsPerOp));
    if (target !== undefined && worst > target)
      problems.push(
        `${operation}: up to ${worst.toFixed(2)} ms of CPU, over its target ${target} ms ` +
          `(median ${median(runs.map((run) => run.totalCpuMsPerOp)).toFixed(2)} ms; ${floorWords(r.joseUs, r.hopUs)})`,
      );
  }
  // A password login: the hash plus at most 2 ms of the rest of the stack's CPU (issue 46).
  const rest = median(passwordRest(r));
  const hash = median(r.hash.map((h) => h.cpuMs));
  if (rest > PASSWORD_REST_TARGET_MS)
    problems.push(
      `password login: ${rest.toFixed(2)} ms of CPU beyond its hash (${hash.toFixed(2)} ms, ${r.hash[0]?.parameters}), over its target ${PASSWORD_REST_TARGET_MS} ms`,
    );
  const slower = r.latency.underLoginsMs / r.latency.aloneMs;
  if (slower > LATENCY_UNDER_LOGINS_TARGET || r.latency.loginFailures > 0)
    problems.push(
      `/auth/user under password logins: ${slower.toFixed(2)}x its latency alone (target ${LATENCY_UNDER_LOGINS_TARGET}x), ${r.latency.loginFailures} logins failed`,
    );
  return problems;
}

/** The OpenID provider's refresh grants and code flows; the problems to report. */
export async function oidcBench(): Promise<string[]> {
  console.log(
    '\n== the OpenID provider: refresh-token grants and code flows, CPU of the whole stack, beside the floor',
  );
  const r = await runOidcBench({ rounds: countFlag('rounds'), chains: countFlag('concurrency') });
  const problems: string[] = [];
  for (const [name, runs] of [
    ['refresh grants', r.refresh],
    ['code flows', r.codeFlow],
  ] as const) {
    const failed = runs.reduce((n, p) => n + p.failures, 0);
    if (failed > 0) problems.push(`${failed} ${name} failed`);
  }
  const perCpuSecond = 1000 / median(r.refresh.map((p) => p.cpuMsPerOp));
  if (r.refresh.length > 0 && perCpuSecond < OIDC_TARGETS.refreshPerCpuSecond)
    problems.push(
      `refresh grants: ${perCpuSecond.toFixed(0)} per CPU-second, under the target ${OIDC_TARGETS.refreshPerCpuSecond}`,
    );
  return problems;
}
