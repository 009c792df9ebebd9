// The card-loading API end to end: real auth, avatar, payment and gateway processes, a logged-in
// browser, the real braintree SDK (inside the payment process) talking to the loopback gateway.

import { Browser } from '@gatehouse/test-kit/browser';
import { createLedgerDatabase as createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { processorEnv } from '@gatehouse/test-kit/processor';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { type DevProcessor, startDevProcessor } from '../../services/payment/src/processor/dev';

const NOT_FOUND_TEXT =
  'The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.';

let stack: Stack;
let db: TestDatabase;
let fake: DevProcessor;

beforeAll(async () => {
  db = await createTestDatabase();
  fake = await startDevProcessor({ recordRequests: true });
  stack = await startStack({
    services: ['auth', 'avatar', 'payment', 'gateway'],
    env: {
      DATABASE_URL: db.url,
      ...processorEnv(fake, '2s'),
      PAYMENT_MAX_CARDS_PER_OWNER: '5',
    },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
  await db?.drop();
});

afterEach(() => expect(fake.violations).toEqual([]));

/** A logged-in browser that sends JSON with the XSRF header, as the page's script would. */
async function user(name: string) {
  const browser = new Browser(stack.url);
  await browser.devLogin(name);
  const send = async (method: string, path: string, body?: string, headers: Record<string, string> = {}) => {
    const res = await browser.request(method, path, {
      headers: { 'content-type': 'application/json', 'x-xsrf-token': await browser.xsrf(), ...headers },
      body,
    });
    return { status: res.status, body: res.text === '' ? undefined : res.json(), headers: res.headers };
  };
  const createCard = async (cardName: string) => {
    const res = await send('POST', '/cards/', JSON.stringify({ name: cardName }));
    expect(res.status).toBe(201);
    return (res.body as { id: number }).id;
  };
  const load = (cardId: number, amount: unknown, extra: Record<string, unknown> = {}, headers = {}) =>
    send('POST', `/cards/${cardId}/load/`, JSON.stringify({ nonce: 'fake-valid-nonce', amount, ...extra }), headers);
  return { browser, send, createCard, load };
}

const error = (code: string, message: string | RegExp) => ({
  status: 'error',
  errors: [{ code, message: typeof message === 'string' ? message : expect.stringMatching(message) }],
});

test('every payment route requires a logged-in user, in the contract shape', async () => {
  const anonymous = new Browser(stack.url);
  for (const [method, path] of [
    ['POST', '/tokens/'],
    ['GET', '/cards/'],
    ['POST', '/cards/'],
    ['POST', '/cards/1/load/'],
    ['GET', '/cards/1/loads/'],
  ] as const) {
    const res = await anonymous.request(method, path, {
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    expect([method, path, res.status]).toEqual([method, path, 401]);
    expect(res.json()).toEqual({ status: 'error', errors: [{ code: 'http-401', message: expect.any(String) }] });
  }
  // A cookie without the XSRF header is refused too.
  const { browser } = await user('xsrf-less');
  expect((await browser.get('/cards/')).status).toBe(401);
});

test('POST /tokens/ answers a base64 client token', async () => {
  const { send } = await user('token-user');
  const res = await send('POST', '/tokens/', '{}');
  expect(res.status).toBe(200);
  const token = (res.body as { client_token: string }).client_token;
  expect(JSON.parse(Buffer.from(token, 'base64').toString('utf8'))).toMatchObject({ version: 2 });
});

test('cards are created and listed with two-decimal balances; a load credits the card', async () => {
  const { send, load } = await user('alice-cards');
  const created = await send('POST', '/cards/', JSON.stringify({ name: 'Card-1' }));
  expect(created).toMatchObject({ status: 201, body: { id: expect.any(Number), name: 'Card-1', balance: '0.00' } });
  const id = (created.body as { id: number }).id;

  expect(await load(id, '10.5')).toMatchObject({ status: 200, body: { status: 'ok', errors: [] } });
  expect((await send('GET', '/cards/')).body).toEqual({
    cards: [{ id, name: 'Card-1', balance: '10.50', held: '0.00', frozen: false }],
    next: null,
  });
  const loads = await send('GET', `/cards/${id}/loads/`);
  expect(loads.body).toEqual({
    loads: [
      {
        id: expect.any(Number),
        amount: '10.50',
        status: 'succeeded',
        processor_transaction_id: expect.any(String),
        processor_response_code: '1000',
        processor_response_text: 'Approved',
        created_at: expect.stringMatching(/Z$/),
        reversible: '10.50',
        reversals: [],
      },
    ],
  });
});

test('the 1-day compliance limit: 495.00 + 5.01 is refused with the exact message, 495.00 + 5.00 is allowed', async () => {
  const { createCard, load, send } = await user('compliance-user');
  const id = await createCard('limit');
  expect((await load(id, '495.00')).status).toBe(200);
  const requests = fake.requests.length;
  expect(await load(id, '5.01')).toEqual({
    status: 400,
    body: error('compliance-1-day', '495.00 + 5.01 > 500.00 (1 day)'),
    headers: expect.anything(),
  });
  expect(fake.requests.length).toBe(requests); // never charged
  expect((await load(id, '5.00')).status).toBe(200);
  expect((await send('GET', '/cards/')).body).toEqual({
    cards: [{ id, name: 'limit', balance: '500.00', held: '0.00', frozen: false }],
    next: null,
  });
});

test('a processor decline is a 400 with its code as a string and its text', async () => {
  const { createCard, load, send } = await user('declined-user');
  const id = await createCard('declines');
  const res = await load(id, '10.00', { nonce: 'fake-processor-declined-visa-nonce' });
  expect(res).toMatchObject({ status: 400, body: error('2000', 'Do Not Honor') });
  expect((await send('GET', '/cards/')).body).toEqual({
    cards: [{ id, name: 'declines', balance: '0.00', held: '0.00', frozen: false }],
    next: null,
  });
});

test('a processor that fails or hangs is a 502; the card is not credited', async () => {
  const { createCard, load, send } = await user('unknown-user');
  const id = await createCard('faults');
  fake.faults.push('server-error');
  expect(await load(id, '20.00')).toMatchObject({ status: 502, body: { errors: [{ code: 'processor-unavailable' }] } });
  fake.faults.push('hang');
  expect(await load(id, '30.00')).toMatchObject({ status: 502, body: { errors: [{ code: 'processor-unavailable' }] } });
  expect((await send('GET', '/cards/')).body).toEqual({
    cards: [{ id, name: 'faults', balance: '0.00', held: '0.00', frozen: false }],
    next: null,
  });
  const { loads } = (await send('GET', `/cards/${id}/loads/`)).body as { loads: { status: string }[] };
  expect(loads.map((l) => l.status)).toEqual(['unknown', 'unknown']);
  // Unknown outcomes count against the limit until they are reconciled: 50.00 are taken.
  expect((await load(id, '450.01')).body).toEqual(error('compliance-1-day', '50.00 + 450.01 > 500.00 (1 day)'));
});

test('malformed JSON is http-400 with the decode failure and its position', async () => {
  const { createCard, send } = await user('malformed-user');
  const id = await createCard('m');
  const cases: [string, RegExp][] = [
    [
      '{"nonce" "x"}',
      /^Failed to decode JSON object: Expected ':' after property name at position 9 \(line 1 column 10\)$/,
    ],
    ['', /^Failed to decode JSON object: Unexpected end of input at position 0 \(line 1 column 1\)$/],
    ['{"nonce": "x",\n "amount": 1.2.3}', /^Failed to decode JSON object: .* at position 29 \(line 2 column 15\)$/],
    ['nonce=x&amount=10', /^Failed to decode JSON object: Unexpected token 'o' at position 1 \(line 1 column 2\)$/],
  ];
  for (const [body, message] of cases) {
    expect(await send('POST', `/cards/${id}/load/`, body)).toMatchObject({
      status: 400,
      body: error('http-400', message),
    });
  }
});

test('every malformed body is a 400; a bad amount has its own code and never reaches the processor', async () => {
  const { createCard, send, load } = await user('bodies-user');
  const id = await createCard('b');
  const requests = fake.requests.length;
  const path = `/cards/${id}/load/`;
  expect(await send('POST', path, '[]')).toMatchObject({ status: 400, body: error('http-400', /JSON object/) });
  expect(await send('POST', path, '"10.00"')).toMatchObject({ status: 400, body: error('http-400', /JSON object/) });
  expect(await send('POST', path, '{"amount":"10.00"}')).toMatchObject({
    status: 400,
    body: error('http-400', 'nonce is required'),
  });
  expect(await send('POST', path, '{"nonce":"fake-valid-nonce"}')).toMatchObject({
    status: 400,
    body: error('invalid-amount', /decimal string/),
  });
  for (const amount of [10, '-1.00', '0', '0.00', '1.234', '1e3', 'abc', ' 10.00', '10,00', '', null]) {
    const res = await load(id, amount);
    expect([amount, res.status, (res.body as { errors: { code: string }[] }).errors.map((e) => e.code)]).toEqual([
      amount,
      400,
      ['invalid-amount'],
    ]);
  }
  const both = await send('POST', path, '{"amount":"1.001"}');
  expect((both.body as { errors: { code: string }[] }).errors.map((e) => e.code)).toEqual([
    'http-400',
    'invalid-amount',
  ]);
  expect(fake.requests.length).toBe(requests);
  expect((await send('POST', '/cards/', '{"name":""}')).body).toEqual(error('http-400', 'name is required'));
});

test("an unknown card and another user's card are 404 http-404", async () => {
  const alice = await user('alice-404');
  const bob = await user('bob-404');
  const aliceCard = await alice.createCard("alice's");
  for (const res of [
    await bob.load(aliceCard, '1.00'),
    await bob.send('GET', `/cards/${aliceCard}/loads/`),
    await alice.load(999_999_999, '1.00'),
    await alice.load('abc' as unknown as number, '1.00'),
  ]) {
    expect(res).toMatchObject({ status: 404, body: error('http-404', NOT_FOUND_TEXT) });
  }
  expect((await bob.send('GET', '/cards/')).body).toEqual({ cards: [], next: null });
});

test('Idempotency-Key replays the first answer and refuses a different body', async () => {
  const { createCard, load, send } = await user('idem-user');
  const id = await createCard('i');
  const first = await load(id, '12.00', {}, { 'idempotency-key': 'order-1' });
  expect(first).toMatchObject({ status: 200, body: { status: 'ok', errors: [] } });
  const requests = fake.requests.length;
  const again = await load(id, '12.00', {}, { 'idempotency-key': 'order-1' });
  expect(again).toMatchObject({ status: 200, body: { status: 'ok', errors: [] } });
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(fake.requests.length).toBe(requests);
  expect(await load(id, '13.00', {}, { 'idempotency-key': 'order-1' })).toMatchObject({
    status: 422,
    body: error('idempotency-key-reused', /different request/),
  });
  expect((await send('GET', '/cards/')).body).toEqual({
    cards: [{ id, name: 'i', balance: '12.00', held: '0.00', frozen: false }],
    next: null,
  });
});

test('20 concurrent loads of 100.00 through the gateway: exactly 5 succeed and the balance is 500.00', async () => {
  const { createCard, load, send } = await user('concurrent-user');
  const id = await createCard('race');
  const answers = await Promise.all(Array.from({ length: 20 }, () => load(id, '100.00')));
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses).toEqual([...Array(5).fill(200), ...Array(15).fill(400)]);
  for (const a of answers.filter((x) => x.status === 400)) {
    expect(a.body).toEqual(error('compliance-1-day', /^\d+\.00 \+ 100\.00 > 500\.00 \(1 day\)$/));
  }
  expect((await send('GET', '/cards/')).body).toEqual({
    cards: [{ id, name: 'race', balance: '500.00', held: '0.00', frozen: false }],
    next: null,
  });
});

test('cards per owner are capped (PAYMENT_MAX_CARDS_PER_OWNER), also under concurrent creation: 409 past it', async () => {
  const { send } = await user('cap-cards');
  const created = await Promise.all(
    Array.from({ length: 12 }, (_, i) => send('POST', '/cards/', JSON.stringify({ name: `C-${i}` }))),
  );
  expect(created.filter((r) => r.status === 201)).toHaveLength(5);
  const refused = created.filter((r) => r.status !== 201);
  expect(refused).toHaveLength(7);
  for (const r of refused) {
    expect(r).toMatchObject({
      status: 409,
      body: error('too-many-cards', 'an owner may hold at most 5 cards'),
    });
  }
  expect(((await send('GET', '/cards/')).body as { cards: unknown[] }).cards).toHaveLength(5);
});

test('GET /cards/ is paged: ?limit= (default 50, at most 200) and a next cursor, oldest first', async () => {
  const { send, createCard } = await user('paged-cards');
  const ids: number[] = [];
  for (let i = 0; i < 5; i++) ids.push(await createCard(`P-${i}`));
  const first = (await send('GET', '/cards/?limit=2')).body as { cards: { id: number }[]; next: string | null };
  expect(first.cards.map((c) => c.id)).toEqual(ids.slice(0, 2));
  expect(typeof first.next).toBe('string');
  const second = (await send('GET', `/cards/?limit=2&cursor=${first.next}`)).body as typeof first;
  expect(second.cards.map((c) => c.id)).toEqual(ids.slice(2, 4));
  const third = (await send('GET', `/cards/?limit=2&cursor=${second.next}`)).body as typeof first;
  expect(third).toEqual({ cards: [expect.objectContaining({ id: ids[4] })], next: null });
  expect(((await send('GET', '/cards/')).body as typeof first).cards).toHaveLength(5);
  for (const bad of ['?limit=0', '?limit=201', '?limit=x', '?cursor=nope']) {
    expect(await send('GET', `/cards/${bad}`)).toMatchObject({ status: 400, body: { status: 'error' } });
  }
  expect((await send('GET', '/cards/?limit=200')).status).toBe(200);
});

// Last: it stops the payment service. A load the gateway could not send to any replica (none connected)
// never started: a retryable 503 saying nothing was charged, not the unknown-outcome 502.
it('answers 503 with Retry-After for a load no payment replica could be sent, and nothing is reserved', async () => {
  const u = await user('pay-unsent');
  const cardId = await u.createCard('unsent');
  await stack.kill('payment');
  // Once the gateway has seen the payment service go (a read answers 503), no replica is connected. A
  // load that comes in the instant before, while the gateway has not yet read the closed connection,
  // is written to it and gets the unknown-outcome 502, rightly: the gateway cannot tell it never ran.
  // On a loaded machine that instant is long enough for the load below to fall in it.
  for (let i = 0; i < 50 && (await u.send('GET', '/cards/')).status !== 503; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const res = await u.load(cardId, '3.00', {}, { 'idempotency-key': 'unsent-1' });
  expect([res.status, res.headers.get('retry-after'), res.body]).toEqual([
    503,
    '1',
    error('service-unavailable', 'the payment service is restarting; nothing was charged. Retry'),
  ]);
  await stack.restart('payment');
  // The same key after the restart: the load was never recorded, so it now runs, once.
  for (let i = 0; i < 40; i++) {
    const again = await u.load(cardId, '3.00', {}, { 'idempotency-key': 'unsent-1' });
    if (again.status === 503) {
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, null]);
    return;
  }
  throw new Error('the payment service did not come back');
}, 60_000);
