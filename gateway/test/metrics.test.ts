// Prometheus metrics end to end: every process started with its own metrics port, real traffic through
// the gateway (a dev login, /auth/user, card loads against the fake Braintree), then each process's
// GET /metrics read and the series checked by value.

import { createClient } from '@gatehouse/grpc-kit';
import { loadProto, type telegram } from '@gatehouse/proto';
import { Browser } from '@gatehouse/test-kit/browser';
import { createLedgerDatabase as createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { metricValue as value } from '@gatehouse/test-kit/metric-value';
import { processorEnv } from '@gatehouse/test-kit/processor';
import { type ServiceName, type Stack, startStack } from '@gatehouse/test-kit/stack';
import { type DevProcessor, startDevProcessor } from '../../services/payment/src/processor/dev';

let stack: Stack;
let db: TestDatabase;
let fake: DevProcessor;

beforeAll(async () => {
  db = await createTestDatabase();
  fake = await startDevProcessor({ recordRequests: true });
  stack = await startStack({
    services: ['auth', 'avatar', 'telegram-bot', 'payment', 'gateway'],
    metrics: true,
    env: { DATABASE_URL: db.url, ...processorEnv(fake, '2s') },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
  await db?.drop();
});

async function scrape(name: ServiceName): Promise<string> {
  const port = stack.metricsPorts?.[name];
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

async function loggedIn(name: string): Promise<Browser> {
  const browser = new Browser(stack.url);
  const res = await browser.devLogin(name);
  expect(res.status).toBe(200);
  return browser;
}

test('the event-loop lag is sampled while requests come, and not in a process only probes reach', async () => {
  // A monitor stops 2-4 s after the last request; the stack's start made a few. Until it has stopped,
  // two scrapes 300 ms apart find samples between them.
  const quietMax = async (name: ServiceName) => {
    await scrape(name);
    await new Promise((r) => setTimeout(r, 300));
    return value(await scrape(name), 'nodejs_eventloop_lag_max_seconds');
  };
  for (const name of ['telegram-bot', 'gateway'] as const) {
    const giveUp = Date.now() + 10_000;
    while ((await quietMax(name)) > 0 && Date.now() < giveUp);
    expect(await quietMax(name)).toBe(0);
  }
  // The stack checks telegram-bot's gRPC health all along, and the gateway's /health/* is probed: neither
  // is a request that starts the monitor.
  expect((await fetch(`${stack.url}/health/live`)).status).toBe(200);
  expect((await fetch(`${stack.url}/health/ready`)).status).toBe(200);
  expect(await quietMax('gateway')).toBe(0);
  // A request is: the samples show until the next scrape.
  expect((await fetch(`${stack.url}/auth/user`)).status).toBe(401);
  await new Promise((r) => setTimeout(r, 300));
  const sampled = await scrape('gateway');
  expect(value(sampled, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThan(0);
  expect(value(sampled, 'nodejs_eventloop_lag_p50_seconds')).toBeGreaterThan(0);
});

test('a dev login counts once on the gateway, and /auth/user under its route template', async () => {
  const login = { provider: 'dev', outcome: 'success' };
  const before = await scrape('gateway');
  const browser = await loggedIn('metrics-alice');
  const middle = await scrape('gateway');
  expect(value(middle, 'gatehouse_logins_total', login) - value(before, 'gatehouse_logins_total', login)).toBe(1);

  for (let i = 0; i < 3; i++) expect((await browser.getWithXsrf('/auth/user')).status).toBe(200);
  const after = await scrape('gateway');
  const userRoute = { route: '/auth/user', method: 'GET', status_class: '2xx' };
  expect(
    value(after, 'gatehouse_http_requests_total', userRoute) -
      value(middle, 'gatehouse_http_requests_total', userRoute),
  ).toBe(3);
  expect(value(after, 'gatehouse_http_request_duration_seconds_count', userRoute)).toBeGreaterThanOrEqual(3);
  // The callback counts under the router's pattern, never the raw path.
  expect(value(after, 'gatehouse_http_requests_total', { route: '/auth/:provider/:action' })).toBeGreaterThan(0);
  expect(after).not.toContain('route="/auth/dev/callback"');
  const checks = (text: string) =>
    value(text, 'gatehouse_token_checks_total', { outcome: 'cache_hit' }) +
    value(text, 'gatehouse_token_checks_total', { outcome: 'verified' });
  expect(checks(after) - checks(middle)).toBe(3);
  expect(value(after, 'gatehouse_http_requests_in_flight')).toBe(0);

  // The gateway's gRPC clients: the login's CompleteLogin, counted by service, method and code.
  expect(
    value(after, 'gatehouse_grpc_client_calls_total', {
      service: 'auth.v1.AuthService',
      method: 'CompleteLogin',
      code: 'OK',
    }),
  ).toBeGreaterThanOrEqual(1);
});

test('a token without its XSRF header is refused as xsrf_mismatch, by its typed reason', async () => {
  const browser = new Browser(stack.url);
  await browser.devLogin('xsrf_metrics_user');
  const before = await scrape('gateway');
  expect((await browser.get('/auth/user')).status).toBe(401);
  const after = await scrape('gateway');
  const refused = { outcome: 'refused', reason: 'xsrf_mismatch' };
  expect(
    value(after, 'gatehouse_token_checks_total', refused) - value(before, 'gatehouse_token_checks_total', refused),
  ).toBe(1);
});

test('an anonymous /auth/user is a refused token check with its reason', async () => {
  const before = await scrape('gateway');
  expect((await new Browser(stack.url).get('/auth/user')).status).toBe(401);
  const after = await scrape('gateway');
  const refused = { outcome: 'refused', reason: 'no_token' };
  expect(
    value(after, 'gatehouse_token_checks_total', refused) - value(before, 'gatehouse_token_checks_total', refused),
  ).toBe(1);
  const route = { route: '/auth/user', status_class: '4xx' };
  expect(
    value(after, 'gatehouse_http_requests_total', route) - value(before, 'gatehouse_http_requests_total', route),
  ).toBe(1);
});

test('the auth and avatar services count the login: gRPC calls served, session issued, avatar stored', async () => {
  const [authBefore, avatarBefore] = await Promise.all([scrape('auth'), scrape('avatar')]);
  await loggedIn('metrics-bob');
  const [auth, avatar] = await Promise.all([scrape('auth'), scrape('avatar')]);
  const completed = { service: 'auth.v1.AuthService', method: 'CompleteLogin', code: 'OK' };
  expect(
    value(auth, 'gatehouse_grpc_server_calls_total', completed) -
      value(authBefore, 'gatehouse_grpc_server_calls_total', completed),
  ).toBe(1);
  expect(value(auth, 'gatehouse_grpc_server_duration_seconds_count', completed)).toBeGreaterThanOrEqual(1);
  const issued = { provider: 'dev', via: 'oauth2' };
  expect(
    value(auth, 'gatehouse_auth_sessions_issued_total', issued) -
      value(authBefore, 'gatehouse_auth_sessions_issued_total', issued),
  ).toBe(1);
  // The auth service called the avatar service, and the avatar service stored one avatar.
  expect(value(auth, 'gatehouse_grpc_client_calls_total', { service: 'avatar.v1.AvatarService' })).toBeGreaterThan(0);
  expect(value(avatar, 'gatehouse_avatar_stores_total') - value(avatarBefore, 'gatehouse_avatar_stores_total')).toBe(1);
  expect(
    value(avatar, 'gatehouse_grpc_server_calls_total', { service: 'avatar.v1.AvatarService', code: 'OK' }),
  ).toBeGreaterThan(0);
  // Redis (the tests' real one) is connected.
  expect(value(auth, 'gatehouse_redis_connection_ready', { client: 'auth' })).toBe(1);
});

test('a logout counts on the auth service, and its ended session is held', async () => {
  const browser = await loggedIn('metrics-erin');
  const before = await scrape('auth');
  expect((await browser.getWithXsrf('/auth/logout')).status).toBe(200);
  const after = await scrape('auth');
  expect(value(after, 'gatehouse_auth_logouts_total') - value(before, 'gatehouse_auth_logouts_total')).toBe(1);
  expect(value(after, 'gatehouse_auth_revocations_held')).toBeGreaterThanOrEqual(1);
  expect(value(after, 'gatehouse_auth_revocations_held') - value(before, 'gatehouse_auth_revocations_held')).toBe(1);
});

test("the gateway's avatar cache counts a miss, then a hit; avatar routes count under their mount", async () => {
  const browser = await loggedIn('metrics-dave');
  const picture = ((await browser.getWithXsrf('/auth/user')).json() as { picture: string }).picture;
  const before = await scrape('gateway');
  expect((await browser.get(picture)).status).toBe(200);
  expect((await browser.get(picture)).status).toBe(200);
  const after = await scrape('gateway');
  const delta = (metric: string, labels: Record<string, string>) =>
    value(after, metric, labels) - value(before, metric, labels);
  expect(delta('gatehouse_avatar_cache_lookups_total', { result: 'miss' })).toBe(1);
  expect(delta('gatehouse_avatar_cache_lookups_total', { result: 'hit' })).toBe(1);
  expect(delta('gatehouse_http_requests_total', { route: '/avatar/*', method: 'GET', status_class: '2xx' })).toBe(2);
});

test('a load refused by the 1-day limit counts once as a limit refusal, an approved one as succeeded', async () => {
  const browser = await loggedIn('metrics-carol');
  const send = async (method: string, path: string, body: unknown) =>
    browser.request(method, path, {
      headers: { 'content-type': 'application/json', 'x-xsrf-token': await browser.xsrf() },
      body: JSON.stringify(body),
    });
  const card = (await send('POST', '/cards/', { name: 'metrics' })).json() as { id: number };
  const before = await scrape('payment');
  expect((await send('POST', `/cards/${card.id}/load/`, { nonce: 'fake-valid-nonce', amount: '495.00' })).status).toBe(
    200,
  );
  const refusedAnswer = await send('POST', `/cards/${card.id}/load/`, { nonce: 'fake-valid-nonce', amount: '5.01' });
  expect((refusedAnswer.json() as { status: string }).status).toBe('error');
  const after = await scrape('payment');
  const delta = (metric: string, labels: Record<string, string>) =>
    value(after, metric, labels) - value(before, metric, labels);
  expect(delta('gatehouse_payment_limit_refusals_total', { limit: 'compliance-1-day' })).toBe(1);
  expect(delta('gatehouse_payment_loads_total', { status: 'refused' })).toBe(1);
  expect(delta('gatehouse_payment_loads_total', { status: 'succeeded' })).toBe(1);
  expect(delta('gatehouse_payment_processor_calls_total', { operation: 'sale', outcome: 'approved' })).toBe(1);
  expect(delta('gatehouse_payment_processor_duration_seconds_count', { operation: 'sale' })).toBe(1);
  expect(
    delta('gatehouse_grpc_server_calls_total', {
      service: 'payment.v1.PaymentService',
      method: 'LoadCard',
      code: 'OK',
    }),
  ).toBe(2);
  // Nothing is left open, and the ledger's pool is visible.
  expect(value(after, 'gatehouse_payment_open_loads')).toBe(0);
  expect(value(after, 'gatehouse_payment_oldest_open_load_age_seconds')).toBe(0);
  expect(value(after, 'gatehouse_pg_pool_connections', { pool: 'ledger', state: 'total' })).toBeGreaterThan(0);
});

test('a reversal counts once by status and method (its replay not again); notifications by kind and outcome', async () => {
  const browser = await loggedIn('metrics-erin');
  const send = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    browser.request(method, path, {
      headers: { 'content-type': 'application/json', 'x-xsrf-token': await browser.xsrf(), ...headers },
      body: JSON.stringify(body),
    });
  const card = (await send('POST', '/cards/', { name: 'metrics-back' })).json() as { id: number };
  for (const amount of ['10.00', '20.00']) {
    expect((await send('POST', `/cards/${card.id}/load/`, { nonce: 'fake-valid-nonce', amount })).status).toBe(200);
  }
  const loads = (
    (await browser.getWithXsrf(`/cards/${card.id}/loads/`)).json() as {
      loads: { id: number; processor_transaction_id: string }[];
    }
  ).loads;
  const [second, first] = loads as [{ id: number; processor_transaction_id: string }, { id: number }];
  // Signed by the development processor, posted to the gateway's public route as Braintree would.
  const signed = (await (
    await fetch(`${fake.url}/dev/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'dispute_opened', transaction_id: second.processor_transaction_id, deliver: false }),
    })
  ).json()) as { bt_signature: string; bt_payload: string };
  const post = () =>
    fetch(`${stack.url}/payment/webhooks/braintree`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ bt_signature: signed.bt_signature, bt_payload: signed.bt_payload }).toString(),
    });

  const before = await scrape('payment');
  const reverse = () => send('POST', `/cards/${card.id}/loads/${first.id}/reverse`, {}, { 'idempotency-key': 'm-1' });
  expect((await reverse()).status).toBe(200);
  expect((await reverse()).headers.get('idempotent-replayed')).toBe('true');
  expect((await post()).status).toBe(200);
  expect((await post()).status).toBe(200);
  const after = await scrape('payment');
  const delta = (metric: string, labels: Record<string, string>) =>
    value(after, metric, labels) - value(before, metric, labels);
  expect(delta('gatehouse_payment_reversals_total', { status: 'succeeded', method: 'void' })).toBe(1);
  expect(delta('gatehouse_payment_processor_calls_total', { operation: 'void', outcome: 'reversed' })).toBe(1);
  expect(delta('gatehouse_payment_notifications_total', { kind: 'dispute_opened', outcome: 'applied' })).toBe(1);
  expect(delta('gatehouse_payment_notifications_total', { kind: 'dispute_opened', outcome: 'duplicate' })).toBe(1);
});

test.each<ServiceName>(['gateway', 'auth', 'avatar', 'telegram-bot', 'payment'])(
  '%s serves process metrics labelled with its name',
  async (name) => {
    const text = await scrape(name);
    expect(value(text, 'process_resident_memory_bytes', { process: name })).toBeGreaterThan(0);
    expect(value(text, 'nodejs_heap_size_used_bytes', { process: name })).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    // The gRPC health state, for the "running but not SERVING" alert; the gateway serves no gRPC.
    if (name !== 'gateway') expect(value(text, 'gatehouse_grpc_serving', { process: name })).toBe(1);
  },
);

test('gRPC calls refused for want of a caller credential are counted with their code', async () => {
  const where = { service: 'telegram.v1.TelegramBotService', method: 'CreateLoginRequest', code: 'UNAUTHENTICATED' };
  const before = await scrape('telegram-bot');
  const client = createClient<telegram.TelegramBotServiceClient>(
    loadProto('telegram').grpcObject.telegram.v1.TelegramBotService,
    `127.0.0.1:${stack.ports.telegram}`,
  );
  await expect(client.call.createLoginRequest({})).rejects.toMatchObject({ code: 16 });
  client.close();
  const after = await scrape('telegram-bot');
  expect(
    value(after, 'gatehouse_grpc_server_calls_total', where) -
      value(before, 'gatehouse_grpc_server_calls_total', where),
  ).toBe(1);
});

test('metrics are not on the public port, and only GET /metrics is served on the metrics port', async () => {
  const publicAnswer = await fetch(`${stack.url}/metrics`);
  expect([404, 405]).toContain(publicAnswer.status);
  expect(await publicAnswer.text()).not.toContain('process_resident_memory_bytes');
  expect(stack.metricsPorts?.gateway).not.toBe(stack.ports.gateway);
  const port = stack.metricsPorts?.gateway;
  expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(405);
});
