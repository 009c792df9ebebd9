// Money that can go back, for administrators (issue 35), on the admin surface only: any card's load
// reversed (the payment service records the admin as who asked), and the disputes whose transaction
// matched no load. The admin check and the audit line come from adminActions; the answers are worded
// as the owner's routes word them (routes/payment/reversals.routes.ts), in the card API's error shape.
import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import type Router from '@koa/router';
import { z } from 'zod';
import { apiRouter, queryOf, route } from '../kit';
import { checkIdempotencyKey, readJsonBody, validationErrors } from '../payment/body';
import { answer, cardIdParam, paymentErrors } from '../payment/cards.routes';
import { disputeJson } from '../payment/money-back.json';
import { loadIdParam, reversalAnswer, reverseBody } from '../payment/reversals.routes';
import { type AdminHandler, adminActions } from './action';
import type { AdminCallerDeps } from './caller';

export interface AdminPaymentRoutesDeps extends AdminCallerDeps {
  payment: PromiseClient<payment.PaymentServiceClient>;
  log: Logger;
}

export const UNMATCHED_QUERY = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export function adminPaymentRoutes(deps: AdminPaymentRoutesDeps): Router {
  const router = apiRouter({ prefix: '/admin/v1', noStore: true });
  const act = adminActions(deps);
  const cardErrors = paymentErrors(deps.log);
  // The admin check's refusals stay the admin API's `{"error"}`; what the card API refuses is in its shape.
  const inCardShape =
    (handler: AdminHandler): AdminHandler =>
    (ctx, actor) =>
      cardErrors(ctx, () => handler(ctx, actor));

  route(router, '/cards/:id/loads/:load_id/reverse', {
    POST: act(
      'reverse load',
      inCardShape(async (ctx, actor) => {
        const key = checkIdempotencyKey(ctx.get('idempotency-key'));
        const parsed = reverseBody.safeParse(await readJsonBody(ctx));
        if (!parsed.success) throw validationErrors(parsed.error.issues);
        const request: payment.AdminReverseLoadRequest = {
          admin: actor.id,
          cardId: cardIdParam(ctx),
          loadId: loadIdParam(ctx),
          amountCents: parsed.data.amount ?? 0,
          idempotencyKey: key,
        };
        answer(ctx, await reversalAnswer((options) => deps.payment.adminReverseLoad(request, options), deps.log));
      }),
    ),
  });

  route(router, '/disputes/unmatched', {
    GET: act(
      'list unmatched disputes',
      // A list, not the card API: refusals are the admin API's `{"error"}`, as for the users list.
      async (ctx) => {
        const { limit } = queryOf(ctx, UNMATCHED_QUERY);
        const { disputes } = await deps.payment.listUnmatchedDisputes({ limit });
        ctx.body = { disputes: disputes.map(disputeJson) };
      },
    ),
  });

  return router;
}
