import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { EventLoopLag } from './event-loop-lag';

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
    // prom-client's default metrics, but for its event-loop lag, whose monitor wakes the loop ten times a
    // second for good: EventLoopLag keeps the same series and samples only while there is work. prom-client
    // (pinned at 15.1.3) cannot leave one default metric out, so its metric modules are added one by one
    // from its own list, which fails loudly here should a later version rename them.
    for (const name of collectDefaultMetrics.metricsList) {
      if (name === 'eventLoopLag') continue;
      const add = require(`prom-client/lib/metrics/${name}`) as (registry: Registry, config: object) => void;
      add(this.registry, {});
    }
    this.lag = new EventLoopLag(this.registry);
  }

  /** The event-loop lag monitor: `busy()` on every request keeps it sampling (EventLoopLag). */
  readonly lag: EventLoopLag;

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
