import { Registry } from 'prom-client';
import { EventLoopLag } from './event-loop-lag';
import { Metrics } from './registry';

const series = (text: string, name: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  if (!line) throw new Error(`${name} not in the exposition`);
  return Number(line.slice(line.lastIndexOf(' ') + 1));
};

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((r) => setTimeout(r, 5));
};

test('the lag monitor samples only after a request, and stops once requests stop', async () => {
  const registry = new Registry();
  const lag = new EventLoopLag(registry, { resolutionMs: 10, idleAfterMs: 40 });
  try {
    expect(lag.sampling).toBe(false);
    // Nothing sampled yet: the companions read 0, not prom-client's empty-histogram figures.
    let text = await registry.metrics();
    for (const stat of ['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99'])
      expect(series(text, `nodejs_eventloop_lag_${stat}_seconds`)).toBe(0);
    expect(series(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);

    lag.busy();
    expect(lag.sampling).toBe(true);
    // The loop held for 60 ms while sampling every 10 ms shows as a delay of about that much.
    await new Promise((r) => setTimeout(r, 20));
    const until60 = Date.now() + 60;
    while (Date.now() < until60) lag.busy();
    await new Promise((r) => setTimeout(r, 20));
    text = await registry.metrics();
    expect(series(text, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThan(0.04);
    expect(series(text, 'nodejs_eventloop_lag_p50_seconds')).toBeGreaterThan(0);

    // A scrape resets the samples; with no request for a whole check period the monitor stops.
    await until(() => !lag.sampling);
    // And a new request starts it again.
    lag.busy();
    expect(lag.sampling).toBe(true);
  } finally {
    lag.stop();
  }
});

test("a process's registry has the lag series once, beside prom-client's other default metrics", async () => {
  const metrics = new Metrics('lagged');
  try {
    const text = await metrics.text();
    expect(text.match(/^# TYPE nodejs_eventloop_lag_p99_seconds gauge$/gm)).toHaveLength(1);
    expect(text).toContain('nodejs_eventloop_lag_seconds{process="lagged"}');
    expect(text).toContain('process_cpu_seconds_total{process="lagged"}');
    expect(text).toContain('nodejs_heap_size_used_bytes{process="lagged"}');
    expect(text).toContain('nodejs_gc_duration_seconds');
    expect(metrics.lag.sampling).toBe(false);
  } finally {
    metrics.lag.stop();
  }
});
