import type { Logger } from '@gatehouse/logger';

/** How old the list may be when a token is checked against it (ms). */
export const PROVIDER_LIST_MAX_AGE_MS = 30_000;
/** Before the first answer, and after a failed refresh, how soon to ask again (ms). */
const RETRY_MS = 1_000;

/**
 * The providers the auth service has configured (its ListProviders), so that tokens of a provider
 * removed from the configuration are refused here too (go-pkgz does the same check). Before the first
 * answer every provider passes: a token is then judged by its signature alone, and the auth service,
 * which knows its providers from the start, still refuses to refresh it.
 *
 * The list is asked for at start (again every second until it answers), then when a token is checked
 * (`keepFresh`, called by the verifier on every check, cache hits included) and the list is older than
 * PROVIDER_LIST_MAX_AGE_MS: that check is answered with the list at hand, the checks after the answer
 * with the new one, and a change clears the verifier's cache. So a removed provider's tokens pass no
 * longer than before (the list's age, plus the one check that asked), while an idle gateway asks nothing,
 * where a timer every 30 s woke it and the auth service for good.
 */
export class ProviderNames {
  private names: Set<string> | undefined;
  /** When the list may next be asked for (clock ms); a refresh in flight pushes it to Infinity. */
  private askAfter = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly options: {
      list: () => Promise<string[]>;
      /** Called with the new set when it changes, so that tokens verified under the old set are checked again. */
      onChange: (names: ReadonlySet<string>) => void;
      log: Logger;
      /** The clock (ms): tests move it. */
      now?: () => number;
    },
  ) {}

  allowed = (name: string): boolean => this.names === undefined || this.names.has(name);

  /** Asks for the list again when it is older than PROVIDER_LIST_MAX_AGE_MS (one comparison otherwise). */
  keepFresh = (): void => {
    if (this.now() >= this.askAfter && this.names !== undefined) void this.load();
  };

  start(): void {
    void this.load();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private async load(): Promise<void> {
    if (this.stopped) return;
    this.askAfter = Number.POSITIVE_INFINITY;
    try {
      const names = new Set(await this.options.list());
      const changed =
        this.names === undefined || names.size !== this.names.size || [...names].some((n) => !this.names?.has(n));
      this.names = names;
      this.askAfter = this.now() + PROVIDER_LIST_MAX_AGE_MS;
      if (changed) this.options.onChange(names);
    } catch (err) {
      this.askAfter = this.now() + RETRY_MS;
      this.options.log.debug({ err }, 'provider list unavailable; keeping the last one');
      // Until the first answer nothing checks tokens against a list, so a timer asks again.
      if (this.names === undefined && !this.stopped) {
        this.timer = setTimeout(() => void this.load(), RETRY_MS);
        this.timer.unref();
      }
    }
  }
}
