import type { Logger } from '@gatehouse/logger';

const REFRESH_MS = 30_000;
const RETRY_MS = 1_000;

/**
 * The providers the auth service has configured (its ListProviders), kept fresh in the background, so
 * that tokens of a provider removed from the configuration are refused here too (go-pkgz does the same
 * check). Before the first answer every provider passes: a token is then judged by its signature alone,
 * and the auth service, which knows its providers from the start, still refuses to refresh it.
 */
export class ProviderNames {
  private names: Set<string> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly options: {
      list: () => Promise<string[]>;
      /** Called with the new set when it changes, so that tokens verified under the old set are checked again. */
      onChange: (names: ReadonlySet<string>) => void;
      log: Logger;
    },
  ) {}

  allowed = (name: string): boolean => this.names === undefined || this.names.has(name);

  start(): void {
    void this.load();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async load(): Promise<void> {
    let next = REFRESH_MS;
    try {
      const names = new Set(await this.options.list());
      const changed =
        this.names === undefined || names.size !== this.names.size || [...names].some((n) => !this.names?.has(n));
      this.names = names;
      if (changed) this.options.onChange(names);
    } catch (err) {
      if (this.names === undefined) next = RETRY_MS;
      this.options.log.debug({ err }, 'provider list unavailable; keeping the last one');
    }
    if (!this.stopped) {
      this.timer = setTimeout(() => void this.load(), next);
      this.timer.unref();
    }
  }
}
