import { AppError, unavailable } from '@gatehouse/errors';
import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import { isDatabaseUnavailable } from '../db';
import { PaymentErrors } from '../errors';
import type { CardRecord, LoadRecord, LoadStatus } from '../ledger';
import type { Payments } from '../payments';

const STATUS: Record<LoadStatus, payment.LoadStatus__Output> = {
  pending: 'LOAD_STATUS_PENDING',
  succeeded: 'LOAD_STATUS_SUCCEEDED',
  failed: 'LOAD_STATUS_FAILED',
  unknown: 'LOAD_STATUS_UNKNOWN',
  refused: 'LOAD_STATUS_REFUSED',
};

/**
 * Postgres out of reach is UNAVAILABLE (callers may retry); domain errors (AppError) pass as they are,
 * anything else is internal.
 */
async function databaseFaultsUnavailable<T>(log: Logger, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (isDatabaseUnavailable(err)) {
      log.warn({ err }, 'Postgres unavailable');
      throw unavailable(PaymentErrors.DATABASE_UNAVAILABLE, 'the card ledger is unavailable', err);
    }
    throw err;
  }
}

/** int64 arrives as a decimal string (longs: String); anything that is not a safe id matches no card. */
const toId = (value: string | number): number => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

const cardMessage = (c: CardRecord): payment.Card => ({
  id: c.id,
  name: c.name,
  balanceCents: c.balanceCents,
  createdAt: c.createdAt.toISOString(),
});

const loadMessage = (l: LoadRecord): payment.Load => ({
  id: l.id,
  cardId: l.cardId,
  amountCents: l.amountCents,
  status: STATUS[l.status],
  processorTransactionId: l.processorTransactionId ?? '',
  processorResponseCode: l.processorResponseCode ?? '',
  processorResponseText: l.processorResponseText ?? '',
  createdAt: l.createdAt.toISOString(),
});

/** Told of every load answered (metrics): its status and the limits that refused it. */
export interface LoadRecorder {
  loadAnswered(status: LoadStatus, refusedBy: readonly string[]): void;
}

/** gRPC ↔ Payments, nothing more. */
export function paymentHandlers(
  payments: Payments,
  log: Logger,
  recorder?: LoadRecorder,
): payment.PaymentServiceHandlers {
  return {
    CreateClientToken: unaryHandler(log, (req: payment.CreateClientTokenRequest__Output) =>
      databaseFaultsUnavailable(log, async () => ({ clientToken: await payments.clientToken(req.ownerId) })),
    ),
    CreateCard: unaryHandler(log, (req: payment.CreateCardRequest__Output) =>
      databaseFaultsUnavailable(log, async () => ({
        card: cardMessage(await payments.createCard(req.ownerId, req.name)),
      })),
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
        });
        // A replay answers an earlier load again: it is not a new one.
        if (!answer.replayed)
          recorder?.loadAnswered(answer.status, answer.status === 'refused' ? answer.errors.map((e) => e.code) : []);
        return { ...answer, status: STATUS[answer.status] };
      }),
    ),
  };
}
