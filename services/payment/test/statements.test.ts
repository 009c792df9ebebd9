// Card statements on the real ledger and the development processor (through the real braintree SDK):
// a month of loads, a void, a refund and a lost dispute; a month before; the balances each statement
// carries against the ledger's own; and the months that have no statement.
import { createLogger } from '@gatehouse/logger';
import type { Pool } from 'pg';
import { createPool } from '../src/db';
import { standardRules } from '../src/limits';
import { runMigrations } from '../src/migrate';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { createTestDatabase, type TestDatabase } from './db';
import { testPayments } from './helpers';
import { cardMoney, settle, signedNotification } from './money-back';

const log = createLogger({ name: 'statements-test', level: 'silent' });
let db: TestDatabase;
let pool: Pool;
let dev: DevProcessor;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const DAY = 86_400_000;
const monthOf = (d: Date) => d.toISOString().slice(0, 7);
const shift = (month: string, by: number) => {
  const d = new Date(`${month}-01T00:00:00Z`);
  return monthOf(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + by, 1)));
};

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 10, transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  dev = await startDevProcessor();
});

afterAll(async () => {
  await pool?.end();
  await dev?.close();
  await db?.drop();
});

afterEach(() => expect(dev.violations).toEqual([]));

test('a month before and this month: opening, every load, void, refund and lost dispute with running balances, closing = the ledger', async () => {
  const p = testPayments(pool, dev, log, { rules: standardRules({ oneDayCents: 10_000_000 }), clock });
  const ownerId = 'dev_statements1';
  const load = async (amountCents: number) => {
    const answer = await p.loadCard({ ownerId, cardId: card.id, amountCents, nonce: 'fake-valid-nonce' });
    expect(answer.status).toBe('succeeded');
    const view = (await p.listLoads(ownerId, card.id)).find((l) => l.id === answer.loadId);
    return { loadId: answer.loadId, saleId: view?.processorTransactionId ?? '' };
  };
  const reverse = (loadId: number, amountCents = 0) =>
    p.reverseLoad({ requester: { kind: 'owner', ownerId }, cardId: card.id, loadId, amountCents });

  // 35 days ago: always an earlier calendar month than today's.
  offsetMs = -35 * DAY;
  const card = await p.createCard(ownerId, 'Statement card');
  const earlier = monthOf(clock());
  const a = await load(10_000);

  offsetMs = 0;
  const now = monthOf(clock());
  const b = await load(5_000);
  const c = await load(3_000);
  const d = await load(2_000);
  expect((await reverse(b.loadId)).reversal.method).toBe('void');
  await settle(dev, c.saleId);
  expect((await reverse(c.loadId, 1_000)).reversal.method).toBe('refund');
  const lost = await signedNotification(dev, 'dispute_lost', d.saleId);
  expect((await p.handleNotification(lost.signature, lost.payload)).outcome).toBe('applied');

  const first = await p.statement(ownerId, card.id, earlier);
  expect(first).toMatchObject({ openingBalanceCents: 0, closingBalanceCents: 10_000 });
  expect(first.lines.map((l) => [l.kind, l.loadId, l.amountCents, l.balanceCents])).toEqual([
    ['load', a.loadId, 10_000, 10_000],
  ]);
  expect(first.from.toISOString()).toBe(`${earlier}-01T00:00:00.000Z`);

  const current = await p.statement(ownerId, card.id, now);
  expect(current.openingBalanceCents).toBe(10_000);
  expect(current.lines.map((l) => [l.kind, l.loadId, l.amountCents, l.balanceCents])).toEqual([
    ['load', b.loadId, 5_000, 15_000],
    ['load', c.loadId, 3_000, 18_000],
    ['load', d.loadId, 2_000, 20_000],
    ['void', b.loadId, -5_000, 15_000],
    ['refund', c.loadId, -1_000, 14_000],
    ['dispute', d.loadId, -2_000, 12_000],
  ]);
  // The closing balance is the ledger's: the card's balance, and loads less reversals less disputes.
  const money = await cardMoney(pool, card.id);
  expect(current.closingBalanceCents).toBe(money.balance);
  expect(money.balance).toBe(money.loaded - money.reversed - money.disputed);
  // Every line is dated inside the month, in order.
  const times = current.lines.map((l) => l.at.getTime());
  expect(times).toEqual([...times].sort((x, y) => x - y));
  expect(times.every((t) => t >= current.from.getTime() && t < current.to.getTime())).toBe(true);
  // The months between them (if any) carry the balance through unchanged.
  if (shift(earlier, 1) !== now) {
    expect(await p.statement(ownerId, card.id, shift(earlier, 1))).toMatchObject({
      openingBalanceCents: 10_000,
      lines: [],
      closingBalanceCents: 10_000,
    });
  }

  // No statement before the card, nor for a month not begun; none of another owner's card.
  await expect(p.statement(ownerId, card.id, shift(earlier, -1))).rejects.toMatchObject({
    code: 'STATEMENT_NOT_FOUND',
  });
  await expect(p.statement(ownerId, card.id, shift(now, 1))).rejects.toMatchObject({ code: 'STATEMENT_NOT_FOUND' });
  await expect(p.statement('dev_someone_else', card.id, now)).rejects.toMatchObject({ code: 'CARD_NOT_FOUND' });
  for (const bad of ['2024-13', '2024-1', '24-01', '2024-01-01', '', '0000-01']) {
    await expect(p.statement(ownerId, card.id, bad)).rejects.toMatchObject({ code: 'INVALID_MONTH' });
  }
});
