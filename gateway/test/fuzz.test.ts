// Fuzzing the running stack: at least 10,000 hostile requests across every route (auth with hostile
// `from`, bodies and encodings; avatar ids; payment routes with good, missing and forged sessions;
// strangely signed tokens; giant and duplicated headers; odd methods), plus malformed HTTP on raw
// sockets. It passes when no answer is a 5xx, no connection is dropped without an answer, and every
// process still answers afterwards. The seed is printed; FUZZ_SEED=<seed> replays the same inputs.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { createLedgerDatabase as createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Credentials, Gen, hostileRequest, malformedHttp, prng } from '@gatehouse/test-kit/fuzz/hostile';
import { sendHostile } from '@gatehouse/test-kit/fuzz/send';
import { processorEnv } from '@gatehouse/test-kit/processor';
import { type Stack, startStack, waitForGrpcHealth } from '@gatehouse/test-kit/stack';
import { type DevProcessor, startDevProcessor } from '../../services/payment/src/processor/dev';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const RAW_SOCKETS = 300;
const CONCURRENCY = 16;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

let stack: Stack;
let db: TestDatabase;
let fake: DevProcessor;
let upstream: http.Server;
let dir: string;

beforeAll(async () => {
  console.log(`fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED} pnpm test gateway/test/fuzz)`);
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-fuzz-'));
  db = await createTestDatabase();
  fake = await startDevProcessor({ recordRequests: true });
  upstream = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('upstream'));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const config = path.join(dir, 'auth.json');
  writeFileSync(
    config,
    JSON.stringify({
      routes: [
        { prefix: '/app', upstream: upstreamUrl, policy: 'auth' },
        { prefix: '/app/admin', upstream: upstreamUrl, policy: 'admin' },
      ],
    }),
  );
  stack = await startStack({
    services: ['auth', 'avatar', 'payment', 'gateway'],
    env: {
      DATABASE_URL: db.url,
      AUTH_CONFIG: config,
      AUTH_ADMIN_PASSWD: 'admin-password-for-fuzzing',
      ...processorEnv(fake, '5s'),
    },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
  await db?.drop();
  upstream?.closeAllConnections();
  await new Promise((r) => upstream?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

async function credentials(): Promise<Credentials> {
  const browser = new Browser(stack.url);
  await browser.devLogin('fuzzer');
  const xsrf = await browser.xsrf();
  const cookie = await browser.jar.getCookieString(stack.url);
  const token = (await browser.cookie('JWT')) ?? '';
  const res = await browser.request('POST', '/cards/', {
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
    body: '{"name":"fuzz"}',
  });
  return { cookie, xsrf, token, cardId: (res.json() as { id: number }).id };
}

function sendRaw(bytes: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(stack.ports.gateway, '127.0.0.1', () => socket.end(bytes));
    let answer = '';
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('data', (c: Buffer) => {
      answer += c.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(answer));
  });
}

it('answers every hostile request without a 5xx or a dropped connection, and every process survives', async () => {
  const creds = await credentials();
  const gen = new Gen(prng(SEED));
  const requests = Array.from({ length: REQUESTS }, () => hostileRequest(gen, creds, '/avatar'));
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let unsendable = 0;
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const req = requests[next++] as ReturnType<typeof hostileRequest>;
        const outcome = await sendHostile(agent, stack.ports.gateway, req);
        if ('unsendable' in outcome) unsendable++;
        else if ('dropped' in outcome)
          failures.push(`dropped ${req.method} ${req.path.slice(0, 120)}: ${outcome.dropped}`);
        else {
          statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
          if (outcome.status >= 500) failures.push(`${outcome.status} ${req.method} ${req.path.slice(0, 120)}`);
        }
      }
    }),
  );
  agent.destroy();
  const rawGen = new Gen(prng(SEED + 1));
  for (let i = 0; i < RAW_SOCKETS; i++) {
    const bytes = malformedHttp(rawGen);
    const answer = await sendRaw(bytes);
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
    if (status === 0 || status >= 500)
      failures.push(
        `raw ${JSON.stringify(bytes.toString('latin1').slice(0, 60))}: ${answer.slice(0, 40) || 'no answer'}`,
      );
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `fuzz seed ${SEED}: ${REQUESTS} requests (${unsendable} refused by the client library) + ${RAW_SOCKETS} raw sockets in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
  );
  expect(REQUESTS - unsendable).toBeGreaterThanOrEqual(REQUESTS * 0.95);
  expect(failures.slice(0, 20)).toEqual([]);

  // Everyone still answers, and the session used throughout still works.
  expect((await fetch(`${stack.url}/auth/list`)).status).toBe(200);
  for (const port of [stack.ports.auth, stack.ports.avatar, stack.ports.payment]) {
    await waitForGrpcHealth(`127.0.0.1:${port}`, 5_000);
  }
  // (The fuzzer's own session may have been logged out by one of its requests: a fresh login.)
  const fresh = await credentials();
  const user = await fetch(`${stack.url}/auth/user`, { headers: { cookie: fresh.cookie, 'x-xsrf-token': fresh.xsrf } });
  expect(user.status).toBe(200);
  const cards = await fetch(`${stack.url}/cards/`, { headers: { cookie: fresh.cookie, 'x-xsrf-token': fresh.xsrf } });
  expect(cards.status).toBe(200);
}, 240_000);
