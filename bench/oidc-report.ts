// What `pnpm bench oidc` measures and how it prints it: its phases, the target, and the summary table with
// the floors beside the figures (./oidc.ts runs them).
import { median } from './harness';

/** Refresh grants: at least 500 per CPU-second of the whole stack (Keycloak's sizing guide: 120). */
export const OIDC_TARGETS = { refreshPerCpuSecond: 500 };

export const PROCESSES = ['gateway', 'auth', 'avatar', 'postgres'] as const;

export interface OidcPhase {
  ops: number;
  failures: number;
  firstError?: string;
  perSecond: number;
  cpuMsPerOp: number;
}

export interface OidcBenchResult {
  refresh: OidcPhase[];
  codeFlow: OidcPhase[];
  /** One HTTP request + one gRPC call between bare processes, µs of CPU, per round. */
  hopUs: number[];
  /** One ES256 signature with jose, µs of CPU. */
  signUs: number;
  /** A refresh grant through oidc-provider alone (in process, in memory: ./oidc-library.ts), µs of CPU, per round. */
  libraryUs: number[];
}

/** The summary: medians of the rounds with their range, the floor beside them. */
export function oidcTable(r: OidcBenchResult): string[] {
  const spread = (v: number[], d: number) =>
    v.length < 2
      ? median(v).toFixed(d)
      : `${median(v).toFixed(d)} (${Math.min(...v).toFixed(d)}–${Math.max(...v).toFixed(d)})`;
  const row = (name: string, ms: number[], perSecond: number[]) =>
    `| ${name} | ${spread(perSecond, 0)} | ${spread(ms, 2)} | ${spread(
      ms.map((m) => 1000 / m),
      0,
    )} |`;
  const floors = r.hopUs.map((h) => (h + r.signUs) / 1000);
  return [
    '| operation | per second | CPU ms/op (whole stack) | per CPU-second |',
    '| --- | --- | --- | --- |',
    // A phase left out (BENCH_OIDC_PHASES) has no row.
    ...(r.refresh.length
      ? [
          row(
            'refresh-token grant',
            r.refresh.map((p) => p.cpuMsPerOp),
            r.refresh.map((p) => p.perSecond),
          ),
        ]
      : []),
    ...(r.codeFlow.length
      ? [
          row(
            'code flow round (authorize, token, userinfo)',
            r.codeFlow.map((p) => p.cpuMsPerOp),
            r.codeFlow.map((p) => p.perSecond),
          ),
        ]
      : []),
    `| floor: HTTP + gRPC hop + ES256 sign | | ${spread(floors, 3)} | ${spread(
      floors.map((f) => 1000 / f),
      0,
    )} |`,
    ...(r.libraryUs.length
      ? [
          `| oidc-provider alone: a refresh grant in process, in memory | | ${spread(
            r.libraryUs.map((u) => u / 1000),
            3,
          )} | ${spread(
            r.libraryUs.map((u) => 1e6 / u),
            0,
          )} |`,
        ]
      : []),
    `(processes: ${PROCESSES.join(', ')}; target: ${OIDC_TARGETS.refreshPerCpuSecond} refresh grants per CPU-second)`,
  ];
}
