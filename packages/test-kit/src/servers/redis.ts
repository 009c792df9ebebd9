import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../stack';
import { until } from '../until';

/** Why a test that needs its own redis-server cannot run here, or undefined when it can. */
/** Debian's redis-server is built with TLS, so a TLS test needs nothing more than the binary. */
export function redisMissing(options: { sentinel?: boolean } = {}): string | undefined {
  if (!onPath('redis-server')) return 'redis-server is not installed (apt-get install redis-server)';
  if (options.sentinel && !onPath('redis-sentinel'))
    return 'redis-sentinel is not installed (apt-get install redis-sentinel)';
  return undefined;
}

function onPath(cmd: string): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => existsSync(path.join(dir, cmd)));
}

export interface OwnRedis {
  port: number;
  stop(): Promise<void>;
  kill(): void;
}

export interface RedisTls {
  certFile: string;
  keyFile: string;
  caFile: string;
  /** Ask clients for a certificate signed by the CA (mutual TLS). */
  authClients?: boolean;
}

/** Compose's Redis entrypoint: redis-server with the users of deploy/redis/users.acl. */
const ACL_ENTRYPOINT = path.resolve(__dirname, '..', '..', '..', '..', 'deploy', 'redis', 'entrypoint.sh');

/**
 * A redis-server of the test's own on a free loopback port: plain, or TLS only (`--port 0`). With
 * `acl` (the passwords, by variable name) it is started as compose starts it, through
 * deploy/redis/entrypoint.sh with the users of deploy/redis/users.acl.
 */
export async function startRedis(
  options: { tls?: RedisTls; args?: string[]; port?: number; acl?: Record<string, string> } = {},
): Promise<OwnRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gh-redis-'));
  const port = options.port ?? (await freePort());
  // No diskless-sync delay: a replica reattached after a failover syncs at once.
  const args = [
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
    '--repl-diskless-sync-delay',
    '0',
  ];
  if (options.tls) {
    args.push('--port', '0', '--tls-port', String(port), '--tls-cert-file', options.tls.certFile);
    args.push('--tls-key-file', options.tls.keyFile, '--tls-ca-cert-file', options.tls.caFile);
    args.push('--tls-auth-clients', options.tls.authClients ? 'yes' : 'no');
  } else {
    args.push('--port', String(port));
  }
  args.push(...(options.args ?? []));
  const child = options.acl
    ? spawn('sh', [ACL_ENTRYPOINT, ...args], {
        stdio: 'ignore',
        env: { ...process.env, ...options.acl, GATEHOUSE_REDIS_RUN_DIR: path.join(dir, 'acl') },
      })
    : spawn('redis-server', args, { stdio: 'ignore' });
  await waitForPort(port, child);
  return own(port, child, dir);
}

/**
 * redis-sentinel (redis-server --sentinel) on a free port, watching `master` as `name` with quorum 2,
 * logging in to it with `masterAuth` (a password, or an ACL user and its password).
 */
export async function startSentinel(
  name: string,
  masterPort: number,
  masterAuth?: { user?: string; password: string },
): Promise<OwnRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gh-sentinel-'));
  const port = await freePort();
  const conf = path.join(dir, 'sentinel.conf');
  writeFileSync(
    conf,
    [
      `port ${port}`,
      'bind 127.0.0.1',
      `dir ${dir}`,
      `sentinel monitor ${name} 127.0.0.1 ${masterPort} 2`,
      `sentinel down-after-milliseconds ${name} 2000`,
      `sentinel failover-timeout ${name} 10000`,
      `sentinel parallel-syncs ${name} 1`,
      ...(masterAuth?.user ? [`sentinel auth-user ${name} ${masterAuth.user}`] : []),
      ...(masterAuth ? [`sentinel auth-pass ${name} ${masterAuth.password}`] : []),
      '',
    ].join('\n'),
  );
  const child = spawn('redis-sentinel', [conf], { stdio: 'ignore' });
  await waitForPort(port, child);
  return own(port, child, dir);
}

function own(port: number, child: ChildProcess, dir: string): OwnRedis {
  return {
    port,
    kill: () => child.kill('SIGKILL'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const net = await import('node:net');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not listen on ${port}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface SentinelSet {
  master: OwnRedis;
  replica: OwnRedis;
  sentinels: OwnRedis[];
  /** REDIS_SENTINELS for these sentinels. */
  addresses: string;
  /** SENTINEL FAILOVER, resolved once the sentinels name the replica as the master. */
  failover(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * One master and one replica and three sentinels watching them as `name`, resolved once every sentinel
 * knows the replica in sync and the other sentinels. `auth`: one password for everything
 * (`requirepass`), or compose's users (deploy/redis/users.acl; `acl` holds their passwords by variable
 * name) with the optional `replica` and `sentinel` users the servers and sentinels log in as.
 */
export async function startSentinelSet(
  name: string,
  auth: string | { acl: Record<string, string> },
): Promise<SentinelSet> {
  const { Redis } = await import('ioredis');
  const acl = typeof auth === 'string' ? undefined : auth.acl;
  const args = acl
    ? ['--masteruser', 'replica', '--masterauth', acl.REPLICA_REDIS_PASSWORD ?? '']
    : ['--requirepass', auth as string, '--masterauth', auth as string];
  const master = await startRedis({ args, acl });
  const replica = await startRedis({ args: [...args, '--replicaof', '127.0.0.1', String(master.port)], acl });
  const sentinels: OwnRedis[] = [];
  const masterAuth = acl
    ? { user: 'sentinel', password: acl.SENTINEL_REDIS_PASSWORD ?? '' }
    : { password: auth as string };
  for (let i = 0; i < 3; i++) sentinels.push(await startSentinel(name, master.port, masterAuth));
  const ask = async <T>(port: number, ...args: string[]): Promise<T> => {
    const c = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
    c.on('error', () => {});
    try {
      await c.connect();
      return (await c.call(args[0]!, ...args.slice(1))) as T;
    } finally {
      c.disconnect();
    }
  };
  await until(
    async () => {
      for (const s of sentinels) {
        const replicas = await ask<string[][]>(s.port, 'SENTINEL', 'REPLICAS', name);
        const r = replicas[0] ?? [];
        if (r[r.indexOf('flags') + 1] !== 'slave' || r[r.indexOf('master-link-status') + 1] !== 'ok') return false;
        if ((await ask<unknown[]>(s.port, 'SENTINEL', 'SENTINELS', name)).length < 2) return false;
      }
      return true;
    },
    { ms: 30_000, everyMs: 200, ignoreErrors: true },
  );
  return {
    master,
    replica,
    sentinels,
    addresses: sentinels.map((s) => `127.0.0.1:${s.port}`).join(','),
    async failover() {
      await ask(sentinels[0]!.port, 'SENTINEL', 'FAILOVER', name);
      await until(
        async () => {
          const [, port] = await ask<string[]>(sentinels[0]!.port, 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name);
          return Number(port) === replica.port;
        },
        { ms: 15_000, everyMs: 200, ignoreErrors: true },
      );
    },
    async stop() {
      for (const s of [...sentinels, replica, master]) await s.stop();
    },
  };
}
