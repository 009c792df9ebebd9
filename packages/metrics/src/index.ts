import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export type { Counter, Gauge, Histogram };

/** Latency buckets (seconds) shared by every duration histogram: 1 ms to 10 s. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One process's metrics: a Registry with Node's process metrics (event loop lag, heap, GC, handles)
 * and getters that create a metric on first use and return the same one after, so a gRPC kit, a
 * route and a composition root can each ask for the series they record without coordinating.
 */
export class Metrics {
  readonly registry = new Registry();

  constructor(readonly processName: string) {
    // The process name is a label of every series, so one Prometheus job can scrape them all.
    this.registry.setDefaultLabels({ process: processName });
    // The event-loop lag monitor wakes the loop once per `precision` ms even when the process is idle:
    // prom-client's 10 ms cost 0.27 % of a core per process here, 100 ms about 0.03 %, and a compose
    // stack of five processes must idle under 3 % of one core (scripts/compose-smoke.sh).
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 100 });
  }

  counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    const known = this.registry.getSingleMetric(name);
    if (known) return known as Counter<L>;
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
    collect?: (this: Gauge<L>) => void | Promise<void>,
  ): Gauge<L> {
    const known = this.registry.getSingleMetric(name);
    if (known) return known as Gauge<L>;
    return new Gauge({ name, help, labelNames, registers: [this.registry], ...(collect ? { collect } : {}) });
  }

  histogram<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
    buckets: number[] = LATENCY_BUCKETS,
  ): Histogram<L> {
    const known = this.registry.getSingleMetric(name);
    if (known) return known as Histogram<L>;
    return new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  private readonly readers: (() => void | Promise<void>)[] = [];

  /**
   * Runs `read` before every scrape: gauges of state owned elsewhere (pools, connections, a backlog in
   * Postgres) are read then, not kept up to date on every change. A failed read leaves the old value.
   */
  beforeScrape(read: () => void | Promise<void>): void {
    this.readers.push(read);
  }

  /** The exposition text Prometheus scrapes. */
  async text(): Promise<string> {
    await Promise.allSettled(this.readers.map(async (read) => read()));
    return this.registry.metrics();
  }
}

export interface MetricsServer {
  port: number;
  stop(): Promise<void>;
}

/**
 * Serves `GET /metrics` on its own listener, never on a public port. Port 0 turns metrics off (returns
 * undefined, opens nothing); tests that want them pick free ports themselves.
 */
export async function serveMetrics(
  metrics: Metrics,
  options: { host: string; port: number },
): Promise<MetricsServer | undefined> {
  if (options.port === 0) return undefined;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('method not allowed\n');
      return;
    }
    metrics.text().then(
      (body) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(body),
      (err: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`${String(err)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** `2xx`, `4xx`, ...: the status label of HTTP series (bounded, unlike raw codes from upstreams). */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/** Seconds since `start` (a process.hrtime.bigint() reading), for histograms. */
export function secondsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}
export * from './fast';
export * from './pools';
