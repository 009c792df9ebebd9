import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { Gauge, type Registry } from 'prom-client';

/** How often the monitor samples the loop while it runs (ms): prom-client's setting, as we had it. */
export const LAG_RESOLUTION_MS = 100;
/**
 * The monitor stops 2–4 s after the last request (ms), and starts again with the next one: long enough to
 * see the lag requests queue behind, short enough that a call every 30 s (the gateway's refresh of the
 * provider list) keeps an idle auth sampling a tenth of the time.
 */
export const LAG_IDLE_AFTER_MS = 2_000;

const STATS = ['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99'] as const;
type Stat = (typeof STATS)[number];

/**
 * Node's event-loop lag series under prom-client's names (`nodejs_eventloop_lag_seconds` and its
 * `_min`/`_max`/`_mean`/`_stddev`/`_p50`/`_p90`/`_p99` companions), with one difference: the delay
 * histogram runs only while the process has work. prom-client's runs for good, and its timer wakes an
 * idle process ten times a second; on a VM where a wakeup is dear, those wakeups were most of what an
 * idle stack cost (docs/deployment.md, "Idle"). A request (`busy()`, called by the gRPC servers' and
 * the gateway's request metrics) starts it; a quiet LAG_IDLE_AFTER_MS stops it. A scrape is not work:
 * Prometheus would otherwise keep every idle process sampling.
 *
 * When no sample was taken since the last scrape the companions read 0: a loop with nothing to do has
 * no lag to show. `nodejs_eventloop_lag_seconds` is measured at each scrape, as prom-client does.
 */
export class EventLoopLag {
  private readonly histogram: IntervalHistogram;
  private running = false;
  private calls = 0;
  private callsAtCheck = 0;
  private check: NodeJS.Timeout | undefined;

  constructor(
    registry: Registry,
    private readonly options: { resolutionMs?: number; idleAfterMs?: number } = {},
  ) {
    this.histogram = monitorEventLoopDelay({ resolution: options.resolutionMs ?? LAG_RESOLUTION_MS });
    const registers = [registry];
    const histogram = this.histogram;
    const stats = {} as Record<Stat, Gauge>;
    // Registered first: a scrape renders the series in order, and this collect sets the companions.
    new Gauge({
      name: 'nodejs_eventloop_lag_seconds',
      help: 'Lag of event loop in seconds.',
      registers,
      // This one collect sets every companion, from the samples since the last scrape.
      collect() {
        const sampled = histogram.count > 0;
        const read = (ns: number) => (sampled ? ns / 1e9 : 0);
        stats.min.set(read(histogram.min));
        stats.max.set(read(histogram.max));
        stats.mean.set(read(histogram.mean));
        stats.stddev.set(read(histogram.stddev));
        stats.p50.set(read(histogram.percentile(50)));
        stats.p90.set(read(histogram.percentile(90)));
        stats.p99.set(read(histogram.percentile(99)));
        histogram.reset();
        // How long a callback queued now waits for its turn: resolved before the text is rendered.
        const start = process.hrtime.bigint();
        return new Promise<void>((resolve) =>
          setImmediate(() => {
            this.set(Number(process.hrtime.bigint() - start) / 1e9);
            resolve();
          }),
        );
      },
    });
    for (const stat of STATS) {
      stats[stat] = new Gauge({
        name: `nodejs_eventloop_lag_${stat}_seconds`,
        help: `The ${stat} of the recorded event loop delays.`,
        registers,
      });
    }
  }

  /** Called on every request: cheap enough for the hot path (a count, and a branch). */
  busy(): void {
    this.calls++;
    if (!this.running) this.start();
  }

  /** Whether the histogram samples now (tests, and the idle check of the compose smoke). */
  get sampling(): boolean {
    return this.running;
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.histogram.disable();
    clearInterval(this.check);
    this.check = undefined;
  }

  private start(): void {
    this.running = true;
    this.histogram.enable();
    this.callsAtCheck = this.calls;
    // The check itself wakes the loop, but only while the monitor runs; it never holds the process.
    this.check = setInterval(() => {
      if (this.calls === this.callsAtCheck) this.stop();
      else this.callsAtCheck = this.calls;
    }, this.options.idleAfterMs ?? LAG_IDLE_AFTER_MS);
    this.check.unref();
  }
}
