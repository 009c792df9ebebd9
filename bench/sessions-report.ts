// What `pnpm bench sessions` measures and how it prints it: the phases' figures, the summary table with
// the floor beside them, and the rest of a password login beyond its hash (./sessions.ts runs them).
import { median } from './harness';
import type { HashCost, LatencyUnderLogins } from './password-login';

export const PROCESSES = ['gateway', 'auth', 'avatar', 'postgres'] as const;
export type ProcessName = (typeof PROCESSES)[number];

/** One measured phase: operations done and CPU milliseconds per operation of each process. */
export interface PhaseRun {
  ops: number;
  failures: number;
  firstError?: string;
  perSecond: number;
  cpuMsPerOp: Record<ProcessName, number>;
  totalCpuMsPerOp: number;
}

export type Operation = 'refresh' | 'first login' | 'returning login' | 'password login';

export interface SessionsBenchResult {
  runs: Record<Operation, PhaseRun[]>;
  /** jose verify + sign, µs of CPU, per round. */
  joseUs: number[];
  /** One HTTP request to bare Koa and one grpc-js call from it: µs of CPU of both processes, per round. */
  hopUs: number[];
  /**
   * One Argon2id verify with the stack's parameters, measured alone in this process right after each
   * `password login` round (the same moment of a shared machine), one per round.
   */
  hash: HashCost[];
  /** `/auth/user` alone and while 20 password logins a second run. */
  latency: LatencyUnderLogins;
}

export function describe(run: PhaseRun): string {
  const parts = PROCESSES.map((p) => `${p} ${run.cpuMsPerOp[p].toFixed(2)}`).join(', ');
  const failed = run.failures > 0 ? `, ${run.failures} FAILED (${run.firstError})` : '';
  return `${run.perSecond.toFixed(0)}/s; CPU ms/op ${parts}; total ${run.totalCpuMsPerOp.toFixed(2)} ms = ${(1000 / run.totalCpuMsPerOp).toFixed(0)}/CPU-s${failed}`;
}

/** "median (min–max)" with `digits` decimals. */
function spread(values: number[], digits: number): string {
  const m = median(values).toFixed(digits);
  if (values.length < 2) return m;
  return `${m} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
}

/** Each round's password login beyond the hash measured right after it, in CPU ms. */
export function passwordRest({ runs, hash }: Pick<SessionsBenchResult, 'runs' | 'hash'>): number[] {
  return runs['password login'].map((r, i) => r.totalCpuMsPerOp - (hash[i]?.cpuMs ?? Number.NaN));
}

/** The summary: medians of the rounds with their range, and the floor beside them. */
export function table({ runs, joseUs, hopUs, hash }: SessionsBenchResult): string[] {
  const rows: string[][] = [
    ['operation', 'per second', ...PROCESSES.map((p) => `${p} ms`), 'CPU ms/op', 'per CPU-second', 'failed'],
  ];
  for (const [name, list] of Object.entries(runs) as [Operation, PhaseRun[]][]) {
    rows.push([
      name,
      spread(
        list.map((r) => r.perSecond),
        0,
      ),
      ...PROCESSES.map((p) =>
        spread(
          list.map((r) => r.cpuMsPerOp[p]),
          2,
        ),
      ),
      spread(
        list.map((r) => r.totalCpuMsPerOp),
        2,
      ),
      spread(
        list.map((r) => 1000 / r.totalCpuMsPerOp),
        0,
      ),
      String(list.reduce((n, r) => n + r.failures, 0)),
    ]);
  }
  const floor = (name: string, us: number[]) =>
    rows.push([
      name,
      '',
      '',
      '',
      '',
      '',
      spread(
        us.map((u) => u / 1000),
        3,
      ),
      spread(
        us.map((u) => 1e6 / u),
        0,
      ),
      '',
    ]);
  const rest = passwordRest({ runs, hash });
  const hashMs = hash.map((h) => h.cpuMs);
  rows.push(['password login: the hash alone', '', '', '', '', '', spread(hashMs, 2), '', '']);
  rows.push(['password login: the rest of the stack', '', '', '', '', '', spread(rest, 2), '', '']);
  floor('floor: jose verify + sign', joseUs);
  floor('floor: HTTP + one gRPC call', hopUs);
  floor(
    'floor: a refresh (both)',
    joseUs.map((j, i) => j + (hopUs[i] ?? Number.NaN)),
  );
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join(' | ')} |`;
  return [line(rows[0] ?? []), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)];
}
