// Trace context end to end: a client's traceparent goes through the gateway into the payment service
// (gRPC metadata) and onto its log lines; every answer names the trace in X-Request-Id.
import { Browser } from '@gatehouse/test-kit/browser';
import type { Stack } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';
import { type DevProcessorStack, startDevProcessorStack } from './dev-processor-stack';

let running: DevProcessorStack;
let stack: Stack;

beforeAll(async () => {
  // Every settled load has its audit line at info ('load settled').
  running = await startDevProcessorStack({ LOG_LEVEL: 'info' });
  stack = running.stack;
}, 60_000);

afterAll(() => running?.stop());

const HEX32 = /^[0-9a-f]{32}$/;

/** The JSON log lines of a process that name `traceId`. */
function linesOf(name: 'payment' | 'gateway', traceId: string): Record<string, unknown>[] {
  return stack
    .output(name)
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.trace_id === traceId);
}

test("a card load's traceparent reaches the payment service's log line, and X-Request-Id names it", async () => {
  const browser = new Browser(stack.url);
  await browser.devLogin('traced-user');
  const headers = { 'content-type': 'application/json', 'x-xsrf-token': await browser.xsrf() };
  const created = await browser.request('POST', '/cards/', { headers, body: JSON.stringify({ name: 'Card-1' }) });
  expect(created.status).toBe(201);
  const id = (created.json() as { id: number }).id;

  const traceId = '0af7651916cd43dd8448eb211c80319c';
  const res = await browser.request('POST', `/cards/${id}/load/`, {
    headers: { ...headers, traceparent: `00-${traceId}-b7ad6b7169203331-01` },
    body: JSON.stringify({ nonce: 'fake-processor-declined-visa-nonce', amount: '1.00' }),
  });
  expect(res.status).toBe(400);
  expect(res.headers.get('x-request-id')).toBe(traceId);

  // The payment process's own line for this load, written inside the gRPC call the gateway made.
  await until(() => linesOf('payment', traceId).length > 0, { what: "payment's line" });
  expect(linesOf('payment', traceId)).toEqual([
    expect.objectContaining({
      service: 'payment',
      level: 30,
      msg: 'load settled',
      audit: 'load',
      outcome: 'failed',
      cardId: id,
      amount: '1.00',
      errorCodes: ['2000'],
      span_id: expect.stringMatching(/^[0-9a-f]{16}$/),
    }),
  ]);
  // The gateway's access line for the 400 names the same trace. It is written as the answer leaves and
  // reaches this process through a pipe, so it may come after the answer: wait for it as for the other.
  await until(() => linesOf('gateway', traceId).length > 0, { what: "the gateway's line" });
  expect(linesOf('gateway', traceId)).toEqual([expect.objectContaining({ msg: 'request', status: 400 })]);
});

test("a succeeded load's audit line is found by the X-Request-Id of its answer, and names no nonce", async () => {
  const browser = new Browser(stack.url);
  await browser.devLogin('audited-user');
  const headers = { 'content-type': 'application/json', 'x-xsrf-token': await browser.xsrf() };
  const created = await browser.request('POST', '/cards/', { headers, body: JSON.stringify({ name: 'Card-1' }) });
  const id = (created.json() as { id: number }).id;
  const res = await browser.request('POST', `/cards/${id}/load/`, {
    headers,
    body: JSON.stringify({ nonce: 'fake-valid-nonce', amount: '12.34' }),
  });
  expect(res.status).toBe(200);
  const requestId = res.headers.get('x-request-id') ?? '';
  expect(requestId).toMatch(HEX32);
  await stack.waitForOutput('payment', (out) => out.includes(requestId), 5000);
  const lines = linesOf('payment', requestId);
  expect(lines).toEqual([
    expect.objectContaining({
      level: 30,
      msg: 'load settled',
      outcome: 'succeeded',
      status: 'succeeded',
      ownerId: expect.stringMatching(/^dev_/),
      cardId: id,
      amount: '12.34',
      processorTransactionId: expect.stringMatching(/^[0-9a-f]{10}$/),
      loadId: expect.any(Number),
    }),
  ]);
  expect(JSON.stringify(lines)).not.toContain('fake-valid-nonce');
});

test('a request without traceparent, or with an invalid one, gets a new trace id of its own', async () => {
  const anonymous = new Browser(stack.url);
  const ids = new Set<string>();
  const cases: Record<string, string>[] = [
    {},
    {},
    { traceparent: '00-00000000000000000000000000000000-b7ad6b7169203331-01' },
    { traceparent: '00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01' },
    { traceparent: 'garbage' },
  ];
  for (const headers of cases) {
    const id = (await anonymous.get('/auth/list', headers)).headers.get('x-request-id') ?? '';
    expect(id).toMatch(HEX32);
    expect(id).not.toBe('0af7651916cd43dd8448eb211c80319c');
    ids.add(id);
  }
  expect(ids.size).toBe(5);
});

test('errors and the /auth/user hot path answer with X-Request-Id too', async () => {
  const browser = new Browser(stack.url);
  await browser.devLogin('hot-user');
  const traceparent = '00-1234567890abcdef1234567890abcdef-b7ad6b7169203331-00';
  // The second /auth/user is answered from the verified-token cache by the hot path.
  for (let i = 0; i < 2; i++) {
    const user = await browser.getWithXsrf('/auth/user');
    expect(user.status).toBe(200);
    expect(user.headers.get('x-request-id')).toMatch(HEX32);
  }
  const hot = await browser.get('/auth/user', { 'x-xsrf-token': await browser.xsrf(), traceparent });
  expect(hot.headers.get('x-request-id')).toBe('1234567890abcdef1234567890abcdef');
  const missing = await browser.get('/no/such/route', { traceparent });
  expect(missing.status).toBe(404);
  expect(missing.headers.get('x-request-id')).toBe('1234567890abcdef1234567890abcdef');
  const refused = await new Browser(stack.url).request('PROPFIND', '/auth/user');
  expect(refused.status).toBe(405);
  expect(refused.headers.get('x-request-id')).toMatch(HEX32);
});
