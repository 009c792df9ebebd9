import { DAY_MS, type LimitRule } from '../limits';

/**
 * Limits as policy (issue 49 §1), without transport or storage: which limits apply to a load of an
 * owner on a card, from the programme default, the owner's tier, the owner's override and the card's.
 */

export const WINDOWS = ['1 day', '7 days', '30 days', '365 days', 'lifetime'] as const;
export type LimitWindow = (typeof WINDOWS)[number];
export const SCOPES = ['programme', 'tier', 'user', 'card'] as const;
export type PolicyScope = (typeof SCOPES)[number];

const WINDOW_MS: Record<LimitWindow, number | undefined> = {
  '1 day': DAY_MS,
  '7 days': 7 * DAY_MS,
  '30 days': 30 * DAY_MS,
  '365 days': 365 * DAY_MS,
  lifetime: undefined,
};

/** One row of limit_policies: an amount and/or a count over one window, for one scope and subject. */
export interface LimitPolicy {
  scope: PolicyScope;
  /** '' for the programme, the tier's name, the owner id, or the card id. */
  subject: string;
  window: LimitWindow;
  maxCents: number | null;
  maxCount: number | null;
  /** Voided and refunded amounts (and loads reversed in full) stop counting towards it (migrations/011). */
  reversalsFree?: boolean;
}

/** Everything the load path needs, read once and again on each change. */
export interface PolicySnapshot {
  policies: readonly LimitPolicy[];
  /** Owner id → tier. */
  tiers: ReadonlyMap<string, string>;
}

const slug = (window: LimitWindow) => window.replace(' ', '-');

/**
 * The rules of one policy row. Codes and words keep today's for the owner's limits
 * (`compliance-1-day`, `495.00 + 5.01 > 500.00 (1 day)`), naming a tier, user or card when one set it;
 * a count limit's code ends in `-count`, a card's starts with `card-`.
 */
export function policyRules(policy: LimitPolicy, cardId?: number): LimitRule[] {
  const windowMs = WINDOW_MS[policy.window];
  const lifetime = windowMs === undefined;
  const prefix = policy.scope === 'card' ? 'card' : 'compliance';
  const by =
    policy.scope === 'programme'
      ? ''
      : policy.scope === 'tier'
        ? `, tier ${policy.subject}`
        : policy.scope === 'user'
          ? ', user limit'
          : `, card ${policy.subject}`;
  const base = {
    label: `${policy.window}${by}`,
    ...(lifetime ? { lifetime: true } : { windowMs }),
    ...(cardId !== undefined ? { cardId } : {}),
    ...(policy.reversalsFree ? { reversalsFree: true } : {}),
  };
  const rules: LimitRule[] = [];
  if (policy.maxCents !== null)
    rules.push({ ...base, code: `${prefix}-${slug(policy.window)}`, maxCents: policy.maxCents });
  if (policy.maxCount !== null)
    rules.push({ ...base, code: `${prefix}-${slug(policy.window)}-count`, maxCents: policy.maxCount, count: true });
  return rules;
}

/**
 * The limits that apply to a load by `ownerId` on `cardId`: per window, the user's override, else
 * their tier's, else the programme's (a row in limit_policies, else the environment's `envRules`);
 * then the card's own limits on top. The balance limit (environment only) always applies.
 */
export function applicableRules(
  snapshot: PolicySnapshot,
  envRules: readonly LimitRule[],
  ownerId: string,
  cardId: number,
): LimitRule[] {
  const tier = snapshot.tiers.get(ownerId);
  const ownerLevel = (p: LimitPolicy) =>
    p.scope === 'user' && p.subject === ownerId
      ? 3
      : p.scope === 'tier' && p.subject === tier
        ? 2
        : p.scope === 'programme'
          ? 1
          : 0;
  const chosen = new Map<LimitWindow, LimitPolicy>();
  for (const p of snapshot.policies) {
    const level = ownerLevel(p);
    if (level === 0) continue;
    const current = chosen.get(p.window);
    if (!current || ownerLevel(current) < level) chosen.set(p.window, p);
  }
  const rules: LimitRule[] = [];
  // The environment's window limits stand for the programme where no policy names their window.
  for (const rule of envRules) {
    const window = WINDOWS.find((w) => WINDOW_MS[w] === rule.windowMs && w !== 'lifetime');
    if (rule.windowMs === undefined || !window || !chosen.has(window)) rules.push(rule);
  }
  for (const window of WINDOWS) {
    const p = chosen.get(window);
    if (p) rules.push(...policyRules(p));
  }
  for (const p of snapshot.policies)
    if (p.scope === 'card' && p.subject === String(cardId)) rules.push(...policyRules(p, cardId));
  return rules;
}
