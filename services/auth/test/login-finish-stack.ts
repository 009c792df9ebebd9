// The stack of the tests that every kind of login ends once (login-finish*.test.ts, issue 44): real
// auth (its own Postgres database, so the trail is on), avatar and gateway processes, with metrics, and
// what each test counts: gatehouse_auth_sessions_issued_total from auth's /metrics, and the user's
// login.succeeded events from the trail.

import type { Answer, Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { metricValue, scrapeMetrics } from '@gatehouse/test-kit/metric-value';
import { type ServiceName, type Stack, type StackOptions, startStack } from '@gatehouse/test-kit/stack';
import { Client } from 'pg';

const ISSUED = 'gatehouse_auth_sessions_issued_total';

export interface LoginFinishStack {
  stack: Stack;
  /** The gateway's URL as browsers use it (AUTH_URL: cookies are set for its host). */
  url: string;
  /**
   * Runs `login` and says what it left: how much each series of the counter grew (by "provider/via";
   * series that did not move are left out), and how many login.succeeded events `userId` got.
   */
  counted(userId: string, login: () => Promise<void>): Promise<{ issued: Record<string, number>; succeeded: number }>;
  stop(): Promise<void>;
}

/** The counter's series by "provider/via", each with its value. */
function issuedSeries(text: string): Map<string, number> {
  const series = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${ISSUED}{`)) continue;
    const provider = /provider="([^"]*)"/.exec(line)?.[1] ?? '';
    const via = /via="([^"]*)"/.exec(line)?.[1] ?? '';
    series.set(`${provider}/${via}`, metricValue(line, ISSUED));
  }
  return series;
}

export async function startLoginFinishStack(options: {
  services: ServiceName[];
  env: StackOptions['env'];
  serviceEnv?: StackOptions['serviceEnv'];
}): Promise<LoginFinishStack> {
  const db: TestDatabase = await createTestDatabase('gh_auth_login_finish');
  let stack: Stack;
  try {
    stack = await startStack({ ...options, authDatabaseUrl: db.url, metrics: true });
  } catch (err) {
    await db.drop();
    throw err;
  }
  const trail = new Client({ connectionString: db.url });
  await trail.connect();
  const succeeded = async (userId: string) =>
    (
      await trail.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM events.events WHERE type = 'login.succeeded' AND subject_user = $1",
        [userId],
      )
    ).rows[0]?.n ?? 0;
  const scrape = async () => issuedSeries(await scrapeMetrics(stack.metricsPorts?.auth));
  return {
    stack,
    url: stack.env.AUTH_URL ?? stack.url,
    async counted(userId, login) {
      const [before, trailBefore] = [await scrape(), await succeeded(userId)];
      await login();
      const after = await scrape();
      const issued: Record<string, number> = {};
      for (const [key, value] of after)
        if (value !== (before.get(key) ?? 0)) issued[key] = value - (before.get(key) ?? 0);
      return { issued, succeeded: (await succeeded(userId)) - trailBefore };
    },
    async stop() {
      await trail.end();
      await stack.stop();
      await db.drop();
    },
  };
}

/** A request with the XSRF header and a JSON body, as the page's script sends it. */
export async function send(b: Browser, method: string, path: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { 'x-xsrf-token': await b.xsrf() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return b.request(method, path, { headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** Requires a login's answer to be a session (200 with the JWT cookie). */
export function expectSession(answer: Answer): void {
  if (answer.status !== 200 || !answer.cookies.some((c) => /^JWT=[^;]+/.test(c))) {
    throw new Error(`the login answered ${answer.status} without a session: ${answer.text}`);
  }
}
