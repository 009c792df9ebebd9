// Braintree's notifications through the gateway's public route (issue 35): disputes signed and posted by
// the development processor, repeated and out of order, read back through GET /cards/{id}; a bad
// signature, a dispute of an unknown transaction, the URL check, and what the route refuses.
import { WEBHOOK_LIMIT } from '../src/routes/payment/webhooks.routes';
import { useMoneyBackStack, WEBHOOK } from './money-back-stack';

const env = useMoneyBackStack();

test('disputes by notification: opened then won, another lost, each twice, a pair out of order: exact balance, held, frozen', async () => {
  const { cardWith, card, reverse, send } = await env.user('disputed');
  const { cardId, loads } = await cardWith('20.00', '30.00', '10.00');
  const [a, b, c] = loads as { id: number; sale: string }[] as [
    { id: number; sale: string },
    { id: number; sale: string },
    { id: number; sale: string },
  ];

  const opened = await env.notify('dispute_opened', a.sale);
  expect(opened.status).toBe(200);
  expect(await env.resend(opened)).toEqual({
    status: 200,
    body: { status: 'ok', kind: 'dispute_opened', outcome: 'duplicate' },
  });
  expect(await card(cardId)).toMatchObject({ balance: '60.00', held: '20.00', frozen: false });
  // Held money cannot be reversed, and the disputed load not at all.
  expect(await reverse(cardId, a.id)).toMatchObject({ status: 422, body: { errors: [{ code: 'not-reversible' }] } });
  const won = await env.notify('dispute_won', a.sale);
  expect(won.status).toBe(200);
  expect(await env.resend(won)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
  expect(await card(cardId)).toMatchObject({ balance: '60.00', held: '0.00', frozen: false });

  // Lost: the disputed amount leaves the card.
  expect((await env.notify('dispute_opened', b.sale)).status).toBe(200);
  const lost = await env.notify('dispute_lost', b.sale);
  expect(await env.resend(lost)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
  expect(await card(cardId)).toMatchObject({ balance: '30.00', held: '0.00', frozen: false });

  // Out of order: the loss (of more than the card has) arrives before the opening, which is then stale.
  const openedLate = await env.notify('dispute_opened', c.sale, { amount: '45.00', deliver: false });
  expect(openedLate.status).toBeNull();
  const lostFirst = await env.notify('dispute_lost', c.sale);
  expect(lostFirst.status).toBe(200);
  expect(await env.resend(openedLate)).toMatchObject({ status: 200, body: { outcome: 'stale' } });
  expect(await env.resend(lostFirst)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
  const frozen = await card(cardId);
  expect(frozen).toMatchObject({ balance: '0.00', held: '0.00', frozen: true, shortfall: '15.00' });
  expect(frozen.disputes.map((d) => d.status)).toEqual(['lost', 'lost', 'won']);
  expect((await send('GET', '/cards/')).body).toMatchObject({
    cards: [{ id: cardId, balance: '0.00', held: '0.00', frozen: true }],
  });
  // A frozen card gives nothing back.
  expect((await reverse(cardId, a.id)).status).toBe(422);
});

test('a bad signature is 403 and changes nothing; a dispute of an unknown transaction is kept', async () => {
  const { cardWith, card } = await env.user('forged');
  const { cardId, loads } = await cardWith('25.00');
  const signed = await env.notify('dispute_opened', loads[0]!.sale, { deliver: false });
  const forged = await env.postForm({
    bt_signature: `${env.fake.publicKey}|${'0'.repeat(40)}`,
    bt_payload: signed.bt_payload,
  });
  expect(forged).toMatchObject({ status: 403, body: { status: 'error', errors: [{ code: 'http-403' }] } });
  const otherPayload = await env.postForm({ bt_signature: signed.bt_signature, bt_payload: `${signed.bt_payload}A` });
  expect(otherPayload.status).toBe(403);
  expect(await card(cardId)).toMatchObject({ balance: '25.00', held: '0.00', frozen: false, disputes: [] });

  // A sale the ledger never made (another system's, on the same merchant account).
  const sold = env.fake.sell('fake-valid-nonce', '7.00', 'not-ours-1');
  if (sold.kind !== 'kept') throw new Error('the dev processor refused the sale');
  const stranger = sold.transaction;
  const unmatched = await env.notify('dispute_opened', stranger.id);
  expect(unmatched.status).toBe(200);
  expect(await env.resend(unmatched)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
  // The SDK also verifies the payload without the newline Braintree signs: the same notification (issue 43).
  expect(unmatched.bt_payload.endsWith('\n')).toBe(true);
  const bare = { ...unmatched, bt_payload: unmatched.bt_payload.slice(0, -1) };
  expect(await env.resend(bare)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
  const kept = await env.payments().listUnmatchedDisputes();
  expect(kept).toEqual(expect.arrayContaining([expect.objectContaining({ processorTransactionId: stranger.id })]));
});

test('the challenge is answered; the webhook route refuses what Braintree never sends', async () => {
  const challenge = await fetch(`${env.stack.url}${WEBHOOK}?bt_challenge=0123456789abcdef0123`);
  expect(challenge.status).toBe(200);
  expect(await challenge.text()).toMatch(new RegExp(`^${env.fake.publicKey}\\|[0-9a-f]{40}$`));
  expect((await fetch(`${env.stack.url}${WEBHOOK}`)).status).toBe(400);
  expect((await fetch(`${env.stack.url}${WEBHOOK}?bt_challenge=%3Cscript%3E`)).status).toBe(400);

  const del = await fetch(`${env.stack.url}${WEBHOOK}`, { method: 'DELETE' });
  expect([del.status, del.headers.get('allow')]).toEqual([405, expect.stringMatching(/POST/)]);
  expect(
    (await env.postForm('{"bt_signature":"x","bt_payload":"y"}', { 'content-type': 'application/json' })).status,
  ).toBe(415);
  expect((await env.postForm('bt_signature=a', { 'content-encoding': 'gzip' })).status).toBe(415);
  expect((await env.postForm('bt_signature=%zz&bt_payload=%')).status).toBe(403); // decoded leniently, then unsigned
  expect((await env.postForm('bt_payload=abc')).status).toBe(400);
  expect((await env.postForm('bt_signature=a&bt_signature=b&bt_payload=c')).status).toBe(400);
  expect((await env.postForm(`bt_signature=a&bt_payload=${'A'.repeat(70 * 1024)}`)).status).toBe(413);
});

test('the webhook route answers 429 with Retry-After past its budget per client address', async () => {
  // Last in this file: the stack's budget for 127.0.0.1 is spent afterwards (Redis keys are the stack's own).
  const answers = await Promise.all(
    Array.from({ length: WEBHOOK_LIMIT.limit + 5 }, () => fetch(`${env.stack.url}${WEBHOOK}`)),
  );
  const limited = answers.filter((r) => r.status === 429);
  expect(limited.length).toBeGreaterThanOrEqual(5);
  expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await limited[0]!.json()).toEqual({
    status: 'error',
    errors: [{ code: 'http-429', message: 'too many requests' }],
  });
  await Promise.all(answers.map((r) => (r.bodyUsed ? undefined : r.arrayBuffer())));
});
