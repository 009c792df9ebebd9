import { unavailable } from '@gatehouse/errors';
import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import type { DisputeEvidenceActions } from '../disputes/evidence';
import { PaymentErrors } from '../errors';
import type { LoadStatus, ReversalMethod, ReversalStatus } from '../ledger';
import type { Payments } from '../payments';
import type { Requester } from '../reversals/requests';
import type { SettlementReconciler } from '../settlement/reconcile';
import {
  cardMessage,
  databaseFaultsUnavailable,
  disputeMessage,
  LOAD_STATUS,
  loadMessage,
  REVERSAL_STATUS,
  reversalMessage,
  statementMessage,
  toCents,
  toId,
} from './messages';
import { evidenceAction, settlementMessage } from './settlement-messages';
import type { velocityHandlers } from './velocity-handlers';

/** Told of every load answered (metrics): its status and the limits that refused it. */
export interface LoadRecorder {
  loadAnswered(status: LoadStatus, refusedBy: readonly string[]): void;
  /** A reversal answered (not a replay): its outcome, and how it went (void or refund). */
  reversalAnswered?(status: ReversalStatus, method: ReversalMethod): void;
  /** A notification verified and taken: its kind and what it changed (`applied`, `duplicate`, ...). */
  notificationHandled?(kind: string, outcome: string): void;
}

/** The admin's limit-policy rpcs: policy-handlers.ts. */
type PolicyRpcs = 'ListLimitPolicies' | 'PutLimitPolicy' | 'DeleteLimitPolicy' | 'GetLimitTier' | 'SetLimitTier';

/** gRPC ↔ Payments, nothing more. */
export function paymentHandlers(
  payments: Payments,
  log: Logger,
  recorder?: LoadRecorder,
  settlement?: SettlementReconciler,
  evidence?: DisputeEvidenceActions,
): Omit<payment.PaymentServiceHandlers, PolicyRpcs | keyof ReturnType<typeof velocityHandlers>> {
  const reconciler = () => {
    if (!settlement) throw unavailable(PaymentErrors.PROCESSOR_UNAVAILABLE, 'no processor to reconcile with');
    return settlement;
  };
  return {
    ActOnDispute: unaryHandler(log, (req: payment.ActOnDisputeRequest__Output) =>
      databaseFaultsUnavailable(log, async () => {
        if (!evidence) throw unavailable(PaymentErrors.PROCESSOR_UNAVAILABLE, 'no processor to send evidence to');
        const done = await evidence.act(req.disputeId, req.admin, evidenceAction(req));
        return { evidenceId: done.evidenceId ?? '', status: done.status ?? '' };
      }),
    ),
    RunSettlementReconciliation: unaryHandler(log, (req: payment.RunSettlementReconciliationRequest__Output) =>
      databaseFaultsUnavailable(log, async () => {
        const run = await reconciler().run(req.date, { rerun: true });
        return settlementMessage(run.report, run.ran);
      }),
    ),
    GetSettlementReconciliation: unaryHandler(log, (req: payment.GetSettlementReconciliationRequest__Output) =>
      databaseFaultsUnavailable(log, async () => settlementMessage(await reconciler().report(req.date), false)),
    ),
    CreateClientToken: unaryHandler(log, (req: payment.CreateClientTokenRequest__Output) =>
      databaseFaultsUnavailable(log, async () => ({ clientToken: await payments.clientToken(req.ownerId) })),
    ),
    CreateCard: unaryHandler(log, (req: payment.CreateCardRequest__Output) =>
      databaseFaultsUnavailable(log, async () => ({
        card: cardMessage(await payments.createCard(req.ownerId, req.name)),
      })),
    ),
    CloseOwner: unaryHandler(log, (req: payment.CloseOwnerRequest__Output) =>
      databaseFaultsUnavailable(log, async () => {
        await payments.closeOwner(req.ownerId, Number(req.closedForMs));
        return {};
      }),
    ),
    ListCards: unaryHandler(log, (req: payment.ListCardsRequest__Output) =>
      databaseFaultsUnavailable(log, async () => {
        const page = await payments.listCards(req.ownerId, { limit: req.limit, cursor: req.cursor });
        return { cards: page.cards.map(cardMessage), next: page.next };
      }),
    ),
    ListLoads: unaryHandler(log, (req: payment.ListLoadsRequest__Output) =>
      databaseFaultsUnavailable(log, async () => ({
        loads: (await payments.listLoads(req.ownerId, toId(req.cardId))).map(loadMessage),
      })),
    ),
    LoadCard: unaryHandler(log, (req: payment.LoadCardRequest__Output) =>
      databaseFaultsUnavailable(log, async () => {
        const answer = await payments.loadCard({
          ownerId: req.ownerId,
          cardId: toId(req.cardId),
          nonce: req.nonce,
          amountCents: Number(req.amountCents),
          idempotencyKey: req.idempotencyKey || undefined,
          clientAddress: req.clientAddress || undefined,
        });
        // A replay answers an earlier load again: it is not a new one.
        if (!answer.replayed)
          recorder?.loadAnswered(answer.status, answer.status === 'refused' ? answer.errors.map((e) => e.code) : []);
        return { ...answer, status: LOAD_STATUS[answer.status] };
      }),
    ),
    ...moneyBackHandlers(payments, log, recorder),
  };
}

/** Reversals, the card's holds and disputes, and the processor's notifications. */
function moneyBackHandlers(payments: Payments, log: Logger, recorder?: LoadRecorder) {
  const reverse = (answer: Awaited<ReturnType<Payments['reverseLoad']>>): payment.ReverseLoadResponse => {
    if (!answer.replayed) recorder?.reversalAnswered?.(answer.status, answer.reversal.method);
    return reverseMessage(answer);
  };
  const reverseMessage = (answer: Awaited<ReturnType<Payments['reverseLoad']>>): payment.ReverseLoadResponse => ({
    status: REVERSAL_STATUS[answer.status],
    errors: answer.errors,
    reversal: reversalMessage(answer.reversal),
    balanceCents: answer.balanceCents,
    replayed: answer.replayed,
  });
  /** A reversal asked by the card's owner or by an admin: the same request otherwise. */
  const reverseFor = (
    requester: Requester,
    req: Pick<payment.ReverseLoadRequest__Output, 'cardId' | 'loadId' | 'amountCents' | 'idempotencyKey'>,
  ) =>
    databaseFaultsUnavailable(log, async () =>
      reverse(
        await payments.reverseLoad({
          requester,
          cardId: toId(req.cardId),
          loadId: toId(req.loadId),
          amountCents: toCents(req.amountCents),
          idempotencyKey: req.idempotencyKey || undefined,
        }),
      ),
    );
  return {
    GetCard: unaryHandler(log, (req: payment.GetCardRequest__Output) =>
      databaseFaultsUnavailable(log, async () => {
        const { card, disputes } = await payments.getCard(req.ownerId, toId(req.cardId));
        return { card: cardMessage(card), disputes: disputes.map(disputeMessage) };
      }),
    ),
    ReverseLoad: unaryHandler(log, (req: payment.ReverseLoadRequest__Output) =>
      reverseFor({ kind: 'owner', ownerId: req.ownerId }, req),
    ),
    AdminReverseLoad: unaryHandler(log, (req: payment.AdminReverseLoadRequest__Output) =>
      reverseFor({ kind: 'admin', name: req.admin }, req),
    ),
    HandleProcessorNotification: unaryHandler(log, (req: payment.HandleProcessorNotificationRequest__Output) =>
      databaseFaultsUnavailable(log, async () => {
        const taken = await payments.handleNotification(req.btSignature, req.btPayload);
        recorder?.notificationHandled?.(taken.kind, taken.outcome);
        return taken;
      }),
    ),
    VerifyProcessorChallenge: unaryHandler(log, async (req: payment.VerifyProcessorChallengeRequest__Output) => ({
      response: payments.verifyChallenge(req.btChallenge),
    })),
    GetStatement: unaryHandler(log, (req: payment.GetStatementRequest__Output) =>
      databaseFaultsUnavailable(log, async () =>
        statementMessage(await payments.statement(req.ownerId, toId(req.cardId), req.month)),
      ),
    ),
    GetCardLimits: unaryHandler(log, (req: payment.GetCardLimitsRequest__Output) =>
      databaseFaultsUnavailable(log, async () => {
        const cardId = toId(req.cardId);
        return { cardId, limits: await payments.cardLimits(req.ownerId, cardId) };
      }),
    ),
    ListUnmatchedDisputes: unaryHandler(log, (req: payment.ListUnmatchedDisputesRequest__Output) =>
      databaseFaultsUnavailable(log, async () => ({
        disputes: (await payments.listUnmatchedDisputes(req.limit || undefined)).map(disputeMessage),
      })),
    ),
  };
}
