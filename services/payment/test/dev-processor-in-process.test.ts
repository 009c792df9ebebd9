// With PAYMENT_DEV_PROCESSOR the payment service calls the development processor in-process; the same
// processor stays reachable through the braintree SDK over HTTP (as the fault suite and real processors
// use it). Both paths must give the domain the same outcomes for every sandbox case, fault and search,
// or the in-process shortcut would test something else than the SDK path.
import { createLogger } from '@gatehouse/logger';
import type { Processor, SaleLookup, SaleOutcome } from '../src/processor';
import { BraintreeProcessor } from '../src/processor';
import { type DevProcessor, type Fault, InProcessDevProcessor, startDevProcessor } from '../src/processor/dev';

let dev: DevProcessor;
let sdk: Processor;
let inProcess: Processor;
const TIMEOUT_MS = 500;

beforeAll(async () => {
  dev = await startDevProcessor();
  sdk = new BraintreeProcessor(
    {
      merchantId: dev.merchantId,
      publicKey: dev.publicKey,
      privateKey: dev.privateKey,
      environment: 'sandbox',
      gatewayUrl: dev.url,
      timeoutMs: TIMEOUT_MS,
    },
    createLogger({ name: 'in-process-test', level: 'silent' }),
  );
  inProcess = new InProcessDevProcessor(dev, TIMEOUT_MS);
});

afterAll(() => dev?.close());
afterEach(() => expect(dev.violations).toEqual([]));

/** Transaction ids are random per sale: compare their shape, not their value. */
function shape(o: SaleOutcome | SaleLookup): unknown {
  return 'transactionId' in o && o.transactionId !== null ? { ...o, transactionId: 'id' } : o;
}

let orders = 0;
async function both(amountCents: number, nonce: string, fault?: Fault) {
  const sale = async (p: Processor) => {
    if (fault) dev.faults.push(fault);
    const orderId = `order-${++orders}`;
    return { orderId, outcome: await p.sale({ amountCents, nonce, orderId }) };
  };
  return { sdk: await sale(sdk), inProcess: await sale(inProcess) };
}

const CASES: [string, number, string][] = [
  ['approved', 1_050, 'fake-valid-nonce'],
  ['approved mastercard', 1_050, 'fake-valid-mastercard-nonce'],
  ['declined nonce', 1_000, 'fake-processor-declined-visa-nonce'],
  ['decline amount', 200_150, 'fake-valid-nonce'],
  ['unlisted decline amount', 250_000, 'fake-valid-nonce'],
  ['processor network unavailable', 300_000, 'fake-valid-nonce'],
  ['gateway rejected', 500_100, 'fake-valid-nonce'],
  ['Luhn invalid', 1_000, 'fake-luhn-invalid-nonce'],
  ['consumed', 1_000, 'fake-consumed-nonce'],
  ['unknown nonce', 1_000, 'no-such-nonce'],
];

test.each(CASES)('%s: the same outcome in-process as through the SDK', async (_name, cents, nonce) => {
  const r = await both(cents, nonce);
  expect(shape(r.inProcess.outcome)).toEqual(shape(r.sdk.outcome));
  // And search finds each sale the same way (approved, declined, or none for a refused request).
  expect(shape(await inProcess.findSale(r.inProcess.orderId))).toEqual(shape(await sdk.findSale(r.sdk.orderId)));
});

test.each<Fault>(['server-error', 'reset', 'charge-then-server-error', 'hang'])(
  'fault %s: the same outcome in-process as through the SDK, and the same sales kept',
  async (fault) => {
    const approvedBefore = dev.approved.size;
    const r = await both(1_000, 'fake-valid-nonce', fault);
    expect(r.inProcess.outcome).toEqual(r.sdk.outcome);
    expect(r.sdk.outcome.kind).toBe('unknown');
    const charged = fault === 'charge-then-server-error' ? 2 : 0;
    expect(dev.approved.size - approvedBefore).toBe(charged);
    expect(shape(await inProcess.findSale(r.inProcess.orderId))).toEqual(shape(await sdk.findSale(r.sdk.orderId)));
  },
);

test('a failed search is unknown on both paths; a sale never sent is not found', async () => {
  dev.searchFaults.push('server-error');
  const viaSdk = await sdk.findSale('order-none');
  dev.searchFaults.push('server-error');
  expect(await inProcess.findSale('order-none')).toEqual(viaSdk);
  expect(viaSdk.kind).toBe('unknown');
  expect(await inProcess.findSale('order-none')).toEqual({ kind: 'not_found' });
  expect(await sdk.findSale('order-none')).toEqual({ kind: 'not_found' });
});

test('client tokens are the same', async () => {
  expect(await inProcess.clientToken()).toBe(await sdk.clientToken());
});
