import { formatCents } from './money';

export interface LoadError {
  code: string;
  message: string;
}

/**
 * One compliance limit. With `windowMs`, the owner's counted loads (succeeded, pending, unknown) over
 * the trailing window, on all of the owner's cards; without it, the card's balance plus its loads in
 * flight.
 */
export interface LimitRule {
  code: string;
  label: string;
  maxCents: number;
  windowMs?: number;
  /** A count limit: `maxCents` is then a number of loads, and the usage counts loads (issue 49). */
  count?: boolean;
  /** Over every load since the first (windowMs unset): not a balance rule. */
  lifetime?: boolean;
  /** A card policy: the window's usage is that card's loads only, not the owner's. */
  cardId?: number;
  /** Voided and refunded amounts, and loads reversed in full, stop counting (a policy's reversals_free). */
  reversalsFree?: boolean;
}

export const DAY_MS = 86_400_000;

export interface Usage {
  /** Per rule, in the same order: the window total, or the card's exposure for a balance rule. */
  current: number[];
}

/**
 * Every limit the new amount would break, as the API reports it: `495.00 + 5.01 > 500.00 (1 day)`.
 * Reaching a limit exactly is allowed.
 */
export function limitViolations(rules: readonly LimitRule[], usage: Usage, amountCents: number): LoadError[] {
  const errors: LoadError[] = [];
  rules.forEach((rule, i) => {
    const current = usage.current[i] ?? 0;
    if (rule.count) {
      // One load more than the count allows: `5 + 1 > 5 loads (1 day)`.
      if (current + 1 > rule.maxCents)
        errors.push({ code: rule.code, message: `${current} + 1 > ${rule.maxCents} loads (${rule.label})` });
    } else if (current + amountCents > rule.maxCents) {
      errors.push({
        code: rule.code,
        message: `${formatCents(current)} + ${formatCents(amountCents)} > ${formatCents(rule.maxCents)} (${rule.label})`,
      });
    }
  });
  return errors;
}

/** The built-in rules; a rule is on when its maximum is configured. */
export function standardRules(limits: {
  oneDayCents: number;
  thirtyDaysCents?: number;
  yearCents?: number;
  balanceCents?: number;
}): LimitRule[] {
  const rules: LimitRule[] = [
    { code: 'compliance-1-day', label: '1 day', maxCents: limits.oneDayCents, windowMs: DAY_MS },
  ];
  if (limits.thirtyDaysCents !== undefined) {
    rules.push({
      code: 'compliance-30-days',
      label: '30 days',
      maxCents: limits.thirtyDaysCents,
      windowMs: 30 * DAY_MS,
    });
  }
  if (limits.yearCents !== undefined) {
    rules.push({ code: 'compliance-365-days', label: '365 days', maxCents: limits.yearCents, windowMs: 365 * DAY_MS });
  }
  if (limits.balanceCents !== undefined) {
    rules.push({ code: 'compliance-balance', label: 'balance', maxCents: limits.balanceCents });
  }
  return rules;
}

/**
 * The refusal of a frozen card (a lost dispute, or a refund made at the processor, took more than it
 * had): no load or reversal until the shortfall is settled.
 */
export function cardFrozenError(shortfallCents: number): LoadError {
  return {
    code: 'card-frozen',
    message: `this card is frozen: it is ${formatCents(shortfallCents)} short after a lost dispute or a refund made at the processor; loads and reversals are refused until the shortfall is settled`,
  };
}
