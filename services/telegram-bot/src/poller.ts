import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@gatehouse/logger';
import type { LoginBot } from './bot';
import { type BotApi, BotApiError } from './botapi';
import type { PollerLease } from './lease';

export interface PollerOptions {
  api: BotApi;
  bot: LoginBot;
  lease: PollerLease;
  log: Logger;
  /** getUpdates' server-side timeout (long poll). */
  pollTimeoutMs: number;
  leaseTtlMs: number;
  /** Backoff after a failed call: doubles from min to max, with jitter. */
  backoffMinMs?: number;
  backoffMaxMs?: number;
}

/**
 * The run loop: long polls getUpdates while this instance holds the lease, hands each update to the
 * bot, and moves the offset past it. 429 waits retry_after; other failures back off with jitter.
 */
export class Poller {
  private readonly stopping = new AbortController();
  private holding = false;
  private loop?: Promise<void>;
  private heartbeat?: Promise<void>;
  private failures = 0;

  constructor(private readonly o: PollerOptions) {}

  /** Whether this instance holds the poller lease now. */
  get isPolling(): boolean {
    return this.holding;
  }

  start(): void {
    this.heartbeat = this.renewLoop();
    this.loop = this.pollLoop();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all([this.loop, this.heartbeat]);
    if (this.holding) await this.o.lease.release().catch(() => {});
    this.holding = false;
  }

  /** Takes or renews the lease every third of its lifetime, so a live holder never lets it lapse. */
  private async renewLoop(): Promise<void> {
    const signal = this.stopping.signal;
    while (!signal.aborted) {
      try {
        const held = await this.o.lease.acquireOrRenew();
        if (held !== this.holding)
          this.o.log.info({ polling: held }, held ? 'poller lease taken' : 'poller lease lost');
        this.holding = held;
      } catch (err) {
        // Without Redis nobody can prove they hold the lease: stop polling rather than risk two pollers.
        if (this.holding) this.o.log.warn({ err }, 'poller lease renewal failed; pausing polling');
        this.holding = false;
      }
      await this.pause(this.o.leaseTtlMs / 3);
    }
  }

  private async pollLoop(): Promise<void> {
    const signal = this.stopping.signal;
    const timeoutSec = Math.max(1, Math.round(this.o.pollTimeoutMs / 1000));
    while (!signal.aborted) {
      if (!this.holding) {
        await this.pause(Math.min(1000, this.o.leaseTtlMs / 3));
        continue;
      }
      try {
        await this.o.bot.botName();
        const offset = await this.o.lease.readOffset();
        const updates = await this.o.api.getUpdates(offset, timeoutSec, signal);
        // Lost the lease during the long poll: the new holder fetches the same updates (their offset was
        // not confirmed), so handling them here too would answer users twice.
        if (!this.holding) continue;
        for (const update of updates) {
          try {
            await this.o.bot.handleUpdate(update);
          } catch (err) {
            // One bad update must not stop the others; Telegram would resend it forever otherwise.
            this.o.log.error({ err, updateId: update.update_id }, 'update failed');
          }
          await this.o.lease.writeOffset(update.update_id + 1);
        }
        if (this.failures > 0) this.o.log.info('Bot API answers again');
        this.failures = 0;
      } catch (err) {
        if (signal.aborted) break;
        await this.pause(this.delayAfter(err));
      }
    }
  }

  private delayAfter(err: unknown): number {
    this.failures++;
    if (err instanceof BotApiError && err.retryAfterSec !== undefined) {
      this.o.log.warn({ retryAfterSec: err.retryAfterSec }, 'Bot API rate limit: waiting retry_after');
      return err.retryAfterSec * 1000;
    }
    const min = this.o.backoffMinMs ?? 1000;
    const max = this.o.backoffMaxMs ?? 60_000;
    const ceiling = Math.min(max, min * 2 ** Math.min(this.failures - 1, 20));
    // Equal jitter: at least half the ceiling, so retries neither stampede nor spin.
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    const conflict = err instanceof BotApiError && err.status === 409;
    this.o.log.warn(
      { err, failures: this.failures, delayMs: Math.round(delay) },
      conflict
        ? 'getUpdates conflict (a webhook is set, or another poller runs): backing off'
        : 'polling failed: backing off',
    );
    return delay;
  }

  private async pause(ms: number): Promise<void> {
    try {
      await sleep(ms, undefined, { signal: this.stopping.signal });
    } catch {
      // aborted: the service is stopping
    }
  }
}
