// The stack of the admin console's browser test (admin-console.test.ts): real auth, avatar, payment and
// gateway on one database (the directory, the ledger and the one trail), the development processor
// (which signs disputes and posts them to the gateway's webhook route), a loopback webhook receiver
// whose /failing answers 500 until told otherwise, the operator's token, and users' own calls.
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Answer, Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { processorEnv } from '@gatehouse/test-kit/processor';
import { ROOT, type Stack, startStack } from '@gatehouse/test-kit/stack';
import {
  type DevProcessor,
  type DevProcessorOptions,
  startDevProcessor,
} from '../../services/payment/src/processor/dev';
import { loggedIn, type PageBrowser } from './directory-stack';

export const WEBHOOK = '/payment/webhooks/braintree';

export function useConsoleStack() {
  const parts = {} as {
    stack: Stack;
    db: TestDatabase;
    fake: DevProcessor;
    receiver: http.Server;
    receiverUrl: string;
    adminUrl: string;
    operator: string;
  };
  /** Requests the receiver got, by path. */
  const received = new Map<string, number>();
  const receiver = { failing: true };
  const devOptions: DevProcessorOptions = { recordRequests: false };

  beforeAll(async () => {
    parts.db = await createTestDatabase('gh_gw_console');
    parts.fake = await startDevProcessor(devOptions);
    parts.receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const at = req.url ?? '';
        received.set(at, (received.get(at) ?? 0) + 1);
        res.writeHead(at === '/failing' && receiver.failing ? 500 : 204).end();
      });
    });
    await new Promise<void>((resolve) => parts.receiver.listen(0, '127.0.0.1', resolve));
    parts.receiverUrl = `http://127.0.0.1:${(parts.receiver.address() as AddressInfo).port}`;
    parts.stack = await startStack({
      services: ['auth', 'avatar', 'payment', 'gateway'],
      authDatabaseUrl: parts.db.url,
      env: (ports) => {
        devOptions.webhookUrl = `http://127.0.0.1:${ports.gateway}${WEBHOOK}`;
        return {
          DATABASE_URL: parts.db.url,
          REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
          ...processorEnv(parts.fake, '2s'),
          WEBHOOK_ALLOW_PRIVATE: 'true',
          // A failing receiver is asked again an hour later: its delivery stays failing until retried.
          WEBHOOK_RETRY_SCHEDULE: '0s,1h',
        };
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
  }, 90_000);

  afterAll(async () => {
    await parts.stack?.stop();
    await parts.fake?.close();
    await new Promise((r) => parts.receiver?.close(r));
    await parts.db?.drop();
  });

  /** The admin API with the operator's token, as a script would call it. */
  async function admin(method: string, route: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${parts.operator}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return new Browser(parts.adminUrl).request(method, route, {
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** A user logged in through the dev provider, with a card loaded with `amounts` (oldest first). */
  async function userWithCard(name: string, ...amounts: string[]) {
    const browser: PageBrowser = await loggedIn(parts.stack.url, name);
    const made = await browser.send('POST', '/cards/', { name: 'Card' });
    if (made.status !== 201) throw new Error(`card: ${made.status} ${made.text}`);
    const cardId = (made.json() as { id: number }).id;
    for (const amount of amounts) {
      const res = await browser.send('POST', `/cards/${cardId}/load/`, { nonce: 'fake-valid-nonce', amount });
      if (res.status !== 200) throw new Error(`load: ${res.status} ${res.text}`);
    }
    const { loads } = (await browser.send('GET', `/cards/${cardId}/loads/`)).json() as {
      loads: { id: number; processor_transaction_id: string }[];
    };
    return { browser, id: await browser.userId(), cardId, loads: loads.reverse() };
  }

  /** What the development processor signs and posts to the gateway (a dispute opened, a sale settled). */
  async function notify(kind: string, transactionId: string): Promise<void> {
    const res = await fetch(`${parts.fake.url}/dev/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind, transaction_id: transactionId }),
    });
    if (res.status !== 200) throw new Error(`notify: ${res.status}`);
  }

  return { parts, received, receiver, admin, userWithCard, notify };
}
