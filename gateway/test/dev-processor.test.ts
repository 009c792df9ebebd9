// The card-loading API through the gateway with PAYMENT_DEV_PROCESSOR=true, as `pnpm start` runs it:
// the payment process starts the development processor itself and uses it through the real
// braintree SDK; no PROCESSOR_* setting and nothing outside loopback.
import { Browser } from '@gatehouse/test-kit/browser';
import type { Stack } from '@gatehouse/test-kit/stack';
import { type DevProcessorStack, startDevProcessorStack } from './dev-processor-stack';

let running: DevProcessorStack;
let stack: Stack;

beforeAll(async () => {
  running = await startDevProcessorStack({ PAYMENT_LIMIT_1_DAY: '10000.00' }); // above the decline amounts
  stack = running.stack;
}, 60_000);

afterAll(() => running?.stop());

async function user(name: string) {
  const browser = new Browser(stack.url);
  await browser.devLogin(name);
  const send = async (method: string, path: string, body?: string) => {
    const res = await browser.request(method, path, {
      headers: { 'content-type': 'application/json', 'x-xsrf-token': await browser.xsrf() },
      body,
    });
    return { status: res.status, body: res.text === '' ? undefined : res.json() };
  };
  return { send };
}

test('the payment service warns that the development processor moves no money', () => {
  expect(stack.output('payment')).toMatch(/development payment processor on.*moves no money/);
});

test('POST /tokens/ answers a client token from the development processor', async () => {
  const { send } = await user('dev-token-user');
  const res = await send('POST', '/tokens/', '{}');
  expect(res.status).toBe(200);
  const token = (res.body as { client_token: string }).client_token;
  expect(JSON.parse(Buffer.from(token, 'base64').toString('utf8'))).toMatchObject({ version: 2 });
});

test('POST /cards/{id}/load/ loads with the test nonces and declines by the sandbox rules', async () => {
  const { send } = await user('dev-load-user');
  const created = await send('POST', '/cards/', JSON.stringify({ name: 'Card-1' }));
  expect(created.status).toBe(201);
  const id = (created.body as { id: number }).id;
  const load = (nonce: string, amount: string) => send('POST', `/cards/${id}/load/`, JSON.stringify({ nonce, amount }));

  expect(await load('fake-valid-nonce', '10.00')).toEqual({ status: 200, body: { status: 'ok', errors: [] } });
  expect(await load('fake-valid-mastercard-nonce', '5.50')).toEqual({
    status: 200,
    body: { status: 'ok', errors: [] },
  });
  expect(await load('fake-valid-nonce', '2001.00')).toEqual({
    status: 400,
    body: { status: 'error', errors: [{ code: '2001', message: 'Insufficient Funds' }] },
  });
  expect(await load('fake-processor-declined-visa-nonce', '1.00')).toEqual({
    status: 400,
    body: { status: 'error', errors: [{ code: '2000', message: 'Do Not Honor' }] },
  });
  expect(await load('fake-luhn-invalid-nonce', '1.00')).toEqual({
    status: 400,
    body: { status: 'error', errors: [{ code: '81715', message: 'Credit card number is invalid.' }] },
  });
  expect((await send('GET', '/cards/')).body).toEqual({
    cards: [{ id, name: 'Card-1', balance: '15.50', held: '0.00', frozen: false }],
    next: null,
  });
});
