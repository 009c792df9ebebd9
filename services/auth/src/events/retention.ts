import type { Logger } from '@gatehouse/logger';
import type { PgWebhookStore } from './webhook-store';

/** Events removed per statement: short transactions that never hold up a login's insert for long. */
export const RETENTION_BATCH = 1_000;

/** How long the overview's hourly counters are kept: its charts show 7 days; a month is kept. */
export const OVERVIEW_HOURS_KEPT_MS = 35 * 86_400_000;

/**
 * AUDIT_RETENTION: removes events older than `retentionMs` in batches until none is left, and the
 * overview's hourly counters older than OVERVIEW_HOURS_KEPT_MS, then waits `everyMs`. Safe in every
 * replica at once (the batches skip rows another replica has locked; the counters' delete is idempotent).
 */
export function startRetention(options: {
  store: PgWebhookStore;
  retentionMs: number;
  log: Logger;
  everyMs?: number;
  clock?: () => number;
}): { stop(): Promise<void>; sweep(): Promise<number> } {
  const { store, retentionMs, log, everyMs = 600_000, clock = Date.now } = options;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = async () => {
    let removed = 0;
    for (;;) {
      const n = await store.pruneEvents(new Date(clock() - retentionMs), RETENTION_BATCH);
      removed += n;
      if (n < RETENTION_BATCH || stopped) break;
    }
    await store.pruneOverviewHours(new Date(clock() - OVERVIEW_HOURS_KEPT_MS));
    return removed;
  };
  const timer = setInterval(() => {
    running = sweep().then(
      (n) => n > 0 && log.info({ removed: n }, 'old events removed (AUDIT_RETENTION)'),
      (err: unknown) => log.warn({ err }, 'removing old events failed; trying again later'),
    );
  }, everyMs);
  timer.unref();
  return {
    sweep,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
