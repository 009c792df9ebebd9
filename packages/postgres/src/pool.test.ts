// The transaction-pooling rewrite: the SET LOCALs go right after BEGIN, before whatever rode along with
// it in the same simple query, and a named statement is sent unnamed.
import { rewrite } from './pool';

const LOCALS = ['SET LOCAL search_path TO "payment"', 'SET LOCAL statement_timeout = 10000'];

test.each([
  ['BEGIN', 'BEGIN; SET LOCAL search_path TO "payment"; SET LOCAL statement_timeout = 10000'],
  ['begin;', 'begin; SET LOCAL search_path TO "payment"; SET LOCAL statement_timeout = 10000'],
  [
    '  START TRANSACTION ISOLATION LEVEL REPEATABLE READ ; ',
    'START TRANSACTION ISOLATION LEVEL REPEATABLE READ; SET LOCAL search_path TO "payment"; SET LOCAL statement_timeout = 10000',
  ],
  [
    "BEGIN; SELECT pg_advisory_xact_lock(hashtextextended('payment.owner:a;b', 0))",
    'BEGIN; SET LOCAL search_path TO "payment"; SET LOCAL statement_timeout = 10000; ' +
      "SELECT pg_advisory_xact_lock(hashtextextended('payment.owner:a;b', 0))",
  ],
  [
    'BEGIN;\n  SELECT 1;\n  SELECT 2;\n',
    'BEGIN; SET LOCAL search_path TO "payment"; SET LOCAL statement_timeout = 10000; SELECT 1;\n  SELECT 2',
  ],
])('%j gains the SET LOCALs right after BEGIN', (query, expected) => {
  expect(rewrite(query, LOCALS)).toBe(expected);
});

test.each(['SELECT 1', 'COMMIT', 'ROLLBACK', 'BEGINNING', "SELECT 'BEGIN'", 'DO $$BEGIN PERFORM 1; END$$'])(
  '%j is left as it is',
  (query) => {
    expect(rewrite(query, LOCALS)).toBe(query);
  },
);

test('a named statement is sent unnamed, an unnamed one as it is', () => {
  expect(rewrite({ name: 'ledger_x', text: 'SELECT $1', values: [1] }, LOCALS)).toEqual({
    text: 'SELECT $1',
    values: [1],
  });
  const plain = { text: 'SELECT $1', values: [1] };
  expect(rewrite(plain, LOCALS)).toBe(plain);
});
