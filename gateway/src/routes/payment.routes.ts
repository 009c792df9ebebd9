import { MAX_IDEMPOTENCY_KEY_LENGTH } from '@gatehouse/contract';
import { callNeverSent, describeCallError, type PromiseClient } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import type { User } from '@gatehouse/token';
import Router from '@koa/router';
import type Koa from 'koa';
import { isClientAbort } from '../middleware/errors';
import { badRequest, cardBody, loadBody, PaymentHttpError, readJsonBody, validationErrors } from './payment.body';

/** Werkzeug's text, which the original app answered for a card that is not the user's. */
export const NOT_FOUND_TEXT =
  'The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.';

/**
 * For calls that reach the processor: above the payment service's PROCESSOR_TIMEOUT (10 s by
 * default, 25 s at most) plus its Postgres lock waits.
 */
const PROCESSOR_CALL_DEADLINE_MS = 30_000;
/**
 * A new card is a write: on a payment replica that has just started it may wait for its first pooled
 * connections (each a SCRAM handshake), which the 2 s default for reads does not always cover.
 */
const CARD_WRITE_DEADLINE_MS = 10_000;
const CARD_ID = /^[1-9]\d{0,15}$/;
/** The largest page of GET /cards/ (the payment service refuses larger ones too). */
const MAX_CARDS_PAGE = 200;

export interface PaymentRoutesDeps {
  payment: PromiseClient<payment.PaymentServiceClient>;
  /**
   * The gateway's authentication, required, with paymentRefusalBody as its refusal body: after it,
   * ctx.state.user is the verified user.
   */
  requireUser: Koa.Middleware;
  log: Logger;
}

/** The documented answer whenever a load may or may not have been charged (the payment service's own text). */
export const UNKNOWN_OUTCOME = {
  code: 'processor-unavailable',
  message:
    'the outcome of this load is unknown (no answer from the payment processor); it will be reconciled. Retry only with the same Idempotency-Key',
};

const notFound = () => new PaymentHttpError(404, [{ code: 'http-404', message: NOT_FOUND_TEXT }]);

/**
 * A load that never started (nothing reserved, nothing charged) is sent again, and the channel's next
 * pick may be another replica: one refused by a draining replica, or one the channel could not send at
 * all because no replica was connected (a restart, before the channel reconnects). Only when every try
 * fails so does the client hear of it, as a retryable 503, never as the unknown-outcome 502.
 */
const NOT_STARTED_TRIES = 3;
const NOT_STARTED_PAUSE_MS = 50;
const NOT_STARTED = {
  code: 'service-unavailable',
  message: 'the payment service is restarting; nothing was charged. Retry',
};

function neverStarted(err: unknown): boolean {
  return describeCallError(err).code === 'DRAINING' || callNeverSent(err);
}

async function loadOnAReplicaThatIsNotDraining<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (err) {
      if (!neverStarted(err)) throw err;
      if (attempt >= NOT_STARTED_TRIES) throw new PaymentHttpError(503, [NOT_STARTED], { 'Retry-After': '1' });
      await new Promise((resolve) => setTimeout(resolve, NOT_STARTED_PAUSE_MS * attempt));
    }
  }
}

const money = (cents: string | number) => {
  const n = BigInt(cents);
  return `${n / 100n}.${String(n % 100n).padStart(2, '0')}`;
};

const cardJson = (card: payment.Card__Output) => ({
  id: Number(card.id),
  name: card.name,
  balance: money(card.balanceCents),
});

/** The processor's answer to HTTP: a decline or a limit is the client's (400), no answer is ours (502). */
function loadHttpStatus(answer: payment.LoadCardResponse__Output): number {
  switch (answer.status) {
    case 'LOAD_STATUS_SUCCEEDED':
      return 200;
    case 'LOAD_STATUS_REFUSED':
      return 400;
    case 'LOAD_STATUS_FAILED':
      return answer.errors.some((e) => e.code === 'processor-error') ? 502 : 400;
    default:
      return 502;
  }
}

/** The payment service's domain codes, in the card-loading contract's terms. */
function contractError(err: unknown): PaymentHttpError {
  const failure = describeCallError(err);
  switch (failure.code) {
    case 'CARD_NOT_FOUND':
      return notFound();
    case 'TOO_MANY_CARDS':
      return new PaymentHttpError(409, [{ code: 'too-many-cards', message: failure.message }]);
    case 'INVALID_AMOUNT':
      return new PaymentHttpError(400, [{ code: 'invalid-amount', message: failure.message }]);
    case 'IDEMPOTENCY_KEY_REUSED':
      return new PaymentHttpError(422, [{ code: 'idempotency-key-reused', message: failure.message }]);
    case 'IDEMPOTENCY_KEY_IN_USE':
      return new PaymentHttpError(409, [{ code: 'idempotency-key-in-use', message: failure.message }]);
    case 'PROCESSOR_UNAVAILABLE':
      return new PaymentHttpError(503, [{ code: 'processor-unavailable', message: 'payment processor unavailable' }]);
    default:
      return new PaymentHttpError(failure.httpStatus, [
        { code: `http-${failure.httpStatus}`, message: failure.message },
      ]);
  }
}

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
function paymentErrors(log: Logger): Koa.Middleware {
  return async function paymentErrors(ctx, next) {
    // Card data and client tokens are the user's alone: no shared or browser cache keeps them.
    ctx.set('Cache-Control', 'no-store');
    try {
      await next();
    } catch (err) {
      if (isClientAbort(ctx, err)) throw err; // the error handler logs it as what it is
      const isGrpc = typeof (err as { code?: unknown }).code === 'number' && 'details' in (err as object);
      const failure = err instanceof PaymentHttpError ? err : isGrpc ? contractError(err) : undefined;
      if (!failure) {
        log.error({ err, method: ctx.method, path: ctx.path }, 'payment request failed');
        ctx.status = 500;
        ctx.body = { status: 'error', errors: [{ code: 'http-500', message: 'internal error' }] };
        return;
      }
      if (failure.status >= 500) log.warn({ err, path: ctx.path }, 'payment request failed');
      if (err instanceof PaymentHttpError) ctx.set(err.headers);
      ctx.status = failure.status;
      ctx.body = { status: 'error', errors: failure.errors };
    }
  };
}

function cardIdParam(ctx: Koa.Context): string {
  const id = (ctx.params as { id?: string }).id ?? '';
  if (!CARD_ID.test(id)) throw notFound();
  return id;
}

function idempotencyKey(ctx: Koa.Context): string {
  const key = ctx.get('idempotency-key');
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH || /[^\x21-\x7e]/.test(key)) {
    throw badRequest(`Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters`);
  }
  return key;
}

const owner = (ctx: Koa.Context) => (ctx.state.user as User).id;

/** `?limit=` (1 to 200, default 50) and `?cursor=` (a page's `next`) of GET /cards/. */
function cardsPage(ctx: Koa.Context): { limit: number; cursor: string } {
  const one = (name: string) => {
    const v = ctx.query[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const limitText = one('limit');
  const limit = limitText === undefined ? 0 : /^[0-9]{1,3}$/.test(limitText) ? Number(limitText) : -1;
  if (limitText !== undefined && (limit < 1 || limit > MAX_CARDS_PAGE)) {
    throw badRequest(`limit must be 1 to ${MAX_CARDS_PAGE}`);
  }
  const cursor = one('cursor') ?? '';
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
    ctx.body = {
      loads: loads.map((l) => ({
        id: Number(l.id),
        amount: money(l.amountCents),
        status: l.status.replace('LOAD_STATUS_', '').toLowerCase(),
        processor_transaction_id: l.processorTransactionId,
        processor_response_code: l.processorResponseCode,
        processor_response_text: l.processorResponseText,
        created_at: l.createdAt,
      })),
    };
  });

  router.post('/cards/:id/load/', async (ctx) => {
    // The original app's order: the body (400), then the card (404), then limits and the processor.
    const key = idempotencyKey(ctx);
    const parsed = loadBody.safeParse(await readJsonBody(ctx));
    if (!parsed.success) throw validationErrors(parsed.error.issues);
    const cardId = cardIdParam(ctx);
    const request = {
      ownerId: owner(ctx),
      cardId,
      nonce: parsed.data.nonce,
      amountCents: parsed.data.amount,
      idempotencyKey: key,
    };
    const answer = await loadOnAReplicaThatIsNotDraining(() =>
      payment.loadCard(request, { deadlineMs: PROCESSOR_CALL_DEADLINE_MS }),
    ).catch((err: unknown) => {
      // A load the payment service refused (not found, a reused key, a drain) is its answer; any other
      // failure (it died mid-load, a deadline) may have come after the charge: the unknown-outcome answer.
      if (err instanceof PaymentHttpError || describeCallError(err).httpStatus < 500) throw err;
      deps.log.warn({ err }, 'load outcome unknown: the payment service did not answer');
      throw new PaymentHttpError(502, [UNKNOWN_OUTCOME]);
    });
    if (answer.replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = loadHttpStatus(answer);
    ctx.body =
      ctx.status === 200
        ? { status: 'ok', errors: [] }
        : { status: 'error', errors: answer.errors.map(({ code, message }) => ({ code, message })) };
  });

  return router;
}
