// What the manifests must say about the stack, written from the code and the issue rather than read
// from the manifests: the processes, their ports, who calls whom, which stores each one uses.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

export const WORKLOADS = ['gateway', 'auth', 'avatar', 'telegram-bot', 'payment'] as const;
export type Workload = (typeof WORKLOADS)[number];
export type GrpcService = Exclude<Workload, 'gateway'>;
export const GRPC_SERVICES = WORKLOADS.filter((w): w is GrpcService => w !== 'gateway');

export const GRPC_PORTS: Record<GrpcService, number> = {
  auth: 50051,
  avatar: 50052,
  'telegram-bot': 50053,
  payment: 50054,
};
export const GATEWAY_PORT = 8080;

/** Who may call each gRPC service (gateway.ts, auth's and telegram-bot's avatar clients). */
export const CALLERS: Record<GrpcService, Workload[]> = {
  auth: ['gateway'],
  avatar: ['gateway', 'auth', 'telegram-bot'],
  'telegram-bot': ['gateway'],
  // auth: the admin API's funds check before deleting a user (auth's grpc/payment-client.ts).
  payment: ['gateway', 'auth'],
};

/** The store ports each process must reach: Postgres 5432, Redis 6379 (Sentinel 26379 where Redis). */
export const STORE_PORTS: Record<Workload, number[]> = {
  gateway: [6379],
  auth: [5432, 6379],
  avatar: [5432],
  'telegram-bot': [6379],
  payment: [5432],
};

/** The processes that make or verify session tokens: the only ones AUTH_SECRET may reach. */
export const SIGNERS: Workload[] = ['gateway', 'auth'];
export const AUTOSCALED: Workload[] = ['gateway', 'auth', 'payment'];
/** Migration Jobs: the services with a Postgres schema of their own (services/<s>/migrations). */
export const MIGRATED: Workload[] = ['auth', 'payment'];

/** grpc-kit's shutdown grace (server.ts, `shutdown(graceMs = 5000)`): calls under way answer within it. */
export const SERVICE_SHUTDOWN_GRACE_S = 5;

const CONFIG_FILES: Record<Workload, string> = {
  gateway: 'gateway/src/config.ts',
  auth: 'services/auth/src/config.ts',
  avatar: 'services/avatar/src/config.ts',
  'telegram-bot': 'services/telegram-bot/src/config.ts',
  payment: 'services/payment/src/config.ts',
};

/** Each process's METRICS_PORT default, read from its config module (9460-9464). */
export function metricsPort(w: Workload): number {
  const source = readFileSync(path.join(ROOT, CONFIG_FILES[w]), 'utf8');
  const m = /METRICS_PORT: port\((\d+)\)/.exec(source);
  if (!m) throw new Error(`${CONFIG_FILES[w]}: no METRICS_PORT default found`);
  return Number(m[1]);
}
