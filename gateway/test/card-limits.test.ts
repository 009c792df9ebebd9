// A card's limits and headroom through the real stack (issue 49 §1): GET /cards/{id}/limits after
// loads, a policy written to payment's Postgres reaching the running service by NOTIFY (no restart,
// no read per load), the refusal naming the limit, and another owner's card. The stack: money-back-stack.ts.
import { useMoneyBackStack } from './money-back-stack';

const env = useMoneyBackStack();

interface LimitJson {
  code: string;
  label: string;
  window: string;
  kind: string;
  applies_to: string;
  limit: number;
  usage: number;
  headroom: number;
  limit_amount: string | null;
  usage_amount: string | null;
  headroom_amount: string | null;
}

test('headroom exact to the cent, a policy applied to the next load, the refusal naming it', async () => {
  const { send, cardWith } = await env.user('limits-holder');
  const { cardId } = await cardWith('120.50', '0.01');
  const limits = async () => {
    const res = await send('GET', `/cards/${cardId}/limits`);
    expect(res.status).toBe(200);
    return res.body as { card_id: number; limits: LimitJson[] };
  };
  expect(await limits()).toEqual({
    card_id: cardId,
    limits: [
      {
        code: 'compliance-1-day',
        label: '1 day',
        window: '1 day',
        kind: 'amount',
        applies_to: 'owner',
        limit: 50_000,
        usage: 12_051,
        headroom: 37_949,
        limit_amount: '500.00',
        usage_amount: '120.51',
        headroom_amount: '379.49',
      },
    ],
  });

  // An admin's change in the database reaches the running service by NOTIFY.
  await env.ledger.query(
    `INSERT INTO limit_policies (scope, subject, time_window, max_count) VALUES ('card', $1, '7 days', 3)`,
    [String(cardId)],
  );
  let seen: LimitJson | undefined;
  for (let i = 0; i < 100 && !seen; i++) {
    seen = (await limits()).limits.find((l) => l.code === 'card-7-days-count');
    if (!seen) await new Promise((r) => setTimeout(r, 50));
  }
  expect(seen).toMatchObject({
    kind: 'count',
    applies_to: 'card',
    limit: 3,
    usage: 2,
    headroom: 1,
    limit_amount: null,
  });

  const load = (amount: string) =>
    send('POST', `/cards/${cardId}/load/`, JSON.stringify({ nonce: 'fake-valid-nonce', amount }));
  expect((await load('1.00')).body).toMatchObject({ status: 'ok' });
  const refused = await load('1.00');
  expect(JSON.stringify(refused.body)).toContain('card-7-days-count');
  expect(JSON.stringify(refused.body)).toContain(`3 + 1 > 3 loads (7 days, card ${cardId})`);
  expect((await limits()).limits.map((l) => [l.code, l.usage, l.headroom])).toEqual([
    ['compliance-1-day', 12_151, 37_849],
    ['card-7-days-count', 3, 0],
  ]);
  await env.ledger.query('DELETE FROM limit_policies');
});

test("another owner's card and a card that is none: 404", async () => {
  const holder = await env.user('limits-owner');
  const { cardId } = await holder.cardWith('1.00');
  const other = await env.user('limits-stranger');
  expect((await other.send('GET', `/cards/${cardId}/limits`)).status).toBe(404);
  expect((await holder.send('GET', '/cards/999999999/limits')).status).toBe(404);
});
