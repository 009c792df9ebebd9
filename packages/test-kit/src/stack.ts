// Starts Gatehouse processes on loopback for integration tests: each service as its own Node process
// (through its real main.ts and config), on free ports, and stops them afterwards.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The module only, not the kit's index (grpc-js and all): every stack test loads this file.
import { ensureWorkloadKeys } from '@gatehouse/grpc-kit/src/internal-auth';
import { freePort } from './ports';
import type { ServiceName, Stack, StackPorts } from './stack-types';
import { migrateTrail } from './trail';
import { waitForGrpcHealth, waitForHttp } from './waits';

// Split for size; tests import all of it from here.
export { freePort } from './ports';
export type { ServiceName, Stack, StackPorts } from './stack-types';
export { waitForGrpcHealth } from './waits';

/** The checkout's root (this package is packages/test-kit/src). */
export const ROOT = path.resolve(__dirname, '../../..');

const ENTRY: Record<ServiceName, string> = {
  auth: 'services/auth/src/main.ts',
  avatar: 'services/avatar/src/main.ts',
  'telegram-bot': 'services/telegram-bot/src/main.ts',
  payment: 'services/payment/src/main.ts',
  gateway: 'gateway/src/main.ts',
};

export interface StackOptions {
  services: ServiceName[];
  /** Extra environment for every process (AUTH_ADMIN_PASSWD, AUTH_TOKEN_DURATION, ...). */
  env?: Record<string, string> | ((ports: StackPorts) => Record<string, string>);
  /** Environment for one process only, over `env` (e.g. the gateway's own AUTH_SIGNING_KEYS_FILE). */
  serviceEnv?: Partial<Record<ServiceName, Record<string, string>>>;
  /**
   * The auth service's DATABASE_URL (a createTestDatabase() database): passkeys are on only with it, so
   * other stacks keep their provider lists, whatever DATABASE_URL the other processes get.
   */
  authDatabaseUrl?: string;
  /**
   * Serve each process's /metrics on a free port of its own (Stack.metricsPorts). Off by default
   * (METRICS_PORT=0), so parallel tests never meet on the fixed 9460-9464.
   */
  metrics?: boolean;
  /** Extra node arguments for one process (benchmarks: `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: Partial<Record<ServiceName, string[]>>;
}

/**
 * Starts the named processes with a fresh secret, data directory and ports; gateway last. A start that
 * fails because a port was taken after freePort checked it (by a process outside this test run) is
 * tried once more on other ports; any other failure is the test's.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  try {
    return await startStackOnce(options);
  } catch (err) {
    if (!/EADDRINUSE/.test((err as Error).message)) throw err;
    return startStackOnce(options);
  }
}

async function startStackOnce(options: StackOptions): Promise<Stack> {
  const ports: StackPorts = {
    gateway: await freePort(),
    auth: await freePort(),
    avatar: await freePort(),
    telegram: await freePort(),
    payment: await freePort(),
    dev: await freePort(),
    admin: await freePort(),
  };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-test-'));
  // One key folder per workload, as deployed: each process is given only its own (INTERNAL_KEYS_DIR
  // below); the stack's env names the operator's, for tests that call the services themselves.
  const keysRoot = path.join(dataDir, 'internal-keys');
  await ensureWorkloadKeys(keysRoot);
  const internalKeys = path.join(keysRoot, 'operator');
  const url = `http://127.0.0.1:${ports.gateway}`;
  const env: Record<string, string> = {
    AUTH_SECRET: randomBytes(32).toString('hex'),
    AUTH_URL: url,
    AUTH_DEV_PROVIDER: 'true',
    AUTH_DEV_PORT: String(ports.dev),
    GATEWAY_PORT: String(ports.gateway),
    ADMIN_ADDR: `127.0.0.1:${ports.admin}`,
    AUTH_GRPC_PORT: String(ports.auth),
    AVATAR_GRPC_PORT: String(ports.avatar),
    TELEGRAM_GRPC_PORT: String(ports.telegram),
    PAYMENT_GRPC_PORT: String(ports.payment),
    AUTH_GRPC_ADDR: `127.0.0.1:${ports.auth}`,
    AVATAR_GRPC_ADDR: `127.0.0.1:${ports.avatar}`,
    TELEGRAM_GRPC_ADDR: `127.0.0.1:${ports.telegram}`,
    PAYMENT_GRPC_ADDR: `127.0.0.1:${ports.payment}`,
    AUTH_AVATAR_STORE: path.join(dataDir, 'avatars'),
    // Through a transaction-mode pooler when the run names one (test/pgbouncer.test.ts, docs/development.md "Testing").
    DATABASE_URL: process.env.TEST_DATABASE_POOLER_URL ?? process.env.TEST_DATABASE_URL ?? '',
    ...(process.env.TEST_DATABASE_POOLER_URL ? { DATABASE_TRANSACTION_POOLING: 'true' } : {}),
    REDIS_URL: process.env.TEST_REDIS_URL ?? '',
    // Each stack its own keys: counters (the gateway's basic-auth attempts among them), tokens and
    // revocations of one test never meet another's, nor those of a run in another checkout.
    REDIS_KEY_PREFIX: `gh-test:${randomBytes(6).toString('hex')}:`,
    LOG_LEVEL: 'warn',
    INTERNAL_KEYS_DIR: internalKeys,
    METRICS_PORT: '0',
    ...(typeof options.env === 'function' ? options.env(ports) : options.env),
  };
  let metricsPorts: Record<ServiceName, number> | undefined;
  if (options.metrics) {
    metricsPorts = {
      auth: await freePort(),
      avatar: await freePort(),
      'telegram-bot': await freePort(),
      payment: await freePort(),
      gateway: await freePort(),
    };
  }
  const children = new Map<ServiceName, ChildProcess>();
  const outputs = new Map<ServiceName, string>();
  const grpcPort: Record<Exclude<ServiceName, 'gateway'>, number> = {
    auth: ports.auth,
    avatar: ports.avatar,
    'telegram-bot': ports.telegram,
    payment: ports.payment,
  };
  const extras: ChildProcess[] = [];
  const spawnService = (name: ServiceName, extraEnv: Record<string, string>, collect: (chunk: Buffer) => void) => {
    const nodeArgs = options.nodeArgs?.[name] ?? [];
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, ENTRY[name])], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...env,
        ...(name === 'auth' ? { DATABASE_URL: options.authDatabaseUrl ?? '' } : {}),
        ...(env.INTERNAL_KEYS_DIR === internalKeys ? { INTERNAL_KEYS_DIR: path.join(keysRoot, name) } : {}),
        ...options.serviceEnv?.[name],
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    return child;
  };
  const launch = (name: ServiceName) => {
    outputs.set(name, '');
    const collect = (chunk: Buffer) => outputs.set(name, (outputs.get(name) ?? '') + chunk.toString());
    const own: Record<string, string> = metricsPorts ? { METRICS_PORT: String(metricsPorts[name]) } : {};
    children.set(name, spawnService(name, own, collect));
  };
  const terminate = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  const stop = async () => {
    await Promise.all([...children.values(), ...extras].map(terminate));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const addGateway = async ({
    metricsPort,
    env: extraEnv,
  }: {
    metricsPort?: number;
    env?: Record<string, string>;
  } = {}) => {
    const port = await freePort();
    const adminPort = await freePort();
    let output = '';
    const own = {
      ADMIN_ADDR: `127.0.0.1:${adminPort}`,
      ...extraEnv,
      GATEWAY_PORT: String(port),
      ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}),
    };
    const child = spawnService('gateway', own, (chunk) => {
      output += chunk.toString();
    });
    extras.push(child);
    const extraUrl = `http://127.0.0.1:${port}`;
    try {
      await waitForHttp(`${extraUrl}/auth/status`);
    } catch (err) {
      await terminate(child);
      throw new Error(`${(err as Error).message}\n${output}`);
    }
    return {
      url: extraUrl,
      adminUrl: `http://127.0.0.1:${adminPort}`,
      output: () => output,
      stop: () => terminate(child),
    };
  };
  const addReplica = async (name: 'auth' | 'payment', { env: extraEnv }: { env?: Record<string, string> } = {}) => {
    const port = await freePort();
    let output = '';
    const own =
      name === 'auth'
        ? { AUTH_DEV_PORT: String(await freePort()), ...extraEnv, AUTH_GRPC_PORT: String(port) }
        : { ...extraEnv, PAYMENT_GRPC_PORT: String(port) };
    const child = spawnService(name, own, (chunk) => {
      output += chunk.toString();
    });
    extras.push(child);
    const address = `127.0.0.1:${port}`;
    try {
      await waitForGrpcHealth(address);
    } catch (err) {
      await terminate(child);
      throw new Error(`${(err as Error).message}\n${output}`);
    }
    return { address, output: () => output, stop: () => terminate(child) };
  };
  try {
    const backends = options.services.filter((s): s is Exclude<ServiceName, 'gateway'> => s !== 'gateway');
    // Payment writes into the audit trail and waits for auth's migrations to make it, as deployed;
    // here auth often has no database (authDatabaseUrl), so they are run first on payment's.
    const ledgerUrl = options.services.includes('payment') && { ...env, ...options.serviceEnv?.payment }.DATABASE_URL;
    if (ledgerUrl) await migrateTrail(ledgerUrl, env.DATABASE_TRANSACTION_POOLING === 'true');
    for (const name of backends) launch(name);
    await Promise.all(backends.map((name) => waitForGrpcHealth(`127.0.0.1:${grpcPort[name]}`)));
    if (options.services.includes('gateway')) {
      launch('gateway');
      await waitForHttp(`${url}/auth/status`);
    }
  } catch (err) {
    const logs = [...outputs.entries()].map(([n, o]) => `--- ${n}\n${o}`).join('\n');
    await stop();
    throw new Error(`${(err as Error).message}\n${logs}`);
  }
  const kill = (name: ServiceName, signal: NodeJS.Signals = 'SIGKILL') =>
    new Promise<void>((resolve) => {
      const child = children.get(name);
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  const restart = async (name: ServiceName) => {
    const before = outputs.get(name) ?? '';
    launch(name);
    outputs.set(name, before + (outputs.get(name) ?? ''));
    if (name === 'gateway') await waitForHttp(`${url}/auth/status`);
    else await waitForGrpcHealth(`127.0.0.1:${grpcPort[name]}`);
  };
  return {
    ports,
    metricsPorts,
    url,
    env,
    dataDir,
    output: (name) => outputs.get(name) ?? '',
    waitForOutput: async (name, done, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      while (!done(outputs.get(name) ?? '') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      return outputs.get(name) ?? '';
    },
    pid: (name) => children.get(name)?.pid,
    kill,
    restart,
    addGateway,
    addReplica,
    stop,
  };
}
