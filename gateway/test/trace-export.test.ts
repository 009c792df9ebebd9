// Span export: with OTEL_EXPORTER_OTLP_ENDPOINT set, every process starts the OpenTelemetry SDK and
// sends its spans by OTLP/HTTP (JSON) to the collector, here a loopback server that keeps what it gets.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Browser } from '@gatehouse/test-kit/browser';
import type { Stack } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';
import { type DevProcessorStack, startDevProcessorStack } from './dev-processor-stack';

interface Span {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
}

let running: DevProcessorStack;
let stack: Stack;
let collector: http.Server;
const spans: Span[] = [];
/** Every body the collector received, as sent: secrets are looked for in these bytes. */
const received: Buffer[] = [];

beforeAll(async () => {
  collector = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      received.push(chunk);
      body += chunk;
    });
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.includes('json')) {
        type Attr = { key: string; value: { stringValue?: string } };
        const sent = JSON.parse(body) as {
          resourceSpans: { resource: { attributes: Attr[] }; scopeSpans: { spans: Omit<Span, 'service'>[] }[] }[];
        };
        for (const { resource, scopeSpans } of sent.resourceSpans) {
          const service = resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
          for (const scope of scopeSpans) for (const span of scope.spans) spans.push({ ...span, service });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
  running = await startDevProcessorStack({
    LOG_LEVEL: 'info',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
    OTEL_BSP_SCHEDULE_DELAY: '100',
  });
  stack = running.stack;
}, 60_000);

afterAll(async () => {
  await running?.stop();
  await new Promise((r) => collector?.close(r));
});

async function spansOf(traceId: string, services: string[]): Promise<Span[]> {
  const of = () => spans.filter((s) => s.traceId === traceId);
  await until(() => services.every((name) => of().some((s) => s.service === name)), {
    ms: 10_000,
    everyMs: 100,
    what: `spans of ${services.join(', ')}`,
  });
  return of();
}

test("a card load's spans reach the collector under the client's trace id, from gateway to Postgres", async () => {
  const browser = new Browser(stack.url);
  await browser.devLogin('exported-user');
  const headers = { 'content-type': 'application/json', 'x-xsrf-token': await browser.xsrf() };
  const created = await browser.request('POST', '/cards/', { headers, body: JSON.stringify({ name: 'Card-1' }) });
  const id = (created.json() as { id: number }).id;
  const traceId = '5b8efff798038103d269b633813fc60c';
  const res = await browser.request('POST', `/cards/${id}/load/`, {
    headers: { ...headers, traceparent: `00-${traceId}-eee19b7ec3c1b174-01` },
    body: JSON.stringify({ nonce: 'fake-processor-declined-visa-nonce', amount: '1.00' }),
  });
  expect(res.status).toBe(400);
  expect(res.headers.get('x-request-id')).toBe(traceId);

  const traced = await spansOf(traceId, ['gateway', 'payment']);
  const names = traced.map((s) => `${s.service} ${s.name}`);
  expect(names).toContain('gateway POST');
  expect(names).toContain('gateway grpc.payment.v1.PaymentService/LoadCard');
  expect(names).toContain('payment grpc.payment.v1.PaymentService/LoadCard');
  // Postgres inside the payment call. (The development processor is called in-process, so no HTTP span;
  // a real processor's calls are the braintree SDK's, which the HTTP instrumentation traces.)
  expect(traced.some((s) => s.service === 'payment' && /^(pg\.|SELECT|INSERT|UPDATE|BEGIN)/.test(s.name))).toBe(true);

  // The payment log line names the exported span it was written in.
  const line = (await stack.waitForOutput('payment', (out) => out.includes(traceId)))
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { trace_id?: string; span_id?: string; msg: string })
    .find((l) => l.trace_id === traceId);
  expect(line?.msg).toBe('load settled');
  expect(traced.map((s) => s.spanId)).toContain(line?.span_id);
}, 30_000);

test('without a traceparent, X-Request-Id is the trace id of the exported spans', async () => {
  const res = await new Browser(stack.url).get('/auth/list');
  const traceId = res.headers.get('x-request-id') ?? '';
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  const traced = await spansOf(traceId, ['gateway', 'auth']);
  expect(traced.map((s) => `${s.service} ${s.name}`)).toEqual(
    expect.arrayContaining(['gateway GET', 'auth grpc.auth.v1.AuthService/ListProviders']),
  );
}, 30_000);

test('no secret reaches the collector: tokens, OAuth code and state, in URLs, targets and queries (issue 25, item 2)', async () => {
  const browser = new Browser(stack.url);
  // The dev login by hand, to know its state and one-time code.
  const start = await browser.get('/auth/dev/login');
  const authorize = start.headers.get('location') as string;
  const state = new URL(authorize).searchParams.get('state') as string;
  await browser.request('GET', authorize);
  const submitted = await browser.request('POST', authorize, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'traced-secret-user' }).toString(),
  });
  const callback = submitted.headers.get('location') as string;
  const code = new URL(callback).searchParams.get('code') as string;
  expect((await browser.request('GET', callback)).status).toBe(200);
  const token = (await browser.cookie('JWT')) as string;
  const signature = token.split('.')[2] as string;
  // ?token= through Koa, then again on the before-Koa /auth/user answer, and on another route.
  const ids: string[] = [];
  for (const path of [`/auth/user?token=${token}`, `/auth/user?token=${token}`, `/auth/status?token=${token}`]) {
    const res = await new Browser(stack.url).get(path);
    expect(res.status).toBe(200);
    ids.push(res.headers.get('x-request-id') ?? '');
  }
  // The spans of those requests were exported (so the search below is not vacuous)...
  for (const id of ids) expect((await spansOf(id, ['gateway'])).length).toBeGreaterThan(0);
  await new Promise((r) => setTimeout(r, 500));
  const bytes = Buffer.concat(received).toString('latin1');
  expect(bytes).toContain('/auth/user');
  // ...and none of the secrets is in what was sent.
  for (const secret of [token, signature, code, state]) expect(bytes.includes(secret)).toBe(false);
}, 30_000);
