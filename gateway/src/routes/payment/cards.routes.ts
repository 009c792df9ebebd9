import { CARD_ID, CARDS_PAGE } from '@gatehouse/contract';
import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import type { User } from '@gatehouse/token';
import Router from '@koa/router';
import type Koa from 'koa';
import { isClientAbort } from '../../middleware/errors';
import { queryParam, setNoStore } from '../kit';
import { loadAnswer, notFound, type PaymentAnswer, PROCESSOR_CALL_DEADLINE_MS, paymentFailure } from './answers';
import { badRequest, cardBody, checkIdempotencyKey, loadBody, readJsonBody, validationErrors } from './body';
import { loadJson, money } from './money-back.json';

/**
 * A new card is a write: on a payment replica that has just started it may wait for its first pooled
 * connections (each a SCRAM handshake), which the 2 s default for reads does not always cover.
 */
const CARD_WRITE_DEADLINE_MS = 10_000;

export interface PaymentRoutesDeps {
  payment: PromiseClient<payment.PaymentServiceClient>;
  /**
   * The gateway's authentication, required, with paymentRefusalBody as its refusal body: after it,
   * ctx.state.user is the verified user.
   */
  requireUser: Koa.Middleware;
  log: Logger;
}

export const cardJson = (card: payment.Card__Output) => ({
  id: Number(card.id),
  name: card.name,
  balance: money(card.balanceCents),
  // What open disputes hold of the balance, and whether a lost dispute froze the card (issue 35).
  held: money(card.heldCents),
  frozen: card.frozen,
});

/**
 * The authentication middleware's refusal (401, or 429/503) in the card-loading contract's shape: give
 * it as `refusalBody` to the `requireUser` these routes get.
 */
export function paymentRefusalBody(status: number, refusal: { error: string }): PaymentErrorBody {
  return { status: 'error', errors: [{ code: `http-${status}`, message: refusal.error }] };
}

interface PaymentErrorBody {
  status: 'error';
  errors: { code: string; message: string }[];
}

/**
 * Every answer of these routes keeps the card-loading contract, errors included: gRPC failures and
 * validation here, the authentication middleware's refusals through paymentRefusalBody.
 */
export function paymentErrors(log: Logger): Koa.Middleware {
  return async function paymentErrors(ctx, next) {
    // Card data and client tokens are the user's alone: no shared or browser cache keeps them.
    setNoStore(ctx);
    try {
      await next();
    } catch (err) {
      if (isClientAbort(ctx, err)) throw err; // the error handler logs it as what it is
      answer(ctx, paymentFailure(err, log, { method: ctx.method, path: ctx.path }));
    }
  };
}

export function answer(ctx: Koa.Context, { status, body, headers }: PaymentAnswer): void {
  ctx.set(headers);
  ctx.status = status;
  ctx.body = body;
}

export function cardIdParam(ctx: Koa.Context): string {
  const id = (ctx.params as { id?: string }).id ?? '';
  if (!CARD_ID.test(id)) throw notFound();
  return id;
}

export const owner = (ctx: Koa.Context) => (ctx.state.user as User).id;

/** `?limit=` (1 to 200, default 50) and `?cursor=` (a page's `next`) of GET /cards/. */
function cardsPage(ctx: Koa.Context): { limit: number; cursor: string } {
  const limitText = queryParam(ctx, 'limit');
  const limit = limitText === undefined ? 0 : /^[0-9]{1,3}$/.test(limitText) ? Number(limitText) : -1;
  if (limitText !== undefined && (limit < 1 || limit > CARDS_PAGE.max)) {
    throw badRequest(`limit must be 1 to ${CARDS_PAGE.max}`);
  }
  const cursor = queryParam(ctx, 'cursor') ?? '';
  if (cursor !== '' && !CARD_ID.test(cursor)) throw badRequest('cursor must be the next of a previous page');
  return { limit, cursor };
}

/**
 * The card-loading API (README, Payments) for the logged-in user: POST /tokens/,
 * POST /cards/{id}/load/, and the card routes GET /cards/, POST /cards/, GET /cards/{id}/loads/.
 */
export function paymentRoutes(deps: PaymentRoutesDeps): Router {
  const { payment } = deps;
  const router = new Router();
  router.use(paymentErrors(deps.log));
  router.use(deps.requireUser);

  router.post('/tokens/', async (ctx) => {
    const { clientToken } = await payment.createClientToken(
      { ownerId: owner(ctx) },
      { deadlineMs: PROCESSOR_CALL_DEADLINE_MS },
    );
    ctx.body = { client_token: clientToken };
  });

  router.get('/cards/', async (ctx) => {
    const { cards, next } = await payment.listCards({ ownerId: owner(ctx), ...cardsPage(ctx) });
    ctx.body = { cards: cards.map(cardJson), next: next || null };
  });

  router.post('/cards/', async (ctx) => {
    const parsed = cardBody.safeParse(await readJsonBody(ctx));
    if (!parsed.success) throw validationErrors(parsed.error.issues);
    const { card } = await payment.createCard(
      { ownerId: owner(ctx), name: parsed.data.name },
      { deadlineMs: CARD_WRITE_DEADLINE_MS },
    );
    ctx.status = 201;
    ctx.body = cardJson(card!);
  });

  router.get('/cards/:id/loads/', async (ctx) => {
    const { loads } = await payment.listLoads({ ownerId: owner(ctx), cardId: cardIdParam(ctx) });
    ctx.body = { loads: loads.map(loadJson) };
  });

  router.post('/cards/:id/load/', async (ctx) => {
    // The original app's order: the body (400), then the card (404), then limits and the processor.
    const key = checkIdempotencyKey(ctx.get('idempotency-key'));
    const parsed = loadBody.safeParse(await readJsonBody(ctx));
    if (!parsed.success) throw validationErrors(parsed.error.issues);
    const request = {
      ownerId: owner(ctx),
      cardId: cardIdParam(ctx),
      nonce: parsed.data.nonce,
      amountCents: parsed.data.amount,
      idempotencyKey: key,
      // For the velocity rules per address (GATEWAY_TRUSTED_PROXIES decides which hop): the lane sends the same.
      clientAddress: ctx.ip,
    };
    answer(ctx, await loadAnswer(payment, deps.log, request));
  });

  return router;
}
