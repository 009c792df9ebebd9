// Erasing a user with money is one step with payment (issue 43, S7; docs/accounts.md "Administration"):
// through real auth, payment (its ledger in Postgres), the development processor and a gateway with its
// admin listener. A load held at the processor is money in flight: an erase started meanwhile is refused
// and the load settles on a user who is still there. Once a user is erased, payment takes no load and
// makes no card for them, even from a caller that still names them (the gateway's own credential).
import path from 'node:path';
import { createClient, describeCallError, InternalAuth } from '@gatehouse/grpc-kit';
import { loadProto, type payment } from '@gatehouse/proto';
import { Browser } from '@gatehouse/test-kit/browser';
import { until } from '@gatehouse/test-kit/until';
import { userId } from '@gatehouse/token';
import { type DirectoryStack, loggedIn, type PageBrowser, startDirectoryStack } from './directory-stack';

let dir: DirectoryStack;
let operator: string;

beforeAll(async () => {
  // A held sale must not run into the processor's timeout while the test looks at it.
  dir = await startDirectoryStack({ PROCESSOR_TIMEOUT: '20s' });
  operator = dir.workloadToken('admin');
}, 90_000);
afterAll(async () => {
  await dir?.stop();
});

const admin = (method: string, route: string) =>
  new Browser(dir.adminUrl).request(method, route, { headers: { authorization: `Bearer ${operator}` } });

async function cardOf(b: PageBrowser): Promise<number> {
  const card = await b.send('POST', '/cards/', { name: 'wallet' });
  expect(card.status).toBe(201);
  return (card.json() as { id: number }).id;
}

it('refuses to erase a user while their load is at the processor; the load then settles on them', async () => {
  const hana = await loggedIn(dir.stack.url, 'held-hana');
  const id = await cardOf(hana);
  dir.processor.faults.push('charge-held');
  const loading = hana.send('POST', `/cards/${id}/load/`, { nonce: 'fake-valid-nonce', amount: '10.00' });
  // The sale is charged and its answer held: the load is pending in the ledger, no balance yet.
  await until(() => dir.processor.held.length === 1, 20_000);
  const hanaId = userId('dev', 'held-hana');
  const refused = await admin('DELETE', `/admin/v1/users/${hanaId}`);
  expect([refused.status, refused.json()]).toEqual([409, { error: 'user has funds' }]);

  dir.processor.held.shift()?.();
  expect((await loading).status).toBe(200);
  expect((await admin('GET', `/admin/v1/users/${hanaId}`)).status).toBe(200);
  expect((await admin('DELETE', `/admin/v1/users/${hanaId}`)).status).toBe(409);
  const cards = (await hana.send('GET', '/cards/')).json() as { cards: { id: number; balance: string }[] };
  expect(cards.cards).toEqual([expect.objectContaining({ id, balance: '10.00' })]);
});

it('takes no load and makes no card for a user once erased, whoever still names them', async () => {
  const gus = await loggedIn(dir.stack.url, 'gone-gus');
  const id = await cardOf(gus);
  const gusId = userId('dev', 'gone-gus');
  expect((await admin('DELETE', `/admin/v1/users/${gusId}`)).status).toBe(204);

  // As the gateway calls payment (its own workload credential): a token the gateway had not yet heard
  // was ended, or a load that was on its way, reaches payment just like this.
  const gateway = await InternalAuth.load(path.join(dir.stack.dataDir, 'internal-keys', 'gateway'), 'gateway');
  await gateway.prepare(['payment']);
  const client = createClient<payment.PaymentServiceClient>(
    loadProto('payment').grpcObject.payment.v1.PaymentService,
    `127.0.0.1:${dir.stack.ports.payment}`,
    { deadlineMs: 10_000, credential: { auth: gateway, audience: 'payment' } },
  );
  try {
    const refusal = (call: Promise<unknown>) =>
      call.then(
        () => 'accepted',
        (err: unknown) => describeCallError(err).code,
      );
    const load = { ownerId: gusId, cardId: id, nonce: 'fake-valid-nonce', amountCents: 500, idempotencyKey: '' };
    expect(await refusal(client.call.loadCard(load))).toBe('OWNER_CLOSED');
    expect(await refusal(client.call.createCard({ ownerId: gusId, name: 'again' }))).toBe('OWNER_CLOSED');
    // Nobody else is closed.
    const other = await loggedIn(dir.stack.url, 'still-sam');
    expect((await other.send('POST', '/cards/', { name: 'mine' })).status).toBe(201);
  } finally {
    client.close();
    gateway.close();
  }
});
