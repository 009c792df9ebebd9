import { formatCents, MAX_AMOUNT_CENTS, parseCents } from './money';

test.each([
  ['10', 1000],
  ['10.5', 1050],
  ['10.50', 1050],
  ['0.01', 1],
  ['495.00', 49500],
  ['0', 0],
  ['1000000000.00', MAX_AMOUNT_CENTS],
])('parseCents(%j) = %j', (text, cents) => {
  expect(parseCents(text)).toBe(cents);
});

test.each(['', '-1', '+1', '1.234', '1e3', ' 1', '1.', '.5', 'abc', '1,00', '0x10', '1000000000.01', 'Infinity'])(
  'parseCents(%j) is refused',
  (text) => {
    expect(parseCents(text)).toBeNull();
  },
);

test('formatCents renders two decimals', () => {
  expect(formatCents(0)).toBe('0.00');
  expect(formatCents(501)).toBe('5.01');
  expect(formatCents(49500)).toBe('495.00');
  expect(formatCents(-5)).toBe('-0.05');
});
