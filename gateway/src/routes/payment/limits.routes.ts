// A card's limits and headroom (issue 49 §1) for its owner: GET /cards/{id}/limits. Same
// authentication and error shape as the other card routes; the payment service reads the usage under
// the owner's lock, as a load would, so the figures are the ones the next load is checked against.
import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import Router from '@koa/router';
import type Koa from 'koa';
import { cardIdParam, owner, paymentErrors } from './cards.routes';
import { money } from './money-back.json';

export interface LimitRoutesDeps {
  payment: PromiseClient<payment.PaymentServiceClient>;
  /** The same requireUser as paymentRoutes': a verified user, refusals in the contract's shape. */
  requireUser: Koa.Middleware;
  log: Logger;
}

/**
 * Integers in the limit's unit (cents for an amount, loads for a count), and for an amount the same
 * figures as decimals (exact to the cent, strings as every amount of this API).
 */
export function limitsJson(r: payment.GetCardLimitsResponse__Output) {
  return {
    card_id: Number(r.cardId),
    limits: r.limits.map((l) => {
      const amount = l.kind === 'amount';
      return {
        code: l.code,
        label: l.label,
        window: l.window,
        kind: l.kind,
        applies_to: l.appliesTo,
        limit: Number(l.limit),
        usage: Number(l.usage),
        headroom: Number(l.headroom),
        limit_amount: amount ? money(l.limit) : null,
        usage_amount: amount ? money(l.usage) : null,
        headroom_amount: amount ? money(l.headroom) : null,
      };
    }),
  };
}

export function limitRoutes(deps: LimitRoutesDeps): Router {
  const router = new Router();
  router.use(paymentErrors(deps.log));
  router.use(deps.requireUser);
  router.get('/cards/:id/limits', async (ctx) => {
    const cardId = cardIdParam(ctx);
    ctx.body = limitsJson(await deps.payment.getCardLimits({ ownerId: owner(ctx), cardId }));
  });
  return router;
}
