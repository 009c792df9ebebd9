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
  /** Deliveries claimed at once by this replica (default 100: fewer queries a delivery when busy). */
  batch?: number;
  /**
   * Deliveries this replica may have on the wire at once (default 10 batches). An endpoint with a
   * batch of them on the wire here is not claimed for until some end, so one slow receiver never
   * takes the room of the others.
   */
  maxInFlight?: number;
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
 * Endpoints are delivered independently (issue 43): a round does not wait for what it sent. Each
 * endpoint's share of a round is recorded once all of its answers are in (the delivered ones in one
 * statement), while the next rounds go on at their pace; so a receiver that holds its request open for
 * the whole attempt deadline delays nobody else's deliveries, of the same event or later ones.
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
  /** Deliveries on the wire from this replica, by endpoint, and all together. */
  private readonly inFlight = new Map<string, number>();
  private inFlightTotal = 0;
  /** Endpoints' shares of rounds being sent or recorded (stop() waits for them). */
  private readonly sending = new Set<Promise<void>>();
  /** A round left due deliveries for want of room: the next share to end wakes the dispatcher. */
  private starved = false;

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
    // What is on the wire ends within the attempt deadline, and is recorded, so it is not sent again.
    await Promise.all([...this.sending]);
  }

  /** Looks for work now rather than at the next poll (a delivery this replica has just made due). */
  wake(): void {
    if (this.stopped || !this.started) return;
    this.woken = true;
    if (this.inRound) return; // the round's end sees it
    if (this.timer) clearTimeout(this.timer);
    this.schedule(0);
  }

  /** One round; true when there may be more work at once. Sends without waiting for the answers. */
  async round(): Promise<boolean> {
    const { queue, batch = 100, leaseMs = 60_000, maxInFlight = 10 * batch } = this.options;
    const waiting = this.busy ? { outbox: true, due: true } : await queue.pending();
    const fanned = waiting.outbox ? await queue.fanOut(100) : 0;
    const room = Math.min(batch, maxInFlight - this.inFlightTotal);
    // An endpoint with a batch on the wire here waits for those to end (other replicas may claim for it).
    const full = [...this.inFlight].filter(([, n]) => n >= batch).map(([id]) => id);
    const claimed = room > 0 && (waiting.due || fanned > 0) ? await queue.claim(room, leaseMs, full) : [];
    this.busy = fanned > 0 || claimed.length > 0;
    // A backlog held back by the room here goes on as soon as some of it is freed, not at the next poll.
    if ((waiting.due || fanned > 0) && (room < batch || full.length > 0)) this.starved = true;
    const byEndpoint = new Map<string, ClaimedDelivery[]>();
    for (const d of claimed) {
      const share = byEndpoint.get(d.webhookId);
      if (share) share.push(d);
      else byEndpoint.set(d.webhookId, [d]);
    }
    for (const [webhookId, deliveries] of byEndpoint) {
      const share = this.deliver(webhookId, deliveries).finally(() => this.sending.delete(share));
      this.sending.add(share);
    }
    return fanned === 100 || claimed.length === batch;
  }

  /**
   * Sends one endpoint's share of a round and records it once all its answers are in: the delivered ones
   * together (one commit), each failure on its own, as its next step depends on its answer.
   */
  private async deliver(webhookId: string, deliveries: ClaimedDelivery[]): Promise<void> {
    const { queue, sender, log } = this.options;
    this.inFlight.set(webhookId, (this.inFlight.get(webhookId) ?? 0) + deliveries.length);
    this.inFlightTotal += deliveries.length;
    const sent = await Promise.all(
      deliveries.map(async (d) => {
        const result = d.secretError
          ? notSent(`not sent: ${d.secretError}`)
          : await sender.send({ url: d.url, secrets: d.secrets }, d.event);
        const left = (this.inFlight.get(webhookId) ?? 1) - 1;
        if (left > 0) this.inFlight.set(webhookId, left);
        else this.inFlight.delete(webhookId);
        this.inFlightTotal -= 1;
        return { d, result };
      }),
    );
    try {
      const delivered = sent.filter((s) => s.result.ok);
      await queue.finishDelivered(
        delivered.map(({ d, result }) => ({ delivery: d, statusCode: result.status, durationMs: result.durationMs })),
      );
      for (const _ of delivered) this.options.onAttempt?.('delivered');
      await Promise.all(sent.filter((s) => !s.result.ok).map(({ d, result }) => this.failed(d, result)));
    } catch (err) {
      // Unrecorded, they stay leased: once the lease ends another round sends them again.
      log.warn({ err, webhookId }, 'recording webhook attempts failed; they are sent again once their lease ends');
    }
    if (this.starved) {
      this.starved = false;
      this.wake();
    }
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
