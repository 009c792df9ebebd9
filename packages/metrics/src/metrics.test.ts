import http from 'node:http';
import { FastHistogram, Metrics, serveMetrics, statusClass, watchPgPool } from './index';

test('METRICS_PORT=0 opens no listener at all', async () => {
  const createServer = jest.spyOn(http, 'createServer');
  try {
    expect(await serveMetrics(new Metrics('test'), { host: '127.0.0.1', port: 0 })).toBeUndefined();
    expect(createServer).not.toHaveBeenCalled();
  } finally {
    createServer.mockRestore();
  }
});

test('a metric asked for twice is the same metric, so independent parts can share series', () => {
  const metrics = new Metrics('test');
  const a = metrics.counter('gatehouse_test_total', 'test', ['kind']);
  const b = metrics.counter('gatehouse_test_total', 'test', ['kind']);
  expect(a).toBe(b);
});

test('GET /metrics answers the exposition text, with the process label and state read at scrape time', async () => {
  const metrics = new Metrics('tester');
  metrics.counter('gatehouse_test_total', 'test', ['kind']).inc({ kind: 'a' }, 2);
  const pool = { totalCount: 3, idleCount: 1, waitingCount: 0 };
  watchPgPool(metrics, 'main', pool);
  // A failing reader leaves the scrape working.
  metrics.beforeScrape(async () => {
    throw new Error('backlog query failed');
  });
  // The listener wants a real port: ask the OS for one through a throwaway server.
  const port = await new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address() as { port: number };
      probe.close(() => resolve(p));
    });
  });
  const server = await serveMetrics(metrics, { host: '127.0.0.1', port });
  try {
    pool.totalCount = 4;
    const res = await fetch(`http://127.0.0.1:${server?.port}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('gatehouse_test_total{kind="a",process="tester"} 2');
    expect(text).toContain('gatehouse_pg_pool_connections{pool="main",state="total",process="tester"} 4');
    expect(text).toContain('nodejs_eventloop_lag_seconds{process="tester"}');
    expect((await fetch(`http://127.0.0.1:${server?.port}/`)).status).toBe(404);
  } finally {
    await server?.stop();
  }
});

test('status classes', () => {
  expect([200, 304, 404, 503].map(statusClass)).toEqual(['2xx', '3xx', '4xx', '5xx']);
});

test('FastHistogram exposes the same histogram and counter series prom-client would', async () => {
  const metrics = new Metrics('fast');
  const h = new FastHistogram(metrics, {
    name: 'gatehouse_t_seconds',
    help: 'latency',
    labelNames: ['route'],
    buckets: [0.1, 1],
    counter: { name: 'gatehouse_t_total', help: 'count' },
  });
  h.observe({ route: '/a' }, 0.05);
  h.observe({ route: '/a' }, 0.5);
  h.observe({ route: '/a' }, 5);
  h.observe({ route: '/b' }, 0.1);
  const text = await metrics.text();
  for (const line of [
    '# TYPE gatehouse_t_seconds histogram',
    'gatehouse_t_seconds_bucket{route="/a",le="0.1",process="fast"} 1',
    'gatehouse_t_seconds_bucket{route="/a",le="1",process="fast"} 2',
    'gatehouse_t_seconds_bucket{route="/a",le="+Inf",process="fast"} 3',
    'gatehouse_t_seconds_sum{route="/a",process="fast"} 5.55',
    'gatehouse_t_seconds_count{route="/a",process="fast"} 3',
    'gatehouse_t_seconds_bucket{route="/b",le="0.1",process="fast"} 1',
    '# TYPE gatehouse_t_total counter',
    'gatehouse_t_total{route="/a",process="fast"} 3',
    'gatehouse_t_total{route="/b",process="fast"} 1',
  ])
    expect(text).toContain(line);
});
