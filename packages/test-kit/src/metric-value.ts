// Reading a process's Prometheus text from outside, as a scrape does: tests that count what a process
// did (checks made, answers given) read its /metrics rather than reach into it.

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;

/** The sum of every sample of `metric` whose labels include `labels` (0 when there is none). */
export function metricValue(text: string, metric: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const m = SAMPLE.exec(line);
    if (!m || m[1] !== metric) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) sum += Number(m[3]);
  }
  return sum;
}

/** GET /metrics of the process listening on `port` (loopback), as text. */
export async function scrapeMetrics(port: number | undefined): Promise<string> {
  if (port === undefined) throw new Error('the process was started without a metrics port');
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5000) });
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  return res.text();
}
