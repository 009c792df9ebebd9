// The stack of the events tests over HTTP (events-api.test.ts): real auth, payment (one database, so
// both write the one trail), avatar and a gateway with its admin listener; the development processor;
// a loopback receiver (WEBHOOK_ALLOW_PRIVATE) that records every delivery, where /gone answers 410 and
// /flaky 500 twice before 204; and the operator's workload token (scripts/internal-token.ts).
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Answer, Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { processorEnv } from '@gatehouse/test-kit/processor';
import { ROOT, type Stack, startStack } from '@gatehouse/test-kit/stack';
import { Webhook } from 'standardwebhooks';
import { type DevProcessor, startDevProcessor } from '../../services/payment/src/processor/dev';
import { AnswerChecker, type Document } from './openapi-answers';

export interface Delivered {
  id: string;
  at: number;
  type: string;
  data: Record<string, unknown>;
}

export interface Received {
  at: number;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** Starts the stack before the file's tests and stops it after; what they use is on the answer. */
export function useEventsStack() {
  const parts = {} as {
    stack: Stack;
    db: TestDatabase;
    fake: DevProcessor;
    receiver: http.Server;
    receiverUrl: string;
    adminUrl: string;
    operator: string;
    checker: AnswerChecker;
  };
  const received: Received[] = [];
  /** How many times each path was asked. */
  const asked = new Map<string, number>();

  beforeAll(async () => {
    parts.db = await createTestDatabase('gh_gw_events');
    parts.fake = await startDevProcessor();
    parts.receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const at = req.url ?? '';
        const n = (asked.get(at) ?? 0) + 1;
        asked.set(at, n);
        received.push({ at: Date.now(), path: at, headers: req.headers as Record<string, string>, body });
        if (at === '/gone') return res.writeHead(410).end();
        if (at === '/flaky' && n <= 2) return res.writeHead(500).end();
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => parts.receiver.listen(0, '127.0.0.1', resolve));
    parts.receiverUrl = `http://127.0.0.1:${(parts.receiver.address() as AddressInfo).port}/hooks`;
    parts.stack = await startStack({
      services: ['auth', 'avatar', 'payment', 'gateway'],
      authDatabaseUrl: parts.db.url,
      env: {
        DATABASE_URL: parts.db.url,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        ...processorEnv(parts.fake, '2s'),
        WEBHOOK_ALLOW_PRIVATE: 'true',
        // Retries a second apart, so a receiver that fails twice is tried a third time within the test.
        WEBHOOK_RETRY_SCHEDULE: '0s,1s,1s,1s',
      },
    });
    parts.adminUrl = `http://127.0.0.1:${parts.stack.ports.admin}`;
    parts.operator = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/internal-token.ts', 'admin', 'operator'],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', INTERNAL_KEYS_DIR: path.join(parts.stack.dataDir, 'internal-keys') },
      },
    )
      .toString()
      .trim();
    const document = await (await fetch(`${parts.adminUrl}/admin/v1/openapi.json`)).json();
    parts.checker = new AnswerChecker(document as Document);
  }, 90_000);

  afterAll(async () => {
    await parts.stack?.stop();
    await parts.fake?.close();
    await new Promise((r) => parts.receiver?.close(r));
    await parts.db?.drop();
  });

  /** A call of the admin API with the operator's token, its answer checked against the admin document. */
  async function admin(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${parts.operator}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await new Browser(parts.adminUrl).request(method, path, {
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    expect(parts.checker.problems(method, path, res)).toEqual([]);
    return res;
  }

  /** The deliveries to `at` that `secret` verifies, as a receiver reads them (Webhook.verify throws otherwise). */
  function verified(secret: string, at = '/hooks'): Delivered[] {
    const wh = new Webhook(secret);
    return received
      .filter((r) => r.path === at)
      .map((r) => {
        const event = wh.verify(r.body, r.headers) as { type: string; data: Record<string, unknown> };
        return { id: r.headers['webhook-id'] as string, at: r.at, type: event.type, data: event.data };
      });
  }

  return { parts, received, asked, admin, verified };
}
