// Reversals through the gateway (issue 35): a void before settlement, a refund in parts after it, one
// waiting while the sale settles, one whose answer was lost; replays, concurrency and the route's
// refusals. The stack: money-back-stack.ts.
import { settle } from '../../services/payment/test/money-back';
import { useMoneyBackStack } from './money-back-stack';

const env = useMoneyBackStack();

test('a load is voided before settlement; another refunded in two parts once settled; replays answer the same', async () => {
  const { cardWith, reverse, listLoads, card } = await env.user('reverser');
  const { cardId, loads } = await cardWith('30.00', '50.00');
  const [first, second] = loads as [{ id: number; sale: string }, { id: number; sale: string }];
  expect((await listLoads(cardId)).map((l) => [l.reversible, l.reversals])).toEqual([
    ['50.00', []],
    ['30.00', []],
  ]);

  const voided = await reverse(cardId, first.id, {}, 'void-1');
  expect(voided).toMatchObject({
    status: 200,
    replayed: null,
    body: {
      status: 'ok',
      errors: [],
      balance: '50.00',
      reversal: { method: 'void', status: 'succeeded', amount: '30.00', requested_by: expect.stringMatching(/^user:/) },
    },
  });
  expect(env.fake.transactions.get(first.sale)?.status).toBe('voided');
  // A replay answers the reversal again, with the card's balance now.
  const replay = await reverse(cardId, first.id, {}, 'void-1');
  expect(replay).toEqual({ ...voided, replayed: 'true' });
  // The same key with another body is the client's mistake, never a second reversal.
  expect(await reverse(cardId, first.id, { amount: '1.00' }, 'void-1')).toMatchObject({
    status: 422,
    body: { status: 'error', errors: [{ code: 'idempotency-key-reused' }] },
  });
  expect(await reverse(cardId, first.id)).toMatchObject({
    status: 422,
    body: { status: 'error', errors: [{ code: 'not-reversible' }] },
  });

  // Before settlement a part cannot be given back.
  expect(await reverse(cardId, second.id, { amount: '10.00' })).toMatchObject({
    status: 422,
    body: { errors: [{ code: 'partial-before-settlement' }], balance: '50.00' },
  });
  await settle(env.fake, second.sale);
  const part1 = await reverse(cardId, second.id, { amount: '10.00' }, 'refund-1');
  expect(part1).toMatchObject({
    status: 200,
    body: { status: 'ok', balance: '40.00', reversal: { method: 'refund', status: 'succeeded', amount: '10.00' } },
  });
  expect(await reverse(cardId, second.id, { amount: '15.50' }, 'refund-2')).toMatchObject({
    status: 200,
    body: { balance: '24.50', reversal: { method: 'refund', amount: '15.50' } },
  });
  expect(await reverse(cardId, second.id, { amount: '10.00' }, 'refund-1')).toEqual({
    ...part1,
    replayed: 'true',
    body: { ...(part1.body as object), balance: '24.50' },
  });
  expect(await reverse(cardId, second.id, { amount: '24.51' })).toMatchObject({
    status: 422,
    body: { errors: [{ code: 'exceeds-reversible' }] },
  });
  const listed = await listLoads(cardId);
  expect(listed.map((l) => [l.reversible, l.reversals.map((r) => [r.method, r.status, r.amount])])).toEqual([
    [
      '24.50',
      [
        ['refund', 'failed', '10.00'],
        ['refund', 'succeeded', '10.00'],
        ['refund', 'succeeded', '15.50'],
        ['refund', 'refused', '24.51'],
      ],
    ],
    [
      '0.00',
      [
        ['void', 'succeeded', '30.00'],
        ['refund', 'refused', '30.00'],
      ],
    ],
  ]);
  expect(await card(cardId)).toMatchObject({ balance: '24.50', held: '0.00', frozen: false, disputes: [] });
});

test('a refund while the sale settles answers 202 pending, and completes after settlement and reconciliation', async () => {
  const { cardWith, reverse, card } = await env.user('settling');
  const { cardId, loads } = await cardWith('20.00');
  const [load] = loads as [{ id: number; sale: string }];
  env.fake.transactions.get(load.sale)!.status = 'settling';
  const pending = await reverse(cardId, load.id, {}, 'settling-1');
  expect(pending).toMatchObject({
    status: 202,
    body: { status: 'pending', balance: '20.00', reversal: { method: 'refund', status: 'awaiting_settlement' } },
  });
  expect(await reverse(cardId, load.id, {}, 'settling-1')).toMatchObject({ status: 202, replayed: 'true' });
  expect((await env.payments().reconcileMoneyBack()).reversals).toMatchObject({ succeeded: 0 });
  await settle(env.fake, load.sale);
  expect((await env.payments().reconcileMoneyBack()).reversals).toMatchObject({ succeeded: 1 });
  expect(await reverse(cardId, load.id, {}, 'settling-1')).toMatchObject({
    status: 200,
    replayed: 'true',
    body: { status: 'ok', balance: '0.00', reversal: { status: 'succeeded', amount: '20.00' } },
  });
  expect((await card(cardId)).balance).toBe('0.00');
});

test('concurrent reversals never give back more than the load', async () => {
  const { cardWith, reverse, listLoads, card } = await env.user('concurrent');
  const { cardId, loads } = await cardWith('40.00');
  const [load] = loads as [{ id: number; sale: string }];
  await settle(env.fake, load.sale);
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) => reverse(cardId, load.id, { amount: '10.00' }, `c-${i}`)),
  );
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(4);
  expect(statuses.filter((s) => s !== 200).every((s) => s === 422)).toBe(true);
  expect(await card(cardId)).toMatchObject({ balance: '0.00' });
  expect((await listLoads(cardId))[0]!.reversible).toBe('0.00');
});

test('a refund whose answer is lost: 502 unknown outcome, reserved; reconciliation applies it once and the key answers it', async () => {
  const { cardWith, reverse, listLoads, card } = await env.user('lost-answer');
  const { cardId, loads } = await cardWith('15.00');
  const [load] = loads as [{ id: number; sale: string }];
  await settle(env.fake, load.sale);
  env.fake.reversalFaults.push('apply-then-server-error'); // refunded at the processor, the answer lost
  const unknown = await reverse(cardId, load.id, { amount: '4.00' }, 'lost-1');
  expect(unknown).toMatchObject({
    status: 502,
    body: {
      status: 'error',
      errors: [{ code: 'processor-unavailable', message: expect.stringMatching(/unknown.*same Idempotency-Key/) }],
      reversal: { status: 'unknown', amount: '4.00' },
      balance: '15.00',
    },
  });
  // Reserved meanwhile: what is left to reverse already counts it out.
  expect((await listLoads(cardId))[0]!.reversible).toBe('11.00');
  expect((await reverse(cardId, load.id, { amount: '4.00' }, 'lost-1')).status).toBe(502);

  const later = () => new Date(Date.now() + 60 * 60_000);
  const reconciled = await env.payments(later).reconcileMoneyBack();
  expect(reconciled.reversals).toMatchObject({ succeeded: 1 });
  expect(await reverse(cardId, load.id, { amount: '4.00' }, 'lost-1')).toMatchObject({
    status: 200,
    replayed: 'true',
    body: { status: 'ok', balance: '11.00', reversal: { status: 'succeeded', method: 'refund' } },
  });
  expect(await card(cardId)).toMatchObject({ balance: '11.00' });
});

test("the reversal route: odd methods, bodies and keys, a missing XSRF header, another user's card", async () => {
  const owner = await env.user('owner-r');
  const { cardId, loads } = await owner.cardWith('12.00');
  const loadId = loads[0]!.id;
  const path = `/cards/${cardId}/loads/${loadId}/reverse`;
  const put = await owner.send('PUT', path, '{}');
  expect([put.status, put.allow]).toEqual([405, 'POST']);
  const patch = await owner.send('PATCH', `/cards/${cardId}`, '{}');
  expect([patch.status, patch.allow]).toEqual([405, expect.stringMatching(/GET/)]);
  expect(await owner.send('POST', path, '{"amount": 5}')).toMatchObject({
    status: 400,
    body: { errors: [{ code: 'invalid-amount' }] },
  });
  expect(await owner.send('POST', path, '{"amount": "1.005"}')).toMatchObject({ status: 400 });
  expect(await owner.send('POST', path, '{"amount"')).toMatchObject({
    status: 400,
    body: { errors: [{ code: 'http-400' }] },
  });
  expect(
    await owner.send('POST', path, 'amount=1', { 'content-type': 'application/x-www-form-urlencoded' }),
  ).toMatchObject({
    status: 415,
  });
  expect(await owner.send('POST', path, JSON.stringify({ pad: 'x'.repeat(20_000) }))).toMatchObject({ status: 413 });
  expect(await owner.send('POST', path, '{}', { 'idempotency-key': 'bad key' })).toMatchObject({ status: 400 });
  expect(await owner.send('POST', `/cards/${cardId}/loads/999999/reverse`, '{}')).toMatchObject({ status: 404 });
  expect(await owner.send('POST', `/cards/${cardId}/loads/x/reverse`, '{}')).toMatchObject({ status: 404 });

  // The cookie alone (a forged or missing XSRF header) is refused, and nothing was reversed.
  const noXsrf = await owner.browser.request('POST', path, {
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const forgedXsrf = await owner.browser.request('POST', path, {
    headers: { 'content-type': 'application/json', 'x-xsrf-token': 'forged' },
    body: '{}',
  });
  expect([noXsrf.status, forgedXsrf.status]).toEqual([401, 401]);

  const other = await env.user('intruder-r');
  expect(await other.send('POST', path, '{}')).toMatchObject({ status: 404, body: { errors: [{ code: 'http-404' }] } });
  expect(await other.send('GET', `/cards/${cardId}`)).toMatchObject({ status: 404 });
  expect(await owner.card(cardId)).toMatchObject({ balance: '12.00' });
  expect((await owner.listLoads(cardId))[0]!.reversals).toEqual([]);
});
