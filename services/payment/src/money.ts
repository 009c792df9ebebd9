/**
 * Money is integer cents inside the service; these two functions are the only conversions to and
 * from decimal text (settings and messages). Floating point never touches an amount.
 */

/** The largest amount accepted anywhere: far below Number.MAX_SAFE_INTEGER, far above any card. */
export const MAX_AMOUNT_CENTS = 100_000_000_000; // 1 000 000 000.00

const DECIMAL = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** "10", "10.5", "10.50" → cents; null for anything else (sign, exponent, 3 decimals, blanks). */
export function parseCents(text: string): number | null {
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_AMOUNT_CENTS ? cents : null;
}

/** Cents → "495.00". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
