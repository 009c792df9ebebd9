import { z } from 'zod';

/**
 * The trail's vocabulary: every event type and the shape of its data. Data is ids and codes only
 * (never a token, code, password, nonce, secret or card number), so a leaked trail or a webhook body
 * gives nothing to log in or pay with; each schema is strict, so an unexpected field is an error at
 * the place that records it, not a silent leak.
 */
const id = z.string().min(1).max(200);
const code = z.string().regex(/^[a-z0-9][a-z0-9_.:-]{0,63}$/, 'a code: lower-case letters, digits and _ . : -');
const cents = z.number().int();

const load = { load_id: z.number().int(), card_id: z.number().int(), amount_cents: cents };
const reversal = z.strictObject({
  reversal_id: z.number().int(),
  load_id: z.number().int(),
  card_id: z.number().int(),
  amount_cents: cents,
  method: code,
  codes: z.array(code).max(10),
});
const dispute = z.strictObject({
  dispute_id: z.number().int(),
  card_id: z.number().int().nullable(),
  load_id: z.number().int().nullable(),
  amount_cents: cents,
  status: code,
});

export const EVENT_DATA = {
  // source: how a password account came (docs/password-accounts.md): its own sign-up, an import, an admin.
  'user.created': z.strictObject({
    provider: code.optional(),
    source: z.enum(['signup', 'import', 'admin']).optional(),
  }),
  // The names of the fields that changed (name, email, email_verified), never their values.
  'user.updated': z.strictObject({ fields: z.array(code).max(20), provider: code.optional() }),
  'user.blocked': z.strictObject({ reason: code.optional() }),
  'user.unblocked': z.strictObject({}),
  'user.deleted': z.strictObject({}),
  'identity.linked': z.strictObject({ provider: code }),
  'identity.unlinked': z.strictObject({ provider: code }),
  // first_login: where the user directory knows it (a session alone does not say).
  'login.succeeded': z.strictObject({ provider: code, first_login: z.boolean().optional(), method: code.optional() }),
  'login.failed': z.strictObject({ provider: code.optional(), reason: code }),
  // A login limit reached (issue 43): once per limit and window, whatever the number of attempts it
  // refuses (they are counted in metrics); `limit` says what it counts per (user_ip, ip, user, address).
  'login.rate_limited': z.strictObject({ provider: code, limit: code }),
  'session.ended': z.strictObject({ reason: z.enum(['logout', 'revoked', 'revoked_others', 'blocked', 'admin']) }),
  // The OpenID provider (docs/openid-provider.md): its clients, as admins change them; the grants users
  // give and take back; a refresh token or code presented again (the family is revoked).
  'client.created': z.strictObject({ client_id: id }),
  'client.updated': z.strictObject({ client_id: id }),
  'client.secret_rotated': z.strictObject({ client_id: id }),
  'client.deleted': z.strictObject({ client_id: id }),
  'grant.created': z.strictObject({ client_id: id, scopes: z.array(code).max(50) }),
  'grant.revoked': z.strictObject({ client_id: id, reason: code }),
  'token.reuse_detected': z.strictObject({ client_id: id, kind: code }),
  // Password accounts (docs/password-accounts.md): a new password set by its user (change) or through a
  // reset link (reset, which ends the user's other sessions); the address changed once the new one was
  // verified. Never the password, the hash, a token or an address.
  'password.changed': z.strictObject({}),
  'password.reset': z.strictObject({ by: z.enum(['user', 'admin']).optional() }),
  'email.changed': z.strictObject({ provider: code }),
  'passkey.added': z.strictObject({ credential_id: id }),
  'passkey.removed': z.strictObject({ credential_id: id }),
  'totp.enabled': z.strictObject({}),
  'totp.disabled': z.strictObject({ reason: code.optional() }),
  'totp.recovery_codes_renewed': z.strictObject({ count: z.number().int().nonnegative() }),
  // What an admin did (the method), and to what: a user (target), or a webhook endpoint and one of its deliveries.
  'admin.action': z.strictObject({
    method: code,
    target: id.optional(),
    webhook: id.optional(),
    delivery: z.number().int().optional(),
    outcome: code.optional(),
    // An OpenID provider's client an admin made, changed, gave a new secret or removed (issue 45).
    client: id.optional(),
    // Which of a webhook's settings an admin changed (update_webhook): their names, never their values.
    fields: z.array(code).max(10).optional(),
  }),
  // Organisations (docs/organizations.md): ids and role names only, never an invited address or a token.
  'organization.created': z.strictObject({ org_id: id }),
  'organization.ownership_transferred': z.strictObject({ org_id: id, to: id }),
  // An administrator's: the names of the settings changed; a deletion with how many members it removed.
  'organization.updated': z.strictObject({ org_id: id, fields: z.array(code).max(10) }),
  'organization.deleted': z.strictObject({ org_id: id, members: z.number().int().min(0) }),
  'membership.added': z.strictObject({ org_id: id, roles: z.array(code).max(20), via: code }),
  'membership.roles_changed': z.strictObject({ org_id: id, roles: z.array(code).max(20) }),
  'membership.removed': z.strictObject({ org_id: id, reason: z.enum(['removed', 'left', 'deleted']) }),
  'invitation.created': z.strictObject({ org_id: id, invitation_id: id, roles: z.array(code).max(20) }),
  'invitation.accepted': z.strictObject({ org_id: id, invitation_id: id }),
  'invitation.revoked': z.strictObject({ org_id: id, invitation_id: id }),
  'card.created': z.strictObject({ card_id: z.number().int() }),
  'load.succeeded': z.strictObject(load),
  'load.declined': z.strictObject({ ...load, codes: z.array(code).max(10) }),
  'load.refused': z.strictObject({ ...load, codes: z.array(code).max(10) }),
  'load.unknown': z.strictObject(load),
  'load.reconciled': z.strictObject({ ...load, status: code }),
  // A reversal's outcome (payment's ReversalChange.outcome), or its refusal by a rule.
  'reversal.succeeded': reversal,
  'reversal.failed': reversal,
  'reversal.awaiting_settlement': reversal,
  'reversal.unknown': reversal,
  'reversal.recorded': reversal,
  'reversal.refused': reversal,
  'dispute.opened': dispute,
  'dispute.updated': dispute,
  'dispute.won': dispute,
  'dispute.lost': dispute,
  // A day's settlement compared with the ledger (issue 49): how many differences, by kind.
  'settlement.reconciled': z.strictObject({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    status: z.enum(['matched', 'differs']),
    discrepancies: z.number().int().min(0),
    kinds: z.array(code).max(10),
  }),
  // Limits as policy (issue 49 §1), changed by an admin (the actor): which policy and whether it was set
  // or removed; a user's tier (the subject user), null when they went back to the programme default.
  'limits.policy_changed': z.strictObject({
    scope: z.enum(['programme', 'tier', 'user', 'card']),
    subject: z.string().max(200),
    window: z.enum(['1 day', '7 days', '30 days', '365 days', 'lifetime']),
    change: z.enum(['set', 'deleted']),
  }),
  'limits.tier_changed': z.strictObject({ tier: code.nullable() }),
  // A velocity rule fired on a load (issue 49 §2): which rule, over what subject, its action and mode
  // (dry_run: nothing happened to the load); the owner is the event's subject user, the address its
  // client address; load_id is the ledger's row (a blocked load is kept as a refused one, load.refused).
  'velocity.fired': z.strictObject({
    rule: code,
    subject: z.enum(['card', 'owner', 'address']),
    action: z.enum(['block', 'review']),
    mode: z.enum(['enforce', 'dry_run']),
    card_id: z.number().int(),
    load_id: z.number().int(),
    owner_id: id,
  }),
  // An admin's change of a velocity rule, and the resolution of a flagged load.
  'velocity.rule_created': z.strictObject({ rule: code }),
  'velocity.rule_updated': z.strictObject({ rule: code }),
  'velocity.rule_deleted': z.strictObject({ rule: code }),
  'velocity.review_resolved': z.strictObject({
    review_id: z.number().int(),
    load_id: z.number().int(),
    rule: code,
    outcome: z.enum(['cleared', 'confirmed']),
  }),
} as const;

export type EventType = keyof typeof EVENT_DATA;
export type EventData<T extends EventType> = z.infer<(typeof EVENT_DATA)[T]>;
export const EVENT_TYPES = Object.keys(EVENT_DATA) as EventType[];

/**
 * Who acted. `anonymous`: somebody not logged in, known only by the request's client address (a failed
 * login names the user it tried as its subject, never as its actor).
 */
export type ActorKind = 'user' | 'admin' | 'workload' | 'system' | 'anonymous';

/** What the place that makes a change says about it; id, time and source are the trail's own. */
export interface NewEvent<T extends EventType = EventType> {
  type: T;
  data: EventData<T>;
  actor: { kind: ActorKind; id?: string | null };
  subjectUser?: string | null;
  requestId?: string | null;
  clientAddress?: string | null;
  userAgent?: string | null;
}

/** An event as the trail holds it. */
export interface StoredEvent {
  id: string;
  time: Date;
  type: string;
  source: string;
  actor: { kind: ActorKind; id: string | null };
  subjectUser: string | null;
  requestId: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  data: Record<string, unknown>;
}

/**
 * A subscription pattern: a type (`load.succeeded`), a prefix (`load.*`) or everything (`*`). Unknown
 * names are refused, so a typo does not subscribe to nothing.
 */
export function patternProblem(pattern: string): string | null {
  if (pattern === '*') return null;
  if (pattern.endsWith('.*')) {
    const prefix = pattern.slice(0, -1);
    return EVENT_TYPES.some((t) => t.startsWith(prefix)) ? null : `"${pattern}" matches no event type`;
  }
  return (EVENT_TYPES as string[]).includes(pattern) ? null : `"${pattern}" is not an event type`;
}

export function matchesPattern(type: string, pattern: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
  return type === pattern;
}
