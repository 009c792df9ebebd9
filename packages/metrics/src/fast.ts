import type { Metric } from 'prom-client';
import { LATENCY_BUCKETS, type Metrics } from './registry';

interface Series<L extends string> {
  labels: Record<L, string>;
  /** Observations per bucket, not cumulative (made cumulative at scrape time). */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * A latency histogram, and a counter of the same observations, for the hottest path (every gateway
 * request). prom-client's own Counter and Histogram hash their label object on every call (about 1 µs
 * together here); this keeps plain numbers per label set, found by one string key, and hands prom-client
 * the finished series only when it is scraped. Same exposition, same names and labels.
 */
export class FastHistogram<L extends string> {
  private readonly series = new Map<string, Series<L>>();
  private readonly bounds: number[];

  constructor(
    metrics: Metrics,
    private readonly o: {
      name: string;
      help: string;
      labelNames: readonly L[];
      buckets?: number[];
      /** A counter of the observations (`<x>_total`), as its own series. */
      counter?: { name: string; help: string };
    },
  ) {
    this.bounds = o.buckets ?? LATENCY_BUCKETS;
    metrics.registry.registerMetric(this.metric(o.name, o.help, 'histogram', () => this.histogramValues()));
    if (o.counter) {
      const values = () => [...this.series.values()].map((s) => ({ labels: { ...s.labels }, value: s.count }));
      metrics.registry.registerMetric(this.metric(o.counter.name, o.counter.help, 'counter', values));
    }
  }

  observe(labels: Record<L, string>, seconds: number): void {
    let key = '';
    for (const name of this.o.labelNames) key += `${labels[name]}\u0000`;
    let s = this.series.get(key);
    if (!s) {
      s = { labels: { ...labels }, buckets: new Array(this.bounds.length + 1).fill(0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    let i = 0;
    while (i < this.bounds.length && seconds > (this.bounds[i] as number)) i++;
    s.buckets[i] = (s.buckets[i] as number) + 1;
    s.sum += seconds;
    s.count += 1;
  }

  private histogramValues() {
    const out: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const s of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += s.buckets[i] as number;
        out.push({ metricName: `${this.o.name}_bucket`, labels: { ...s.labels, le }, value: cumulative });
      });
      out.push({ metricName: `${this.o.name}_bucket`, labels: { ...s.labels, le: '+Inf' }, value: s.count });
      out.push({ metricName: `${this.o.name}_sum`, labels: { ...s.labels }, value: s.sum });
      out.push({ metricName: `${this.o.name}_count`, labels: { ...s.labels }, value: s.count });
    }
    return out;
  }

  /** The shape the prom-client Registry asks of a metric: a name, get() and reset(). */
  private metric(name: string, help: string, type: 'histogram' | 'counter', values: () => unknown[]): Metric {
    return {
      name,
      help,
      type,
      get: async () => ({ name, help, type, values: values(), aggregator: 'sum' }),
      reset: () => this.series.clear(),
    } as unknown as Metric;
  }
}
