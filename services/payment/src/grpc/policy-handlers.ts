import { USER_ID } from '@gatehouse/contract';
// Limits as policy for administrators (issue 49 §1): the policies and users' tiers over gRPC. The
// gateway's admin API validates first (zod); these checks are the service's own, since a policy the
// load path cannot read must never reach limit_policies.
import { invalidArgument, notFound } from '@gatehouse/errors';
import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import { cardNotFound, PaymentErrors, requireAdmin } from '../errors';
import { type LimitPolicy, type LimitWindow, type PolicyScope, SCOPES, WINDOWS } from '../policies/policy';
import type { PolicyStore, StoredPolicy } from '../policies/store';
import { databaseFaultsUnavailable } from './messages';

/** A tier's name: what a tier policy's subject and a user's tier are spelled as. */
export const TIER_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const CARD_ID = /^[1-9]\d{0,15}$/;

const invalid = (message: string) => invalidArgument(PaymentErrors.INVALID_POLICY, message);

/** Scope, subject and window checked: the policy's key. */
function policyKey(scope: string, subject: string, window: string) {
  if (!(SCOPES as readonly string[]).includes(scope)) throw invalid(`scope is one of ${SCOPES.join(', ')}`);
  if (!(WINDOWS as readonly string[]).includes(window)) throw invalid(`window is one of ${WINDOWS.join(', ')}`);
  const ok =
    scope === 'programme'
      ? subject === ''
      : scope === 'tier'
        ? TIER_NAME.test(subject)
        : scope === 'user'
          ? USER_ID.test(subject)
          : CARD_ID.test(subject);
  if (!ok) throw invalid(`subject is not a ${scope === 'programme' ? 'programme (empty)' : scope} subject`);
  return { scope: scope as PolicyScope, subject, window: window as LimitWindow };
}

/** -1, or 0 (a message without it: a maximum is never 0), means none; anything else a positive integer. */
function maximum(value: string | number, what: string): number | null {
  const n = Number(value);
  if (n === -1 || n === 0) return null;
  if (!Number.isSafeInteger(n) || n <= 0) throw invalid(`${what} is a positive integer`);
  return n;
}

export const policyMessage = (p: StoredPolicy): payment.LimitPolicy => ({
  scope: p.scope,
  subject: p.subject,
  window: p.window,
  maxCents: p.maxCents ?? -1,
  maxCount: p.maxCount ?? -1,
  reversalsFree: p.reversalsFree,
  updatedAt: p.updatedAt.toISOString(),
  updatedBy: p.updatedBy,
});

const tierMessage = (ownerId: string, t: { tier: string; updatedAt: Date } | null): payment.LimitTier => ({
  ownerId,
  tier: t?.tier ?? '',
  updatedAt: t?.updatedAt.toISOString() ?? '',
});

export function policyHandlers(
  store: PolicyStore,
  log: Logger,
): Pick<
  payment.PaymentServiceHandlers,
  'ListLimitPolicies' | 'PutLimitPolicy' | 'DeleteLimitPolicy' | 'GetLimitTier' | 'SetLimitTier'
> {
  return {
    ListLimitPolicies: unaryHandler(log, (req: payment.ListLimitPoliciesRequest__Output) =>
      databaseFaultsUnavailable(log, async () => {
        if (req.scope && !(SCOPES as readonly string[]).includes(req.scope))
          throw invalid(`scope is one of ${SCOPES.join(', ')}`);
        // A subject is a tier, a user or a card: each a USER_ID's shape at most.
        if (req.subject && !USER_ID.test(req.subject)) throw invalid('subject is not a tier, user or card');
        const policies = await store.list({
          scope: (req.scope || undefined) as PolicyScope | undefined,
          subject: req.subject || undefined,
        });
        return { policies: policies.map(policyMessage) };
      }),
    ),
    PutLimitPolicy: unaryHandler(log, (req: payment.PutLimitPolicyRequest__Output) =>
      databaseFaultsUnavailable(log, async () => {
        const by = requireAdmin(req.admin);
        const p = req.policy;
        if (!p) throw invalid('policy is required');
        const policy: LimitPolicy = {
          ...policyKey(p.scope, p.subject, p.window),
          maxCents: maximum(p.maxCents, 'max_cents'),
          maxCount: maximum(p.maxCount, 'max_count'),
          reversalsFree: p.reversalsFree,
        };
        if (policy.maxCents === null && policy.maxCount === null) throw invalid('max_cents or max_count is required');
        if (policy.scope === 'card' && !(await store.cardExists(Number(policy.subject)))) throw cardNotFound();
        const stored = await store.put(policy, by);
        return policyMessage(stored!);
      }),
    ),
    DeleteLimitPolicy: unaryHandler(log, (req: payment.DeleteLimitPolicyRequest__Output) =>
      databaseFaultsUnavailable(log, async () => {
        const by = requireAdmin(req.admin);
        if (!(await store.remove(policyKey(req.scope, req.subject, req.window), by)))
          throw notFound(PaymentErrors.POLICY_NOT_FOUND, 'limit policy not found');
        return {};
      }),
    ),
    GetLimitTier: unaryHandler(log, (req: payment.GetLimitTierRequest__Output) =>
      databaseFaultsUnavailable(log, async () => {
        if (!USER_ID.test(req.ownerId)) throw invalid('owner_id is required');
        return tierMessage(req.ownerId, await store.tierOf(req.ownerId));
      }),
    ),
    SetLimitTier: unaryHandler(log, (req: payment.SetLimitTierRequest__Output) =>
      databaseFaultsUnavailable(log, async () => {
        const by = requireAdmin(req.admin);
        if (!USER_ID.test(req.ownerId)) throw invalid('owner_id is required');
        if (req.tier && !TIER_NAME.test(req.tier)) throw invalid('a tier is lower-case letters, digits, _ and -');
        await store.setTier(req.ownerId, req.tier || null, by);
        return tierMessage(req.ownerId, await store.tierOf(req.ownerId));
      }),
    ),
  };
}
