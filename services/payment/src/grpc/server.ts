import { type AccessRules, type InternalAuth, type RunningGrpcServer, startGrpcServer } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { Metrics } from '@gatehouse/metrics';
import { loadProto } from '@gatehouse/proto';
import type { AdminLedgerViews } from '../admin-views';
import type { DisputeEvidenceActions } from '../disputes/evidence';
import type { Payments } from '../payments';
import type { PolicyStore } from '../policies/store';
import type { SettlementReconciler } from '../settlement/reconcile';
import type { VelocityAdmin } from '../velocity/admin';
import { paymentAdminHandlers } from './admin-handlers';
import { type LoadRecorder, paymentHandlers } from './handlers';
import { policyHandlers } from './policy-handlers';
import { velocityHandlers } from './velocity-handlers';

export interface PaymentServerDeps {
  payments: Payments;
  /** The admin console's reads (payment.v1.PaymentAdminService, issue 48). */
  adminViews: AdminLedgerViews;
  /** The settlement reconciliation (issue 49 §3); without a processor there is none. */
  settlement?: SettlementReconciler;
  /** Dispute evidence (issue 49 §5); without a processor there is none. */
  evidence?: DisputeEvidenceActions;
  /** The limit policies and tiers an admin edits (issue 49 §1). */
  policies: PolicyStore;
  /** The velocity rules and reviews for the admin API (issue 49 §2). */
  velocity?: VelocityAdmin;
  log: Logger;
  host: string;
  port: number;
  /** Health stays NOT_SERVING until this answers true (Postgres reachable). */
  checkDependencies: () => Promise<boolean>;
  healthIntervalMs?: number;
  /** Internal authentication: callers are checked against PAYMENT_ACCESS. */
  internalAuth?: InternalAuth;
  metrics?: Metrics;
  loads?: LoadRecorder;
}

/**
 * The gateway calls payment: it has checked the user, whose id it passes as owner_id; it serves the
 * admin surface (AdminReverseLoad, ListUnmatchedDisputes) and the processor's notification route
 * (HandleProcessorNotification, VerifyProcessorChallenge), whose signatures only payment can check.
 * The auth service reads cards for the admin API and closes an owner whose user it erases.
 */
export const PAYMENT_ACCESS: AccessRules = {
  'payment.v1.PaymentService': {
    CreateClientToken: ['gateway'],
    CreateCard: ['gateway'],
    // auth: the admin API's DeleteUser refuses while a card of the user holds money, and ExportUser
    // includes the user's cards and loads.
    ListCards: ['gateway', 'auth'],
    ListLoads: ['gateway', 'auth'],
    LoadCard: ['gateway'],
    GetCard: ['gateway'],
    GetStatement: ['gateway'],
    GetCardLimits: ['gateway'],
    ReverseLoad: ['gateway'],
    AdminReverseLoad: ['gateway'],
    HandleProcessorNotification: ['gateway'],
    VerifyProcessorChallenge: ['gateway'],
    ListUnmatchedDisputes: ['gateway'],
    RunSettlementReconciliation: ['gateway'],
    GetSettlementReconciliation: ['gateway'],
    ActOnDispute: ['gateway'],
    ListLimitPolicies: ['gateway'],
    PutLimitPolicy: ['gateway'],
    DeleteLimitPolicy: ['gateway'],
    GetLimitTier: ['gateway'],
    SetLimitTier: ['gateway'],
    ListVelocityRules: ['gateway'],
    GetVelocityRule: ['gateway'],
    CreateVelocityRule: ['gateway'],
    UpdateVelocityRule: ['gateway'],
    DeleteVelocityRule: ['gateway'],
    ListVelocityReviews: ['gateway'],
    ResolveVelocityReview: ['gateway'],
    // auth only: its DeleteUser closes the owner before it erases the user.
    CloseOwner: ['auth'],
  },
  // The admin console's reads: the gateway's admin listener, which authenticated the admin.
  'payment.v1.PaymentAdminService': {
    Overview: ['gateway'],
    AdminListCards: ['gateway'],
    AdminGetCard: ['gateway'],
    ListDisputes: ['gateway'],
  },
};

export function startPaymentServer(deps: PaymentServerDeps): Promise<RunningGrpcServer> {
  const { definition, grpcObject } = loadProto('payment');
  return startGrpcServer({
    name: 'payment',
    host: deps.host,
    port: deps.port,
    services: [
      {
        definition: grpcObject.payment.v1.PaymentService.service,
        implementation: {
          ...paymentHandlers(deps.payments, deps.log, deps.loads, deps.settlement, deps.evidence),
          ...policyHandlers(deps.policies, deps.log),
          ...velocityHandlers(deps.velocity, deps.log),
        },
      },
      {
        definition: grpcObject.payment.v1.PaymentAdminService.service,
        implementation: paymentAdminHandlers(deps.adminViews, deps.log),
      },
    ],
    definitions: [definition],
    access: deps.internalAuth && { auth: deps.internalAuth, audience: 'payment', rules: PAYMENT_ACCESS },
    log: deps.log,
    checkDependencies: deps.checkDependencies,
    healthIntervalMs: deps.healthIntervalMs,
    metrics: deps.metrics,
  });
}
