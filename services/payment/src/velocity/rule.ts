// Velocity rules (issue 49 §2): what a rule is, how its window's count decides a load, and the words a
// firing rule says. No transport and no SQL here: the store (./store.ts) and the counting statement
// (./count.sql.ts) do those.
import { parseDuration, z } from '@gatehouse/config';
import { formatCents } from '../money';

export const SUBJECTS = ['card', 'owner', 'address'] as const;
export const COUNTS = ['declines', 'loads', 'distinct_cards', 'amount_cents'] as const;
export const ACTIONS = ['block', 'review'] as const;
export const MODES = ['enforce', 'dry_run'] as const;

export type VelocitySubject = (typeof SUBJECTS)[number];
export type VelocityCount = (typeof COUNTS)[number];

export interface VelocityRule {
  /** A code (events name it): lower-case letters, digits and _ . : - */
  name: string;
  subject: VelocitySubject;
  counts: VelocityCount;
  /** The most the window may hold; the load that would take it past this fires the rule. */
  threshold: number;
  windowSeconds: number;
  action: (typeof ACTIONS)[number];
  mode: (typeof MODES)[number];
  /** 'file': PAYMENT_VELOCITY_RULES_FILE's, read-only on the admin API. */
  source: 'file' | 'admin';
}

/** The longest window: 30 days (the index ranges stay short, and older activity is not velocity). */
export const MAX_WINDOW_SECONDS = 30 * 86_400;
export const RULE_NAME = /^[a-z0-9][a-z0-9_.:-]{0,63}$/;

/** `90s`, `10m`, `1h`, `7d` (sums like `1h30m`): whole seconds, 1 s to 30 days. */
export const windowText = z.string().transform((text, ctx) => {
  const ms = parseDuration(text);
  if (ms === null || ms % 1000 !== 0 || ms < 1000 || ms > MAX_WINDOW_SECONDS * 1000) {
    ctx.addIssue({ code: 'custom', message: 'a duration such as 10m, 1h or 7d (1s to 30d, whole seconds)' });
    return z.NEVER;
  }
  return ms / 1000;
});

/** A rule as the file and the admin API spell it (snake_case, the window as a duration). */
export const ruleSpec = z
  .strictObject({
    name: z.string().regex(RULE_NAME, 'lower-case letters, digits and _ . : - (at most 64)'),
    subject: z.enum(SUBJECTS),
    counts: z.enum(COUNTS),
    threshold: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    window: windowText,
    action: z.enum(ACTIONS),
    mode: z.enum(MODES).default('enforce'),
  })
  .refine((r) => !(r.subject === 'card' && r.counts === 'distinct_cards'), {
    message: 'distinct_cards is counted per owner or per address, not per card',
    path: ['counts'],
  });

export type RuleSpec = z.infer<typeof ruleSpec>;

export const fromSpec = (s: RuleSpec, source: VelocityRule['source']): VelocityRule => ({
  name: s.name,
  subject: s.subject,
  counts: s.counts,
  threshold: s.threshold,
  windowSeconds: s.window,
  action: s.action,
  mode: s.mode,
  source,
});

/** The window as the API answers it: `90s`, `10m`, `1h`, `7d`. */
export function formatWindow(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400}d`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600}h`;
  if (seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

/** What the rules of a load are asked about: the load, and where it came from (if the gateway said). */
export interface VelocityLoad {
  ownerId: string;
  cardId: number;
  amountCents: number;
  clientAddress: string | null;
}

/**
 * The rules that can count for this load: an address rule needs an address (a load without one, from
 * a caller that does not say, is not counted by it).
 */
export const countable = (rules: readonly VelocityRule[], load: VelocityLoad): VelocityRule[] =>
  rules.filter((r) => r.subject !== 'address' || load.clientAddress !== null);

/** What this load adds to what the rule counts: the load is treated as one more of it. */
export function added(rule: VelocityRule, amountCents: number, cardAlreadyCounted: boolean): number {
  if (rule.counts === 'amount_cents') return amountCents;
  if (rule.counts === 'distinct_cards') return cardAlreadyCounted ? 0 : 1;
  return 1;
}

export interface Fired {
  rule: VelocityRule;
  /** What the window held before this load, and what this load adds. */
  current: number;
  added: number;
  message: string;
}

const UNIT: Record<VelocityCount, string> = {
  declines: 'declines',
  loads: 'loads',
  distinct_cards: 'cards',
  amount_cents: '',
};

/**
 * The rule's words, as the limits' are: `velocity rule "card-declines": 5 + 1 > 5 declines per card
 * (10m)`; amounts in units: `velocity rule "owner-amount": 90.00 + 20.00 > 100.00 per owner (1h)`.
 */
export function firedMessage(rule: VelocityRule, current: number, add: number): string {
  const per = `per ${rule.subject} (${formatWindow(rule.windowSeconds)})`;
  const sum =
    rule.counts === 'amount_cents'
      ? `${formatCents(current)} + ${formatCents(add)} > ${formatCents(rule.threshold)}`
      : `${current} + ${add} > ${rule.threshold} ${UNIT[rule.counts]}`;
  return `velocity rule "${rule.name}": ${sum} ${per}`;
}

/** The rules this load fires, given each rule's window count and whether it already holds the card. */
export function firedRules(
  rules: readonly VelocityRule[],
  counts: readonly { current: number; holdsCard: boolean }[],
  amountCents: number,
): Fired[] {
  const fired: Fired[] = [];
  rules.forEach((rule, i) => {
    const { current, holdsCard } = counts[i] ?? { current: 0, holdsCard: false };
    const add = added(rule, amountCents, holdsCard);
    if (current + add > rule.threshold)
      fired.push({ rule, current, added: add, message: firedMessage(rule, current, add) });
  });
  return fired;
}

/** The refusal a firing `block` rule in `enforce` mode gives the load (a 400, as a limit's). */
export const VELOCITY_CODE = 'velocity';
