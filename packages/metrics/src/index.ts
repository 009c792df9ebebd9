import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './registry';

export { type Counter, type Gauge, type Histogram, LATENCY_BUCKETS, Metrics } from './registry';

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
