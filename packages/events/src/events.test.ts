import { eventCtes, rowId } from './ctes';
import { secretProblem } from './guard';
import { eventStatement, InvalidEventError, newEventId } from './record';
import { matchesPattern, patternProblem } from './types';

test('data is checked against its type: unknown fields and non-codes are refused', () => {
  const ok = eventStatement({
    type: 'login.failed',
    actor: { kind: 'user', id: 'dev_1' },
    data: { reason: 'bad-password' },
  });
  expect(ok.values[1]).toBe('login.failed');
  expect(() =>
    eventStatement({
      type: 'login.failed',
      actor: { kind: 'user' },
      data: { reason: 'bad-password', password: 'hunter2' } as never,
    }),
  ).toThrow(InvalidEventError);
  expect(() =>
    eventStatement({ type: 'login.failed', actor: { kind: 'user' }, data: { reason: 'Not A Code!' } }),
  ).toThrow(/a code/);
});

test('the guard refuses what looks like a token, a code, a secret or a card number', () => {
  for (const v of [
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc',
    'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    '123456',
    '4111 1111 1111 1111',
    'k3J9xQ2mZ8vN4pL7wR1tY6uB0cE5hG',
  ])
    expect(secretProblem({ v })).toMatch(/looks like/);
  for (const v of [
    'dev_1',
    'github_3f8a2b1c9d0e4f5a6b7c8d9e0f1a2b3c4d5e6f7a',
    'compliance-1-day',
    '01HZX3M2K9',
    'wh_01JF8Z6Q3N4R5S6T7V8W9X0Y1Z', // a webhook endpoint's id
  ])
    expect(secretProblem({ v })).toBeNull();
  expect(() =>
    eventStatement({ type: 'passkey.added', actor: { kind: 'user' }, data: { credential_id: '12345678' } }),
  ).toThrow(/one-time code/);
});

test("an event written inside another statement is checked as recordEvent's: shape, then the guard", () => {
  const refused = (codes: string[]) =>
    eventCtes(
      {
        type: 'load.refused',
        actor: { kind: 'user', id: 'dev_1' },
        subjectUser: 'dev_1',
        data: { load_id: rowId('id'), card_id: 7, amount_cents: 100, codes },
      },
      { rows: 'inserted', firstParam: 3 },
    );
  const ok = refused(['compliance-1-day']);
  // Every value a parameter from $3 on, the row's id taken from the statement's own row.
  expect(ok.text).toContain(
    "jsonb_build_object('load_id', inserted.id, 'card_id', $10::bigint, 'amount_cents', $11::bigint, 'codes', $12::jsonb)",
  );
  expect(ok.text).toContain('FROM inserted, event_id');
  expect(ok.values).toEqual([
    'load.refused',
    'user',
    'dev_1',
    'dev_1',
    null,
    null,
    null,
    7,
    100,
    '["compliance-1-day"]',
  ]);
  expect(() => refused(['Not A Code!'])).toThrow(/a code/);
  expect(() => refused(['12345678'])).toThrow(/one-time code/);
  expect(() =>
    eventCtes(
      { type: 'card.created', actor: { kind: 'user', id: '123456' }, data: { card_id: rowId('id') } },
      { rows: 'card', firstParam: 1 },
    ),
  ).toThrow(/actor looks like a one-time code/);
  // A row's id where the schema wants text, an unknown field, a name that is not one: refused.
  expect(() =>
    eventCtes(
      { type: 'passkey.added', actor: { kind: 'user' }, data: { credential_id: rowId('id') as never } },
      { rows: 'r', firstParam: 1 },
    ),
  ).toThrow(InvalidEventError);
  expect(() =>
    eventCtes(
      { type: 'card.created', actor: { kind: 'user' }, data: { card_id: rowId('id'), nonce: 'x' } as never },
      { rows: 'r', firstParam: 1 },
    ),
  ).toThrow(InvalidEventError);
  expect(() =>
    eventCtes(
      { type: 'card.created', actor: { kind: 'user' }, data: { card_id: rowId('id; DROP') } },
      { rows: 'r', firstParam: 1 },
    ),
  ).toThrow(/not a plain name/);
});

test('subscription patterns: a type, a prefix or everything, and a typo is refused', () => {
  expect(matchesPattern('load.succeeded', 'load.*')).toBe(true);
  expect(matchesPattern('login.failed', 'load.*')).toBe(false);
  expect(matchesPattern('login.failed', '*')).toBe(true);
  expect(patternProblem('load.*')).toBeNull();
  expect(patternProblem('lod.*')).toMatch(/matches no event type/);
  expect(patternProblem('load.succeded')).toMatch(/not an event type/);
});

test('event ids are ULIDs, each new one after the last, none twice', () => {
  const ids = Array.from({ length: 5000 }, () => newEventId());
  for (const id of ids) expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort()).toEqual(ids);
});
