// gRPC ↔ VelocityAdmin (issue 49 §2): the velocity rules and the reviews of flagged loads, for the admin
// API. Without the velocity admin (a service built without it) the calls are UNAVAILABLE.
import { unavailable } from '@gatehouse/errors';
import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import { PaymentErrors, requireAdmin } from '../errors';
import type { VelocityAdmin } from '../velocity/admin';
import { formatWindow } from '../velocity/rule';
import type { StoredRule, VelocityReview } from '../velocity/store';
import { databaseFaultsUnavailable } from './messages';

export function ruleMessage(r: StoredRule): payment.VelocityRule {
  return {
    name: r.name,
    subject: r.subject,
    counts: r.counts,
    threshold: r.threshold,
    window: formatWindow(r.windowSeconds),
    windowSeconds: r.windowSeconds,
    action: r.action,
    mode: r.mode,
    source: r.source,
    updatedAt: r.updatedAt.toISOString(),
    updatedBy: r.updatedBy,
  };
}

export function reviewMessage(r: VelocityReview): payment.VelocityReview {
  return {
    id: r.id,
    loadId: r.loadId,
    rule: r.rule,
    cardId: r.cardId,
    ownerId: r.ownerId,
    clientAddress: r.clientAddress ?? '',
    amountCents: r.amountCents,
    loadStatus: r.loadStatus,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    outcome: r.outcome ?? '',
    reason: r.reason ?? '',
    resolvedBy: r.resolvedBy ?? '',
    resolvedAt: r.resolvedAt?.toISOString() ?? '',
  };
}

/** The wire's rule as the admin sent it: the domain checks every field (an empty mode is enforce). */
const spec = (r: payment.VelocityRule__Output | null) => ({
  name: r?.name,
  subject: r?.subject,
  counts: r?.counts,
  threshold: Number(r?.threshold ?? Number.NaN),
  window: r?.window,
  action: r?.action,
  ...(r?.mode ? { mode: r.mode } : {}),
});

export function velocityHandlers(admin: VelocityAdmin | undefined, log: Logger) {
  const velocity = () => {
    if (!admin) throw unavailable(PaymentErrors.DATABASE_UNAVAILABLE, 'velocity rules are not served here');
    return admin;
  };
  const handle = <Req, Res>(fn: (req: Req) => Promise<Res>) =>
    unaryHandler(log, (req: Req) => databaseFaultsUnavailable(log, () => fn(req)));
  return {
    ListVelocityRules: handle(async () => ({ rules: (await velocity().list()).map(ruleMessage) })),
    GetVelocityRule: handle(async (req: payment.GetVelocityRuleRequest__Output) =>
      ruleMessage(await velocity().get(req.name)),
    ),
    CreateVelocityRule: handle(async (req: payment.PutVelocityRuleRequest__Output) =>
      ruleMessage(await velocity().create(spec(req.rule), requireAdmin(req.admin))),
    ),
    UpdateVelocityRule: handle(async (req: payment.PutVelocityRuleRequest__Output) => {
      const { name, ...rest } = spec(req.rule);
      return ruleMessage(await velocity().replace(name ?? '', rest, requireAdmin(req.admin)));
    }),
    DeleteVelocityRule: handle(async (req: payment.DeleteVelocityRuleRequest__Output) => {
      await velocity().remove(req.name, requireAdmin(req.admin));
      return {};
    }),
    ListVelocityReviews: handle(async (req: payment.ListVelocityReviewsRequest__Output) => ({
      reviews: (await velocity().reviews(Number(req.after), req.limit || 50, req.all)).map(reviewMessage),
    })),
    ResolveVelocityReview: handle(async (req: payment.ResolveVelocityReviewRequest__Output) =>
      reviewMessage(await velocity().resolve(Number(req.id), req.outcome, req.reason, requireAdmin(req.admin))),
    ),
  };
}
