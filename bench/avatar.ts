// Avatar benchmark: GET of a hot avatar through the real gateway against the same bytes from a bare
// Koa handler, as a ratio of throughputs (issue budget: at least 0.9), and the same for the 304 path.
// Everything runs on loopback in this process; request counts and time are bounded.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { createLogger } from '@gatehouse/logger';
import Koa from 'koa';
import { loadGatewayConfig } from '../gateway/src/config';
import { startGateway } from '../gateway/src/gateway';
import { startAvatarService } from '../services/avatar/src/service';
import { MemoryAvatarStore } from '../services/avatar/src/stores/memory';

export interface AvatarBenchOptions {
  /** Requests per measured round (default 4000). */
  requests?: number;
  /** Connections kept open to the server under test (default 16). */
  concurrency?: number;
  /** Measured rounds per side; the best round counts, which damps noise from a shared machine (default 5). */
  rounds?: number;
  log?: (line: string) => void;
}

export interface Throughput {
  gatewayRps: number;
  bareRps: number;
  /** gateway / bare. */
  ratio: number;
}

export interface AvatarBenchResult {
  hotGet: Throughput;
  notModified: Throughput;
  budget: number;
  withinBudget: boolean;
}

const BUDGET = 0.9;

async function listen(handler: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// The load generator runs in a worker thread: on its own event loop (and core), so the server under
// test is not slowed by the client that measures it, and both sides get the same client.
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { Pool } = require(workerData.undici);
(async () => {
  const { url, path, headers, expectStatus, total, concurrency } = workerData;
  const pool = new Pool(url, { connections: concurrency, pipelining: 1 });
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      next++;
      const res = await pool.request({ method: 'GET', path, headers });
      await res.body.arrayBuffer();
      if (res.statusCode !== expectStatus) throw new Error(url + path + ': ' + res.statusCode + ', not ' + expectStatus);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const rps = total / ((performance.now() - started) / 1000);
  await pool.close();
  parentPort.postMessage(rps);
})().catch((err) => { throw err; });
`;

/** Requests per second for `total` GETs of `path` over `concurrency` keep-alive connections. */
function measure(
  url: string,
  path: string,
  headers: Record<string, string>,
  expectStatus: number,
  total: number,
  concurrency: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, {
      eval: true,
      workerData: { undici: require.resolve('undici'), url, path, headers, expectStatus, total, concurrency },
    });
    worker.once('message', (rps: number) => resolve(rps));
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`load worker exited with ${code}`)));
  });
}

export async function runAvatarBench(opts: AvatarBenchOptions = {}): Promise<AvatarBenchResult> {
  const requests = opts.requests ?? 4000;
  const concurrency = opts.concurrency ?? 16;
  const rounds = opts.rounds ?? 5;
  const log = opts.log ?? (() => {});
  const quiet = createLogger({ name: 'bench', level: 'silent' });

  const store = new MemoryAvatarStore();
  const avatar = await startAvatarService(
    {
      host: '127.0.0.1',
      port: 0,
      store: 'memory://bench',
      resizeLimit: 0,
      allowPrivateHosts: [],
      fetchTimeoutMs: 1000,
      fetchAttempts: 1,
      fetchRetryDelayMs: 0,
      fetchBudgetMs: 1000,
    },
    { store, log: quiet },
  );
  const gateway = await startGateway(
    loadGatewayConfig({
      AUTH_SECRET: randomBytes(32).toString('hex'),
      GATEWAY_PORT: '0',
      METRICS_PORT: '0',
      AVATAR_GRPC_ADDR: `127.0.0.1:${avatar.port}`,
      LOG_LEVEL: 'silent',
    }),
    quiet,
  );
  const { avatarId } = await avatar.avatars.storeFromUrl('dev_user', '');
  const got = await avatar.avatars.get(avatarId);

  // The baseline: the same bytes from a bare Koa handler, with the ETag check a static server does.
  const bareApp = new Koa();
  bareApp.use((ctx) => {
    ctx.set('ETag', `"${got.etag}"`);
    ctx.set('Cache-Control', 'max-age=604800');
    if (ctx.get('If-None-Match') === `"${got.etag}"`) {
      ctx.status = 304;
      return;
    }
    ctx.type = got.contentType;
    ctx.body = got.content;
  });
  const bare = await listen(bareApp.callback());
  const path = `/avatar/${avatarId}`;
  const conditional = { 'if-none-match': `"${got.etag}"` };

  try {
    // Warm both sides (JIT, connections, the gateway's avatar cache).
    await measure(gateway.url, path, {}, 200, 500, concurrency);
    await measure(bare.url, path, {}, 200, 500, concurrency);

    const run = async (label: string, headers: Record<string, string>, status: number): Promise<Throughput> => {
      // Rounds alternate between the two sides and the best of each counts: other work on a shared
      // machine then slows both sides alike instead of one.
      let bareRps = 0;
      let gatewayRps = 0;
      for (let i = 0; i < rounds; i++) {
        bareRps = Math.max(bareRps, await measure(bare.url, path, headers, status, requests, concurrency));
        gatewayRps = Math.max(gatewayRps, await measure(gateway.url, path, headers, status, requests, concurrency));
      }
      const ratio = gatewayRps / bareRps;
      log(
        `avatar ${label}: gateway ${gatewayRps.toFixed(0)} req/s, bare Koa ${bareRps.toFixed(0)} req/s, ratio ${ratio.toFixed(2)}`,
      );
      return { gatewayRps, bareRps, ratio };
    };
    const hotGet = await run('hot GET (200)', {}, 200);
    const notModified = await run('If-None-Match (304)', conditional, 304);
    const withinBudget = hotGet.ratio >= BUDGET;
    log(
      `avatar hot GET ratio ${hotGet.ratio.toFixed(2)} (budget >= ${BUDGET}): ${withinBudget ? 'ok' : 'OVER BUDGET'}`,
    );
    return { hotGet, notModified, budget: BUDGET, withinBudget };
  } finally {
    await bare.close();
    await gateway.stop();
    await avatar.stop();
  }
}

if (require.main === module) {
  runAvatarBench({ log: (line) => console.log(line) }).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
