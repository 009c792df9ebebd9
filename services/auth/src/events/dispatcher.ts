import { type AttemptResult, retryDelay, type WebhookSender } from '@gatehouse/events';
import type { Logger } from '@gatehouse/logger';
import type { ClaimedDelivery, Finish, PgDeliveryQueue } from './delivery-queue';

export interface DispatcherOptions {
  queue: PgDeliveryQueue;
  sender: WebhookSender;
  /** Delays before each attempt (WEBHOOK_RETRY_SCHEDULE), the first normally 0. */
  schedule: readonly number[];
  log: Logger;
  /**
   * How often an idle dispatcher looks for work (WEBHOOK_POLL_INTERVAL, default 1 s): the most an event
   * waits before its fan-out when nothing else is going on. After a round that found work the next waits
   * 50 ms (none after a full batch), and each empty round after that twice as long, up to this.
   */
  pollMs?: number;
  /** Deliveries sent at once by this replica (default 100: fewer queries a delivery when busy). */
  batch?: number;
  /** How long a claim keeps other replicas off (longer than an attempt's deadline). */
  leaseMs?: number;
  /** Told of every attempt's outcome (metrics). */
  onAttempt?: (outcome: 'delivered' | 'retry' | 'failed' | 'disabled') => void;
}

/** Retry-After is honoured up to a day: a receiver cannot park deliveries for longer. */
const MAX_RETRY_AFTER_MS = 86_400_000;

/**
 * What follows an attempt: delivered; 410 disables the endpoint at once; otherwise the schedule's next
 * delay (or Retry-After of a 429/503, when it asks for longer), or the delivery fails for good once the
 * schedule is spent. `attempts` counts the attempt just made.
 */
export function nextStep(result: AttemptResult, attempts: number, schedule: readonly number[]): Finish {
  if (result.ok) return { kind: 'delivered' };
  const delay = retryDelay(schedule, attempts);
  if (result.gone) return { kind: 'disable', reason: 'the receiver answered 410 Gone', delayMs: delay ?? 0 };
  if (delay === null) return { kind: 'failed' };
  const asked = result.retryAfterSeconds === null ? 0 : Math.min(result.retryAfterSeconds * 1000, MAX_RETRY_AFTER_MS);
  return { kind: 'retry', delayMs: Math.max(delay, asked) };
}

/**
 * An attempt that was never made: the endpoint's secret does not open, so nothing can be signed. It
 * fails like a refused connection (retried on the schedule) until the key is back or the secret rotated.
 */
function notSent(error: string): AttemptResult {
  return { ok: false, status: null, error, retryAfterSeconds: null, gone: false, durationMs: 0 };
}

/** An idle dispatcher's default poll (WEBHOOK_POLL_INTERVAL). */
export const DEFAULT_POLL_MS = 1_000;
/**
 * The wait after a round that found work. A dispatcher under load finds the outbox empty every few
 * rounds: waiting the whole poll then put half a second on every delivery (`pnpm bench events`, lag
 * p50 570 ms with a 1 s poll), and going on at once took a few events a round at twice the CPU. 50 ms:
 * lag p50 95 ms, p99 227 ms (206 and 394 with the old fixed 250 ms poll).
 */
const FIRST_IDLE_MS = 50;

/**
 * The webhook dispatcher: a loop in every auth replica. Each round moves events from the outbox to
 * deliveries (fan-out) and sends the due deliveries it claims; claims are SKIP LOCKED with a lease,
 * so with N replicas each delivery is sent by one of them, and a replica that dies mid-send leaves its
 * claims to the others once the lease ends (the receiver may then see the webhook-id twice).
 * Polled, not woken by NOTIFY: a notifying commit holds a cluster-wide lock through its WAL flush, which
 * would put every card load's commit in one line; and NOTIFY does not pass PgBouncer's transaction mode.
 * An idle round is one read (PgDeliveryQueue.pending); this replica's own admin retries wake it at once.
 */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private started = false;
  private inRound = false;
  /** The last round found work (or wake() said there is some): the next goes straight to fan-out and claim. */
  private busy = true;
  private woken = false;
  /** The wait after an empty round: short after work, doubling while idle, up to the poll. */
  private idleMs = FIRST_IDLE_MS;

  constructor(private readonly options: DispatcherOptions) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Looks for work now rather than at the next poll (a delivery this replica has just made due). */
  wake(): void {
    if (this.stopped || !this.started) return;
    this.woken = true;
    if (this.inRound) return; // the round's end sees it
    if (this.timer) clearTimeout(this.timer);
    this.schedule(0);
  }

  /** One round; true when there may be more work at once. */
  async round(): Promise<boolean> {
    const { queue, batch = 100, leaseMs = 60_000 } = this.options;
    const waiting = this.busy ? { outbox: true, due: true } : await queue.pending();
    const fanned = waiting.outbox ? await queue.fanOut(100) : 0;
    const claimed = waiting.due || fanned > 0 ? await queue.claim(batch, leaseMs) : [];
    this.busy = fanned > 0 || claimed.length > 0;
    const sent = await Promise.all(
      claimed.map(async (d) => ({
        d,
        result: d.secretError
          ? notSent(`not sent: ${d.secretError}`)
          : await this.options.sender.send({ url: d.url, secrets: d.secrets }, d.event),
      })),
    );
    // The delivered ones are recorded together (one commit a round); each failure on its own, as its
    // next step depends on its answer.
    const delivered = sent.filter((s) => s.result.ok);
    await queue.finishDelivered(
      delivered.map(({ d, result }) => ({ delivery: d, statusCode: result.status, durationMs: result.durationMs })),
    );
    for (const _ of delivered) this.options.onAttempt?.('delivered');
    await Promise.all(sent.filter((s) => !s.result.ok).map(({ d, result }) => this.failed(d, result)));
    return fanned === 100 || claimed.length === batch;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.woken) this.busy = true;
      this.woken = false;
      this.inRound = true;
      this.running = this.round().then(
        (more) => {
          this.inRound = false;
          // A full batch is followed at once; a round that found some work waits 50 ms, so a steady load
          // is taken in batches; each empty round after it waits twice as long, up to the poll.
          const pollMs = this.options.pollMs ?? DEFAULT_POLL_MS;
          if (more || this.woken) {
            this.schedule(0);
          } else {
            this.idleMs = this.busy ? Math.min(FIRST_IDLE_MS, pollMs) : Math.min(this.idleMs * 2, pollMs);
            this.schedule(this.idleMs);
          }
        },
        (err: unknown) => {
          this.inRound = false;
          this.busy = true;
          this.options.log.warn({ err }, 'webhook dispatch round failed; trying again shortly');
          this.schedule(5_000);
        },
      );
    }, ms);
    this.timer.unref();
  }

  private async failed(d: ClaimedDelivery, result: AttemptResult): Promise<void> {
    const { queue, schedule, log } = this.options;
    const step = nextStep(result, d.attempts, schedule);
    await queue.finish(d, { statusCode: result.status, error: result.error, durationMs: result.durationMs }, step);
    this.options.onAttempt?.(step.kind === 'disable' ? 'disabled' : step.kind);
    log.info(
      { webhookId: d.webhookId, eventId: d.event.id, attempt: d.attempts, error: result.error, next: step.kind },
      'webhook delivery failed',
    );
  }
}
