// Card statements through the real stack and the development processor (issue 49 §4): loads, a void,
// a refund and a lost dispute in this month, as JSON and as CSV; the closing balance against the
// ledger's; the months with no statement; another owner's card. The stack: money-back-stack.ts.
import { cardMoney, settle } from '../../services/payment/test/money-back';
import { useMoneyBackStack } from './money-back-stack';

const env = useMoneyBackStack();
const thisMonth = () => new Date().toISOString().slice(0, 7);
const nextMonth = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
};
const lastMonth = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};

test('loads, a void, a refund and a lost dispute: the statement as JSON and CSV, closing = the ledger', async () => {
  const { browser, cardWith, reverse, send, card } = await env.user('statement-holder');
  const { cardId, loads } = await cardWith('30.00', '50.00', '20.00');
  const [a, b, c] = loads as [{ id: number; sale: string }, { id: number; sale: string }, { id: number; sale: string }];
  expect((await reverse(cardId, a.id)).body).toMatchObject({ reversal: { method: 'void' } });
  await settle(env.fake, b.sale);
  expect((await reverse(cardId, b.id, { amount: '12.34' })).body).toMatchObject({ reversal: { method: 'refund' } });
  expect((await env.notify('dispute_lost', c.sale)).status).toBe(200);
  expect((await card(cardId)).balance).toBe('37.66');

  const month = thisMonth();
  const json = await send('GET', `/cards/${cardId}/statements/${month}`);
  expect(json.status).toBe(200);
  const statement = json.body as {
    card_id: number;
    opening_balance: string;
    closing_balance: string;
    closing_balance_cents: number;
    from: string;
    lines: { kind: string; load_id: number; amount_cents: number; amount: string; balance: string; date: string }[];
  };
  expect(statement).toMatchObject({
    card_id: cardId,
    from: `${month}-01T00:00:00.000Z`,
    opening_balance: '0.00',
    closing_balance: '37.66',
    closing_balance_cents: 3766,
  });
  expect(statement.lines.map((l) => [l.kind, l.load_id, l.amount_cents, l.amount, l.balance])).toEqual([
    ['load', a.id, 3000, '30.00', '30.00'],
    ['load', b.id, 5000, '50.00', '80.00'],
    ['load', c.id, 2000, '20.00', '100.00'],
    ['void', a.id, -3000, '-30.00', '70.00'],
    ['refund', b.id, -1234, '-12.34', '57.66'],
    ['dispute', c.id, -2000, '-20.00', '37.66'],
  ]);
  // The closing balance is the ledger's own.
  const money = await cardMoney(env.ledger, cardId);
  expect(statement.closing_balance_cents).toBe(money.balance);

  const csv = await browser.request('GET', `/cards/${cardId}/statements/${month}`, {
    headers: { accept: 'text/csv', 'x-xsrf-token': await browser.xsrf() },
  });
  expect(csv.status).toBe(200);
  expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
  expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="card-${cardId}-statement-${month}.csv"`);
  const rows = csv.text.split('\r\n');
  expect(rows.at(-1)).toBe('');
  expect(rows[0]).toBe('date,kind,id,load_id,amount_cents,amount,balance_cents,balance');
  expect(rows[1]).toBe(`${month}-01T00:00:00.000Z,opening,,,,,0,0.00`);
  expect(rows.slice(2, -2).map((r) => r.split(',').slice(1))).toEqual(
    statement.lines.map((l) => [
      l.kind,
      expect.any(String),
      String(l.load_id),
      String(l.amount_cents),
      l.amount,
      expect.any(String),
      l.balance,
    ]),
  );
  expect(rows.at(-2)).toBe(`${nextMonth()}-01T00:00:00.000Z,closing,,,,,3766,37.66`);
});

test('months with no statement are 404, a bad month 400, another owner’s card 404', async () => {
  const { send, cardWith } = await env.user('statement-months');
  const { cardId } = await cardWith('1.00');
  expect(await send('GET', `/cards/${cardId}/statements/${lastMonth()}`)).toMatchObject({
    status: 404,
    body: { status: 'error', errors: [{ code: 'statement-not-found' }] },
  });
  expect(await send('GET', `/cards/${cardId}/statements/${nextMonth()}`)).toMatchObject({
    status: 404,
    body: { status: 'error', errors: [{ code: 'statement-not-found' }] },
  });
  for (const bad of ['2024-13', '2024-1', 'june', '2024-06-01']) {
    expect(await send('GET', `/cards/${cardId}/statements/${bad}`)).toMatchObject({
      status: 400,
      body: { status: 'error', errors: [{ message: expect.stringContaining('yyyy-mm') }] },
    });
  }
  const other = await env.user('statement-stranger');
  expect(await other.send('GET', `/cards/${cardId}/statements/${thisMonth()}`)).toMatchObject({
    status: 404,
    body: { status: 'error', errors: [{ code: 'http-404' }] },
  });
});
