// Money that can go back (issue 35), for the card's owner: one card with what disputes hold and whether
// it is frozen (GET /cards/{id}), and a load given back in whole or in part (POST
// /cards/{id}/loads/{load_id}/reverse). Same authentication, error shape and idempotency as the card
// loads of cards.routes.ts, whose helpers these routes share.

import { z } from '@gatehouse/config';
import { CARD_ID } from '@gatehouse/contract';
import { describeCallError, type PromiseClient } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import Router from '@koa/router';
import type Koa from 'koa';
import {
  loadOnAReplicaThatIsNotDraining,
  notFound,
  type PaymentAnswer,
  PROCESSOR_CALL_DEADLINE_MS,
  refusedUnstarted,
} from './answers';
import { amountText, checkIdempotencyKey, PaymentHttpError, readJsonBody, validationErrors } from './body';
import { answer, cardIdParam, cardJson, owner, paymentErrors } from './cards.routes';
import { disputeJson, money, reversalJson } from './money-back.json';

/** `{}` gives back everything still reversible; `{"amount": "5.00"}` that much (a refund, once settled). */
export const reverseBody = z.object(
  { amount: amountText.optional() },
  { error: 'the body must be a JSON object, with "amount" or without (everything still reversible)' },
);

export interface ReversalRoutesDeps {
  payment: PromiseClient<payment.PaymentServiceClient>;
  /** The same requireUser as paymentRoutes': a verified user, refusals in the contract's shape. */
  requireUser: Koa.Middleware;
  log: Logger;
}

/** When the payment service could not even take the reversal: nothing was sent to the processor. */
const LEDGER_UNAVAILABLE = {
  code: 'service-unavailable',
  message: 'the card ledger cannot take reversals right now; nothing was reversed. Retry',
};

/**
 * Any other failure of the call (a deadline, a connection lost under it, the service dying mid-call)
 * may have come after the processor voided or refunded: the outcome is unknown, never "nothing happened".
 */
const UNKNOWN_OUTCOME = {
  code: 'processor-unavailable',
  message:
    'the outcome of this reversal is unknown (no answer from the payment service); it will be reconciled. Retry only with the same Idempotency-Key',
};

export function loadIdParam(ctx: Koa.Context): string {
  const id = (ctx.params as { load_id?: string }).load_id ?? '';
  if (!CARD_ID.test(id)) throw notFound();
  return id;
}

/**
 * The service's outcome as HTTP: done is 200, waiting for the sale to settle 202 (reconciliation
 * completes it), refused by our rules or the processor 422, a processor that failed or did not answer 502.
 */
function reversalHttpStatus(answer: payment.ReverseLoadResponse__Output): number {
  switch (answer.status) {
    case 'REVERSAL_STATUS_SUCCEEDED':
      return 200;
    case 'REVERSAL_STATUS_AWAITING_SETTLEMENT':
      return 202;
    case 'REVERSAL_STATUS_FAILED':
      return answer.errors.some((e) => e.code === 'processor-error') ? 502 : 422;
    case 'REVERSAL_STATUS_REFUSED':
      return 422;
    default:
      return 502;
  }
}

const OUTCOME: Record<number, string> = { 200: 'ok', 202: 'pending' };

/** A reversal call, the owner's (ReverseLoad) or an admin's (AdminReverseLoad), with the deadline given. */
export type SendReversal = (options: { deadlineMs: number }) => Promise<payment.ReverseLoadResponse__Output>;

export async function reversalAnswer(send: SendReversal, log: Logger): Promise<PaymentAnswer> {
  const reply = await loadOnAReplicaThatIsNotDraining(() => send({ deadlineMs: PROCESSOR_CALL_DEADLINE_MS })).catch(
    (err: unknown) => {
      if (err instanceof PaymentHttpError || describeCallError(err).httpStatus < 500) throw err;
      if (refusedUnstarted(err)) {
        log.warn({ err }, 'reversal not taken: the payment service could not reserve it; nothing was reversed');
        throw new PaymentHttpError(503, [LEDGER_UNAVAILABLE], { 'Retry-After': '2' });
      }
      log.warn({ err }, 'reversal outcome unknown: the payment service did not answer');
      throw new PaymentHttpError(502, [UNKNOWN_OUTCOME]);
    },
  );
  const status = reversalHttpStatus(reply);
  return {
    status,
    headers: reply.replayed ? { 'Idempotent-Replayed': 'true' } : {},
    body: {
      status: OUTCOME[status] ?? 'error',
      errors: reply.errors.map(({ code, message }) => ({ code, message })),
      reversal: reply.reversal ? reversalJson(reply.reversal) : null,
      balance: money(reply.balanceCents),
    },
  };
}

export function reversalRoutes(deps: ReversalRoutesDeps): Router {
  const { payment } = deps;
  const router = new Router();
  router.use(paymentErrors(deps.log));
  router.use(deps.requireUser);

  router.get('/cards/:id', async (ctx) => {
    const { card, disputes } = await payment.getCard({ ownerId: owner(ctx), cardId: cardIdParam(ctx) });
    ctx.body = { ...cardJson(card!), shortfall: money(card!.shortfallCents), disputes: disputes.map(disputeJson) };
  });

  router.post('/cards/:id/loads/:load_id/reverse', async (ctx) => {
    // As for a load: the key and the body (400), then the card and the load (404), then the ledger.
    const key = checkIdempotencyKey(ctx.get('idempotency-key'));
    const parsed = reverseBody.safeParse(await readJsonBody(ctx));
    if (!parsed.success) throw validationErrors(parsed.error.issues);
    const request = {
      ownerId: owner(ctx),
      cardId: cardIdParam(ctx),
      loadId: loadIdParam(ctx),
      amountCents: parsed.data.amount ?? 0,
      idempotencyKey: key,
    };
    answer(ctx, await reversalAnswer((options) => payment.reverseLoad(request, options), deps.log));
  });

  return router;
}
