/** How long `until` waits, how often it looks, and what it waits for (said when it gives up). */
export interface UntilOptions {
  ms?: number;
  everyMs?: number;
  what?: string;
  /** A check that throws counts as not yet (a server still coming up, a connection refused). */
  ignoreErrors?: boolean;
}

/**
 * Polls `check` every `everyMs` until it gives a truthy value, which it returns; throws once `ms` have
 * passed without one. For tests that wait on something another process does (a webhook delivered, an
 * event written, a session refused at another gateway): a deadline, never a fixed sleep. The one polling
 * helper of the tests.
 */
export async function until<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  options: number | UntilOptions = {},
  everyMs = 50,
): Promise<T> {
  const o: UntilOptions = typeof options === 'number' ? { ms: options, everyMs } : options;
  const deadline = Date.now() + (o.ms ?? 5_000);
  for (;;) {
    const value = o.ignoreErrors
      ? await Promise.resolve()
          .then(check)
          .catch(() => false as const)
      : await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting${o.what ? ` for ${o.what}` : ''}`);
    await new Promise((r) => setTimeout(r, o.everyMs ?? everyMs));
  }
}
