import type { Pool } from 'pg';

export const HOUR_MS = 3_600_000;
/** The overview's charts: the last 7 days, hour by hour, the current hour last. */
export const OVERVIEW_HOURS = 168;
const DAY_MS = 24 * HOUR_MS;

/** The auth service's part of the admin overview (docs/accounts.md "Overview"). */
export interface AuthOverview {
  users: { total: number; new24h: number; new7d: number; active24h: number; active7d: number; blocked: number };
  sessionsLive: number;
  /** Logins per provider and failed logins, one count per hour from `hoursStartMs` (OVERVIEW_HOURS of them). */
  loginsByProvider: Record<string, number[]>;
  failures: number[];
  webhooks: { endpoints: number; disabled: number; deliveriesFailing: number };
}

/** The first hour of the overview's 7 days that end with the hour `nowMs` is in. */
export const hoursStart = (nowMs: number) => Math.floor(nowMs / HOUR_MS) * HOUR_MS - (OVERVIEW_HOURS - 1) * HOUR_MS;

/**
 * Reads only summaries and indexes (migration 011_overview_summaries.sql), never the trail: users by
 * the index range scans of users_created, users_last_login and users_blocked; logins from the hourly
 * counters the trail's trigger keeps; live sessions from the registry's sorted set. Every query is
 * independent, so they run at once on the pool.
 */
export class DirectoryOverview {
  constructor(
    private readonly deps: {
      pool: Pool;
      /** Live sessions of every user (stores/session-registry.ts); undefined: answered as 0. */
      liveSessions?: () => Promise<number>;
      now?: () => number;
    },
  ) {}

  async read(startMs?: number): Promise<AuthOverview> {
    const now = this.deps.now?.() ?? Date.now();
    const start = startMs && startMs > 0 ? Math.floor(startMs / HOUR_MS) * HOUR_MS : hoursStart(now);
    const day = new Date(now - DAY_MS);
    const week = new Date(now - 7 * DAY_MS);
    const q = (sql: string, params: unknown[] = []) => this.deps.pool.query(sql, params);
    const [total, created, active, blocked, hours, hooks, failing, live] = await Promise.all([
      q('SELECT count(*)::bigint AS n FROM users'),
      q(
        `SELECT count(*) FILTER (WHERE created_at >= $1)::bigint AS day, count(*)::bigint AS week
           FROM users WHERE created_at >= $2`,
        [day, week],
      ),
      q(
        `SELECT count(*) FILTER (WHERE last_login_at >= $1)::bigint AS day, count(*)::bigint AS week
           FROM users WHERE last_login_at >= $2`,
        [day, week],
      ),
      q(`SELECT count(*)::bigint AS n FROM users WHERE status = 'blocked'`),
      q(
        `SELECT (extract(epoch FROM hour) * 1000)::bigint AS hour_ms, kind, provider, sum(count)::bigint AS n
           FROM overview_hourly WHERE hour >= $1 AND hour < $2 GROUP BY 1, 2, 3`,
        [new Date(start), new Date(start + OVERVIEW_HOURS * HOUR_MS)],
      ),
      q('SELECT count(*)::bigint AS n, count(*) FILTER (WHERE NOT enabled)::bigint AS disabled FROM webhooks'),
      q(
        `SELECT count(*)::bigint AS n FROM webhook_deliveries
          WHERE status = 'failed' OR (status = 'pending' AND attempts > 0)`,
      ),
      this.deps.liveSessions?.() ?? Promise.resolve(0),
    ]);
    const n = (v: unknown) => Number(v ?? 0);
    const loginsByProvider: Record<string, number[]> = {};
    const failures = new Array<number>(OVERVIEW_HOURS).fill(0);
    for (const row of hours.rows) {
      const i = Math.round((n(row.hour_ms) - start) / HOUR_MS);
      if (i < 0 || i >= OVERVIEW_HOURS) continue;
      if (row.kind === 'login') {
        const provider = (row.provider as string) || 'unknown';
        const series = loginsByProvider[provider] ?? new Array<number>(OVERVIEW_HOURS).fill(0);
        loginsByProvider[provider] = series;
        series[i] = (series[i] ?? 0) + n(row.n);
      } else failures[i] = (failures[i] ?? 0) + n(row.n);
    }
    return {
      users: {
        total: n(total.rows[0]?.n),
        new24h: n(created.rows[0]?.day),
        new7d: n(created.rows[0]?.week),
        active24h: n(active.rows[0]?.day),
        active7d: n(active.rows[0]?.week),
        blocked: n(blocked.rows[0]?.n),
      },
      sessionsLive: live,
      loginsByProvider,
      failures,
      webhooks: {
        endpoints: n(hooks.rows[0]?.n),
        disabled: n(hooks.rows[0]?.disabled),
        deliveriesFailing: n(failing.rows[0]?.n),
      },
    };
  }
}
