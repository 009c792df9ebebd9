// `pnpm admin events follow` (scripts/admin.ts): the audit trail as it grows, one JSON line per event,
// on the admin API's follow (`GET /admin/v1/events?after=`, docs/events.md).
import type { AdminCli } from './admin-clients';

/** How often `events follow` asks, as the console's live view does. */
const FOLLOW_EVERY_MS = 2_000;

/**
 * New events as they come, one JSON line each, oldest first, until the process is stopped: from the
 * newest event there is now, each ask `after=` the last one printed (the API answers a follow with
 * events a moment old, so none that commits late is skipped), page after page while pages come full.
 */
export async function followEvents(cli: AdminCli, filters: URLSearchParams): Promise<never> {
  const newest = (await cli.call(
    'GET',
    `/admin/v1/events?${new URLSearchParams({ ...Object.fromEntries(filters), limit: '1' })}`,
  )) as {
    events: { id: string }[];
  };
  let after = newest.events[0]?.id ?? '0'.repeat(26);
  for (;;) {
    const query = new URLSearchParams({ ...Object.fromEntries(filters), after, limit: '200' });
    const page = (await cli.call('GET', `/admin/v1/events?${query}`)) as {
      events: { id: string }[];
      next: string | null;
    };
    for (const event of page.events) console.log(JSON.stringify(event));
    after = page.events.at(-1)?.id ?? after;
    if (!page.next) await new Promise((resolve) => setTimeout(resolve, FOLLOW_EVERY_MS));
  }
}
