import { isOverviewStart, USER_ID } from '@gatehouse/contract';
import { invalidArgument } from '@gatehouse/errors';
import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import type { AdminLedgerViews } from '../admin-views';
import { PaymentErrors } from '../errors';
import { type CardRecord, LOAD_OUTCOMES } from '../ledger';
import { cardMessage, databaseFaultsUnavailable, disputeMessage, loadMessage, toId } from './messages';

const adminCard = (c: CardRecord): payment.AdminCard => ({ card: cardMessage(c), ownerId: c.ownerId });

/** gRPC ↔ AdminLedgerViews (payment.v1.PaymentAdminService), nothing more. */
export function paymentAdminHandlers(views: AdminLedgerViews, log: Logger): payment.PaymentAdminServiceHandlers {
  return {
    Overview: unaryHandler(log, (req: payment.PaymentOverviewRequest__Output) =>
      databaseFaultsUnavailable(log, async () => {
        const asked = Number(req.hoursStartUnixMs);
        if (!isOverviewStart(asked))
          throw invalidArgument(PaymentErrors.INVALID_DATE, 'hours_start_unix_ms: a time between 2000 and now');
        const o = await views.overview(asked);
        return {
          hoursStartUnixMs: o.startMs,
          loads: LOAD_OUTCOMES.map((outcome) => ({
            outcome,
            counts: o.loads[outcome],
            amountCents: o.amounts[outcome],
          })),
          disputesOpen: o.disputes.open,
          disputesOpenAmountCents: o.disputes.openAmountCents,
          disputesHeldCents: o.disputes.heldCents,
          disputesUnmatched: o.disputes.unmatched,
          reconciliationDate: o.reconciliation?.date ?? '',
          reconciliationStatus: o.reconciliation?.status ?? '',
          reconciliationDiscrepancies: o.reconciliation?.discrepancies ?? 0,
        };
      }),
    ),
    AdminListCards: unaryHandler(log, (req: payment.AdminListCardsRequest__Output) =>
      databaseFaultsUnavailable(log, async () => {
        if (req.ownerId && !USER_ID.test(req.ownerId))
          throw invalidArgument(PaymentErrors.OWNER_REQUIRED, 'owner_id is not a user id');
        const page = await views.cardsOf(req.ownerId, { limit: req.limit, cursor: req.cursor });
        return { cards: page.cards.map(adminCard), next: page.next };
      }),
    ),
    AdminGetCard: unaryHandler(log, (req: payment.AdminGetCardRequest__Output) =>
      databaseFaultsUnavailable(log, async () => {
        const v = await views.card(toId(req.cardId), { limit: req.loadsLimit, cursor: req.loadsCursor });
        return {
          card: adminCard(v.card),
          disputes: v.disputes.map(disputeMessage),
          loads: v.loads.map(loadMessage),
          loadsNext: v.loadsNext,
        };
      }),
    ),
    ListDisputes: unaryHandler(log, (req: payment.ListDisputesRequest__Output) =>
      databaseFaultsUnavailable(log, async () => {
        const page = await views.disputes(req.status === 'open' ? 'open' : '', {
          limit: req.limit,
          cursor: req.cursor,
        });
        return { disputes: page.disputes.map(disputeMessage), next: page.next };
      }),
    ),
  };
}
