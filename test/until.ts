/**
 * Polls `check` every `everyMs` until it gives a truthy value, which it returns; throws once `ms` have
 * passed without one. For tests that wait on something another process does (a webhook delivered, an
 * event written): a deadline, never a fixed sleep.
 */
export async function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 5_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
