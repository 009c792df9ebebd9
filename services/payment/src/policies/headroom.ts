import type { LimitRule } from '../limits';

/** One limit as GET /cards/{id}/limits shows it: exact to the cent (or the load) at the moment read. */
export interface LimitHeadroom {
  /** The code a refusal by this limit carries, e.g. `compliance-1-day`. */
  code: string;
  /** The window and who set it, as a refusal's words say it: `1 day`, `7 days, tier verified`. */
  label: string;
  /** `1 day`, `7 days`, `30 days`, `365 days`, `lifetime` or `balance`. */
  window: string;
  /** `amount` (cents) or `count` (loads). */
  kind: 'amount' | 'count';
  /** `owner` (all the owner's cards) or `card` (this card's loads only; the balance limit too). */
  appliesTo: 'owner' | 'card';
  limit: number;
  usage: number;
  /** limit − usage, never below 0: the largest load (amount) or the loads (count) still allowed. */
  headroom: number;
}

const windowOf = (rule: LimitRule) => {
  if (rule.lifetime) return 'lifetime';
  if (rule.windowMs === undefined) return 'balance';
  const days = rule.windowMs / 86_400_000;
  return days === 1 ? '1 day' : `${days} days`;
};

/** Each rule with its usage (read in the same order) and what is left of it. */
export function headroomOf(rules: readonly LimitRule[], usage: readonly number[]): LimitHeadroom[] {
  return rules.map((rule, i) => {
    const used = usage[i] ?? 0;
    return {
      code: rule.code,
      label: rule.label,
      window: windowOf(rule),
      kind: rule.count ? 'count' : 'amount',
      appliesTo: rule.cardId !== undefined || (rule.windowMs === undefined && !rule.lifetime) ? 'card' : 'owner',
      limit: rule.maxCents,
      usage: used,
      headroom: Math.max(0, rule.maxCents - used),
    };
  });
}
