import { AppError, type ErrorKind, unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import { isDatabaseUnavailable } from './db';
import { PaymentError, type PaymentErrorKind } from './errors';
import type { CardRecord, LoadRecord, LoadStatus } from './ledger';
import type { Payments } from './payments.service';

const KIND: Record<PaymentErrorKind, ErrorKind> = {
  invalid: 'invalid_argument',
  not_found: 'not_found',
  conflict: 'already_exists',
  unavailable: 'unavailable',
};

const STATUS: Record<LoadStatus, payment.LoadStatus__Output> = {
  pending: 'LOAD_STATUS_PENDING',
  succeeded: 'LOAD_STATUS_SUCCEEDED',
  failed: 'LOAD_STATUS_FAILED',
  unknown: 'LOAD_STATUS_UNKNOWN',
  refused: 'LOAD_STATUS_REFUSED',
};

/** Domain errors to AppError (and so to a gRPC status); Postgres out of reach is UNAVAILABLE; the rest internal. */
async function translated<T>(log: Logger, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof PaymentError) throw new AppError(KIND[err.kind], err.code, err.message, { cause: err });
    if (isDatabaseUnavailable(err)) {
      log.warn({ err }, 'Postgres unavailable');
      throw new AppError('unavailable', 'DATABASE_UNAVAILABLE', 'the card ledger is unavailable', { cause: err });
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

/** gRPC ↔ Payments, nothing more. */
export function paymentHandlers(payments: Payments, log: Logger): payment.PaymentServiceHandlers {
  return {
    CreateClientToken: unaryHandler(log, (req: payment.CreateClientTokenRequest__Output) =>
      translated(log, async () => ({ clientToken: await payments.clientToken(req.ownerId) })),
    ),
    CreateCard: unaryHandler(log, (req: payment.CreateCardRequest__Output) =>
      translated(log, async () => ({ card: cardMessage(await payments.createCard(req.ownerId, req.name)) })),
    ),
    ListCards: unaryHandler(log, (req: payment.ListCardsRequest__Output) =>
      translated(log, async () => ({ cards: (await payments.listCards(req.ownerId)).map(cardMessage) })),
    ),
    ListLoads: unaryHandler(log, (req: payment.ListLoadsRequest__Output) =>
      translated(log, async () => ({
        loads: (await payments.listLoads(req.ownerId, toId(req.cardId))).map(loadMessage),
      })),
    ),
    LoadCard: unaryHandler(log, (req: payment.LoadCardRequest__Output) =>
      translated(log, async () => {
        const answer = await payments.loadCard({
          ownerId: req.ownerId,
          cardId: toId(req.cardId),
          nonce: req.nonce,
          amountCents: Number(req.amountCents),
          idempotencyKey: req.idempotencyKey || undefined,
        });
        return { ...answer, status: STATUS[answer.status] };
      }),
    ),
  };
}
