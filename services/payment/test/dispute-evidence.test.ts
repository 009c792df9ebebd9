// Issue 49 §5 at the processor's edge: text and file evidence, accept and finalize through the real
// braintree SDK against the development processor, which keeps what it receives and refuses what
// Braintree refuses.
import { createLogger } from '@gatehouse/logger';
import { BraintreeEvidence } from '../src/processor';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { disputeFor } from '../src/processor/dev/disputes';

const log = createLogger({ name: 'payment-evidence', level: 'silent' });
let dev: DevProcessor;
let evidence: BraintreeEvidence;

beforeAll(async () => {
  dev = await startDevProcessor({ recordRequests: true });
  evidence = new BraintreeEvidence(
    {
      merchantId: dev.merchantId,
      publicKey: dev.publicKey,
      privateKey: dev.privateKey,
      environment: 'sandbox',
      gatewayUrl: dev.url,
      timeoutMs: 5000,
    },
    log,
  );
});

afterAll(() => dev?.close());
afterEach(() => expect(dev.violations).toEqual([]));

function openDispute(): string {
  const sold = dev.sell('fake-valid-nonce', '25.00', `order-${Date.now()}`);
  if (sold.kind !== 'kept') throw new Error('no sale');
  return disputeFor(dev, sold.transaction.id, 'dispute_opened').id;
}

/** The smallest PNG: a 1×1 transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('text and file evidence reach the processor as sent, then finalize moves the dispute to disputed', async () => {
  const id = openDispute();
  const text = await evidence.addText(id, 'The cardholder loaded this card from their own device.', 'GENERAL');
  expect(text).toMatchObject({ kind: 'done', evidenceId: expect.any(String) });
  const file = await evidence.addFile(id, { name: 'receipt.png', bytes: PNG }, null);
  expect(file).toMatchObject({ kind: 'done', evidenceId: expect.any(String) });
  const kept = dev.evidence.filter((e) => e.disputeId === id);
  expect(kept.map((e) => [e.comments, e.category])).toEqual([
    ['The cardholder loaded this card from their own device.', 'GENERAL'],
    [null, null],
  ]);
  const doc = dev.documents.get(kept[1]!.documentId!);
  expect(doc).toMatchObject({ kind: 'evidence_document', contentType: 'image/png' });
  expect(doc!.bytes.equals(PNG)).toBe(true);
  expect(await evidence.finalize(id)).toMatchObject({ kind: 'done', status: 'disputed' });
  expect(dev.disputes.get(id)?.status).toBe('disputed');
  // Not open any more: evidence and accept are refused with Braintree's codes.
  expect(await evidence.addText(id, 'late', null)).toMatchObject({ kind: 'refused', code: '95701' });
  expect(await evidence.accept(id)).toMatchObject({ kind: 'refused', code: '95704' });
});

test('accept loses the dispute on purpose; finalize without evidence and an unknown dispute are refused', async () => {
  const bare = openDispute();
  expect(await evidence.finalize(bare)).toMatchObject({ kind: 'refused', code: '95726' });
  expect(await evidence.accept(bare)).toMatchObject({ kind: 'done', status: 'accepted' });
  expect(dev.disputes.get(bare)?.status).toBe('accepted');
  expect(await evidence.finalize(bare)).toMatchObject({ kind: 'refused', code: '95705' });
  expect(await evidence.accept('nosuchdispute')).toEqual({ kind: 'not_found' });
});

test('a file of a type Braintree does not take is refused, and nothing is kept', async () => {
  const id = openDispute();
  const before = dev.documents.size;
  expect(await evidence.addFile(id, { name: 'notes.txt', bytes: Buffer.from('hello') }, null)).toMatchObject({
    kind: 'refused',
    code: '84902',
  });
  expect(dev.documents.size).toBe(before);
});
