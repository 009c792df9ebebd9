import type { Logger } from '@gatehouse/logger';

/** Closes one thing a process opened: a pool, a client, a timer, a server. */
export type Close = () => unknown;

/**
 * What a process opened, closed in reverse order: each composition root registers every pool, client,
 * timer and server the moment it opens it, so a start that fails halfway and a stop close exactly what
 * is open, the last opened first (a server before the clients its handlers call, those before the pool
 * under them). Each is closed once; a close that fails is logged and the others still run.
 */
export class Closers {
  private readonly opened: { name: string; close: Close }[] = [];
  private closing: Promise<void> | undefined;

  constructor(private readonly log?: Logger) {}

  /** Registers the close of something just opened (`name` for the log line if it fails). */
  add(name: string, close: Close): void {
    if (this.closing) throw new Error(`${name} opened while the process is closing`);
    this.opened.push({ name, close });
  }

  /** `value`, with its close registered: `const pool = closers.open('pool', createPool(...), (p) => p.end())`. */
  open<T>(name: string, value: T, close: (value: T) => unknown): T {
    this.add(name, () => close(value));
    return value;
  }

  /** How many closes are registered (tests check a failed start left none open). */
  get size(): number {
    return this.opened.length;
  }

  /** Closes everything, the last opened first; a second call waits for the first. */
  closeAll(): Promise<void> {
    this.closing ??= (async () => {
      for (const { name, close } of this.opened.splice(0).reverse()) {
        try {
          await close();
        } catch (err) {
          this.log?.warn({ err, what: name }, 'not closed cleanly');
        }
      }
    })();
    return this.closing;
  }

  /**
   * Runs a start: when it throws, everything opened so far is closed before the error goes on, so a
   * failed start leaves no timer, client or pool behind.
   */
  async starting<T>(start: () => Promise<T>): Promise<T> {
    try {
      return await start();
    } catch (err) {
      await this.closeAll();
      throw err;
    }
  }
}
