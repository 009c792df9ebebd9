// SIGTERM drains the gateway within its deadline: requests in flight are answered, every answer after
// the signal says Connection: close, and kept-alive clients that keep sending cannot hold it open.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';

let stack: Stack;
let upstream: http.Server;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-shutdown-'));
  upstream = http.createServer((_req, res) => setTimeout(() => res.end('slow answer'), 1_000));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const config = path.join(dir, 'auth.json');
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  writeFileSync(config, JSON.stringify({ routes: [{ prefix: '/slow', upstream: upstreamUrl, policy: 'trace' }] }));
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: { AUTH_CONFIG: config, GATEWAY_SHUTDOWN_TIMEOUT: '2s' },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  upstream?.closeAllConnections();
  await new Promise((r) => upstream?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

function get(agent: http.Agent, target: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ agent, host: '127.0.0.1', port: stack.ports.gateway, path: target }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    req.on('error', reject);
  });
}

it('answers what is in flight, says Connection: close, and exits by the deadline despite busy clients', async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  let signalled = 0;
  const afterSignal: { at: number; connection: string | undefined }[] = [];
  const loop = async () => {
    for (;;) {
      try {
        const res = await get(agent, '/auth/status');
        if (signalled) afterSignal.push({ at: Date.now() - signalled, connection: res.connection });
      } catch {
        return; // the gateway stopped accepting
      }
    }
  };
  const clients = Array.from({ length: 8 }, loop);
  await new Promise((r) => setTimeout(r, 300));
  const inFlight = get(new http.Agent({ keepAlive: true }), '/slow/x');
  await new Promise((r) => setTimeout(r, 100));
  signalled = Date.now();
  await stack.kill('gateway', 'SIGTERM');
  const exitedAfter = Date.now() - signalled;
  expect(exitedAfter).toBeLessThan(4_000); // the deadline is 2 s; without one it waits for the clients
  expect(await inFlight).toEqual({ status: 200, connection: 'close' });
  await Promise.all(clients);
  // Answers sent once the gateway had taken the signal in (the signal needs a moment to arrive).
  const settled = afterSignal.filter((a) => a.at > 200);
  expect(settled.every((a) => a.connection === 'close')).toBe(true);
  agent.destroy();
}, 30_000);
