// Upstream metrics: calls to AUTH_CONFIG routes counted by route prefix and status, or why there was
// no answer, read from the gateway's /metrics after real requests.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, type Stack, startStack } from '@gatehouse/test-kit/stack';

let stack: Stack;
let upstream: http.Server;
let dir: string;

beforeAll(async () => {
  upstream = http.createServer((req, res) => res.writeHead(req.url?.includes('missing') ? 404 : 200).end('ok'));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  dir = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-metrics-'));
  const file = path.join(dir, 'config.json');
  const nobody = `http://127.0.0.1:${await freePort()}`;
  writeFileSync(
    file,
    JSON.stringify({
      routes: [
        { prefix: '/app', upstream: url, policy: 'trace' },
        { prefix: '/gone', upstream: nobody, policy: 'trace' },
      ],
    }),
  );
  stack = await startStack({ services: ['auth', 'avatar', 'gateway'], metrics: true, env: { AUTH_CONFIG: file } });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function sample(metric: string, labels: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${stack.metricsPorts?.gateway}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${metric}{${labels},`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

test('upstream calls count by route prefix and status class, and failures by why', async () => {
  expect((await fetch(`${stack.url}/app/some/page`)).status).toBe(200);
  expect((await fetch(`${stack.url}/app/missing`)).status).toBe(404);
  expect((await fetch(`${stack.url}/gone/x`)).status).toBe(502);
  expect(await sample('gatehouse_upstream_calls_total', 'route="/app",status="2xx"')).toBe(1);
  expect(await sample('gatehouse_upstream_calls_total', 'route="/app",status="4xx"')).toBe(1);
  expect(await sample('gatehouse_upstream_calls_total', 'route="/gone",status="unavailable"')).toBe(1);
  // The HTTP series name the route by the router's pattern, not the path the client sent.
  expect(await sample('gatehouse_http_requests_total', 'route="/app/{*rest}",method="GET",status_class="2xx"')).toBe(1);
});
