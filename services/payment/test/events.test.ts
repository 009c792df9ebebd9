// The ledger's events (issue 34): each card and each load outcome is in the trail, written in the
// ledger's own transaction (a change that rolls back leaves no event), with an outbox row each, and no
// event holds a nonce, card number or token.
import { InvalidEventError, secretProblem } from '@gatehouse/events';
import { createLogger } from '@gatehouse/logger';
import { PostgresLedgerStore } from '../src/ledger';
import { standardRules } from '../src/limits';
import { TEST_NONCES } from '../src/processor/dev/sandbox';
import { testPayments } from './helpers';
import { useProcessorLedger } from './processor-ledger';

const log = createLogger({ name: 'payment-test', level: 'silent' });
const env = useProcessorLedger();

const trail = async (owner: string) =>
  (
    await env.pool.query(
      `SELECT e.type, e.actor_kind, e.actor_id, e.subject_user, e.data, e.source, o.event_id IS NOT NULL AS outboxed
         FROM events.events e LEFT JOIN events.outbox o ON o.event_id = e.id
        WHERE e.subject_user = $1 ORDER BY e.id`,
      [owner],
    )
  ).rows;

test('a card and each load outcome are recorded with the change, once, with an outbox row', async () => {
  const owner = `dev_events_${Date.now()}`;
  const payments = testPayments(env.pool, env.fake, log, { rules: standardRules({ oneDayCents: 10_000 }) });
  const card = await payments.createCard(owner, 'events card');
  const ok = await payments.loadCard({ ownerId: owner, cardId: card.id, amountCents: 2_500, nonce: TEST_NONCES.visa });
  const refused = await payments.loadCard({
    ownerId: owner,
    cardId: card.id,
    amountCents: 9_000,
    nonce: TEST_NONCES.visa,
  });
  const declined = await payments.loadCard({
    ownerId: owner,
    cardId: card.id,
    amountCents: 100,
    nonce: TEST_NONCES.processorDeclinedVisa,
  });
  expect([ok.status, refused.status, declined.status]).toEqual(['succeeded', 'refused', 'failed']);

  const { rows: me } = await env.pool.query('SELECT current_user AS u');
  const actor = { actor_kind: 'user', actor_id: owner, subject_user: owner, source: me[0].u, outboxed: true };
  expect(await trail(owner)).toEqual([
    { ...actor, type: 'card.created', data: { card_id: card.id } },
    { ...actor, type: 'load.succeeded', data: { load_id: ok.loadId, card_id: card.id, amount_cents: 2_500 } },
    {
      ...actor,
      type: 'load.refused',
      data: { load_id: refused.loadId, card_id: card.id, amount_cents: 9_000, codes: ['compliance-1-day'] },
    },
    {
      ...actor,
      type: 'load.declined',
      data: { load_id: declined.loadId, card_id: card.id, amount_cents: 100, codes: expect.any(Array) },
    },
  ]);
  // Nothing the client sent that pays or logs in is in the trail.
  const rows = await trail(owner);
  expect(JSON.stringify(rows)).not.toMatch(/nonce|4111111111111111/);
  expect(secretProblem(rows.map((r) => r.data))).toBeNull();
});

test('a replayed load (same Idempotency-Key) writes no second event', async () => {
  const owner = `dev_events_replay_${Date.now()}`;
  const payments = testPayments(env.pool, env.fake, log, {});
  const card = await payments.createCard(owner, 'c');
  const input = { ownerId: owner, cardId: card.id, amountCents: 300, nonce: TEST_NONCES.visa, idempotencyKey: 'k-1' };
  const first = await payments.loadCard(input);
  const again = await payments.loadCard(input);
  expect(again.loadId).toBe(first.loadId);
  expect((await trail(owner)).map((e) => e.type)).toEqual(['card.created', 'load.succeeded']);
});

test('a change that does not commit leaves no event: a card over the cap has none', async () => {
  const owner = `dev_events_cap_${Date.now()}`;
  const ledger = new PostgresLedgerStore(env.pool);
  expect(await ledger.createCard(owner, 'one', new Date(), 1)).not.toBeNull();
  expect(await ledger.createCard(owner, 'two', new Date(), 1)).toBeNull();
  expect((await trail(owner)).map((e) => e.type)).toEqual(['card.created']);
});

test("the ledger's own events are checked as every event is: a bad shape or a secret is refused before its statement runs", async () => {
  const ledger = new PostgresLedgerStore(env.pool);
  // An owner id that is a token: card.created would carry it as actor and subject.
  const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc';
  await expect(ledger.createCard(token, 'c', new Date(), 5)).rejects.toThrow(InvalidEventError);
  const cards = await env.pool.query('SELECT id FROM cards WHERE owner_id = $1', [token]);
  expect(cards.rows).toEqual([]);

  const owner = `dev_events_checked_${Date.now()}`;
  const card = (await ledger.createCard(owner, 'c', new Date(), 5))!;
  const load = { cardId: card.id, ownerId: owner, amountCents: 100, idempotencyKey: null, requestFingerprint: null };
  // load.refused whose codes are not codes.
  const refused = { ...load, status: 'refused' as const, errors: [{ code: 'Not A Code!', message: '' }] };
  await expect(
    ledger.withOwnerLock(owner, (tx) => tx.commitLoad({ ...refused, createdAt: new Date() })),
  ).rejects.toThrow(/a code/);
  // load.declined whose code looks like a one-time code.
  const pending = await ledger.withOwnerLock(owner, (tx) =>
    tx.commitLoad({ ...load, status: 'pending', errors: [], createdAt: new Date() }),
  );
  const declined = {
    status: 'failed' as const,
    processorTransactionId: null,
    processorResponseCode: null,
    processorResponseText: 'declined',
    errors: [{ code: '12345678', message: '' }],
    settledAt: new Date(),
  };
  await expect(ledger.settle(pending, declined)).rejects.toThrow(/one-time code/);

  const loads = await env.pool.query('SELECT status FROM loads WHERE owner_id = $1', [owner]);
  expect(loads.rows).toEqual([{ status: 'pending' }]);
  expect((await trail(owner)).map((e) => e.type)).toEqual(['card.created']);
});

test("a reversal's outcome is recorded with it, its actor the owner who asked", async () => {
  const owner = `dev_events_reversal_${Date.now()}`;
  const payments = testPayments(env.pool, env.fake, log, {});
  const card = await payments.createCard(owner, 'c');
  const loaded = await payments.loadCard({
    ownerId: owner,
    cardId: card.id,
    amountCents: 900,
    nonce: TEST_NONCES.visa,
  });
  const reversed = await payments.reverseLoad({
    requester: { kind: 'owner', ownerId: owner },
    cardId: card.id,
    loadId: loaded.loadId,
    amountCents: 0,
  });
  expect(reversed.status).toBe('succeeded');
  const events = await trail(owner);
  expect(events.map((e) => e.type)).toEqual(['card.created', 'load.succeeded', 'reversal.succeeded']);
  expect(events[2]).toMatchObject({
    actor_kind: 'user',
    actor_id: owner,
    data: {
      reversal_id: reversed.reversal?.id,
      load_id: loaded.loadId,
      card_id: card.id,
      amount_cents: 900,
      codes: [],
    },
  });
});
