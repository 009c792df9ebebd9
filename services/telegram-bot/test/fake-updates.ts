/**
 * The updates side of the fake Telegram Bot API: the queue of updates users sent, and getUpdates as
 * Telegram answers it (held long polls, offset confirmation, one poll at a time).
 */
import type http from 'node:http';

/** What the fake answers a Bot API method with: a result, or an error status and description. */
export type MethodAnswer = { ok: unknown } | { error: { status: number; description: string } };

interface HeldPoll {
  res: http.ServerResponse;
  offset: number;
  limit: number;
  finish: (updates: unknown[] | undefined) => void;
}

export class FakeUpdateQueue {
  private updates: ({ update_id: number } & Record<string, unknown>)[] = [];
  private nextUpdateId = 1000;
  private held?: HeldPoll;

  /** Updates Telegram still holds (not yet confirmed by a higher offset). */
  get pending(): number {
    return this.updates.length;
  }

  /** A user's message or button press ({message} or {callback_query}) becomes the next update; a held poll receives it at once. */
  add(update: Record<string, unknown>): number {
    const update_id = this.nextUpdateId++;
    this.updates.push({ ...update, update_id });
    this.releaseHeldPoll();
    return update_id;
  }

  /** Ends a held poll: empty, as at shutdown, or with 409, as when a webhook is set. */
  endHeldPoll(how: 'empty' | 'conflict'): void {
    this.held?.finish(how === 'empty' ? [] : undefined);
  }

  /** A held long poll dies with its connection, as when the API's host goes away. */
  dropHeldConnection(): void {
    this.held?.res.socket?.destroy();
  }

  getUpdates(p: Record<string, unknown>, res: http.ServerResponse): Promise<MethodAnswer> {
    const offset = Number(p.offset ?? 0);
    const limit = Math.min(100, Math.max(1, Number(p.limit ?? 100)));
    const timeout = Math.max(0, Number(p.timeout ?? 0));
    // Calling with an offset confirms every update below it: Telegram forgets them.
    if (offset > 0) this.updates = this.updates.filter((u) => u.update_id >= offset);
    const ready = this.updates.filter((u) => u.update_id >= offset).slice(0, limit);
    if (ready.length > 0 || timeout === 0) return Promise.resolve({ ok: ready });
    // Telegram allows one getUpdates at a time: a newer one ends the older with 409.
    this.held?.finish(undefined);
    return new Promise<MethodAnswer>((resolve) => {
      const timer = setTimeout(() => poll.finish([]), timeout * 1000);
      const poll: HeldPoll = {
        res,
        offset,
        limit,
        finish: (updates) => {
          clearTimeout(timer);
          if (this.held === poll) this.held = undefined;
          if (updates) resolve({ ok: updates });
          else
            resolve({
              error: {
                status: 409,
                description:
                  'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
              },
            });
        },
      };
      this.held = poll;
      // A poller that went away (stopped, timed out) no longer holds the poll.
      res.on('close', () => {
        if (this.held === poll && !res.writableEnded) {
          clearTimeout(timer);
          this.held = undefined;
        }
      });
    });
  }

  private releaseHeldPoll(): void {
    const poll = this.held;
    if (!poll) return;
    poll.finish(this.updates.filter((u) => u.update_id >= poll.offset).slice(0, poll.limit));
  }
}
