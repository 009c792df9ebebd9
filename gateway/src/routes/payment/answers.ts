// The card-loading contract's answers that do not depend on how the request came in: a card load run
// through the payment service, and any failure as the contract's error body. Koa's routes
// (cards.routes.ts) and the card-load lane before Koa (lanes/card-load.ts) both answer
// through here, so the two ways to a load cannot drift apart.
import { isIP } from 'node:net';
import { callNeverSent, describeCallError, type PromiseClient } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import { HttpError, isGrpcError } from '../../middleware/errors';
import { PaymentHttpError } from './body';

/** Werkzeug's text, which the original app answered for a card that is not the user's. */
export const NOT_FOUND_TEXT =
  'The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.';

/**
 * For calls that reach the processor: above the payment service's PROCESSOR_TIMEOUT (10 s by
 * default, 25 s at most) plus its Postgres lock waits.
 */
export const PROCESSOR_CALL_DEADLINE_MS = 30_000;

/** The documented answer whenever a load may or may not have been charged (the payment service's own text). */
export const UNKNOWN_OUTCOME = {
  code: 'processor-unavailable',
  message:
    'the outcome of this load is unknown (no answer from the payment processor); it will be reconciled. Retry only with the same Idempotency-Key',
};

export const notFound = () => new PaymentHttpError(404, [{ code: 'http-404', message: NOT_FOUND_TEXT }]);

/** An answer of the card-loading API, however it is written out. */
export interface PaymentAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export type LoadRequest = payment.LoadCardRequest;

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

/**
 * The payment service's own UNAVAILABLE for a load (DATABASE_UNAVAILABLE: the ledger could not take
 * the reservation, as in a Postgres failover) means it never reached the processor (protos/payment).
 * Every replica shares the ledger, so another would answer the same: the client hears it at once, to
 * retry after a failover's few seconds rather than a restart's moment.
 */
const LEDGER_UNAVAILABLE = {
  code: 'service-unavailable',
  message: 'the card ledger cannot take loads right now; nothing was charged. Retry',
};
const LEDGER_RETRY_AFTER_S = '2';

function neverStarted(err: unknown): boolean {
  return describeCallError(err).code === 'DRAINING' || callNeverSent(err);
}

/** A load the payment service itself refused as UNAVAILABLE: nothing was reserved, nothing charged. */
export function refusedUnstarted(err: unknown): boolean {
  const failure = describeCallError(err);
  return failure.answeredByService && failure.kind === 'unavailable';
}

export async function loadOnAReplicaThatIsNotDraining<T>(load: () => Promise<T>): Promise<T> {
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

/**
 * Runs a card load. Resolves with the answer for every outcome the payment service decided (succeeded,
 * declined, refused, replayed); rejects with what paymentFailure turns into the contract's error body.
 */
export async function loadAnswer(
  client: PromiseClient<payment.PaymentServiceClient>,
  log: Logger,
  request: LoadRequest,
): Promise<PaymentAnswer> {
  // The client address for the velocity rules, only when it is one (a proxy's header could say anything).
  const sent = { ...request, clientAddress: isIP(request.clientAddress ?? '') ? request.clientAddress : '' };
  const answer = await loadOnAReplicaThatIsNotDraining(() =>
    client.loadCard(sent, { deadlineMs: PROCESSOR_CALL_DEADLINE_MS }),
  ).catch((err: unknown) => {
    // A load the payment service refused (not found, a reused key, a drain) is its answer, and so is
    // its UNAVAILABLE (never charged); any other failure (it died mid-load, a deadline, a connection
    // dropped under the call) may have come after the charge: the unknown-outcome answer.
    if (err instanceof PaymentHttpError || describeCallError(err).httpStatus < 500) throw err;
    if (refusedUnstarted(err)) {
      log.warn({ err }, 'load not taken: the payment service could not reserve it; nothing was charged');
      throw new PaymentHttpError(503, [LEDGER_UNAVAILABLE], { 'Retry-After': LEDGER_RETRY_AFTER_S });
    }
    log.warn({ err }, 'load outcome unknown: the payment service did not answer');
    throw new PaymentHttpError(502, [UNKNOWN_OUTCOME]);
  });
  const status = loadHttpStatus(answer);
  return {
    status,
    headers: answer.replayed ? { 'Idempotent-Replayed': 'true' } : {},
    body:
      status === 200
        ? { status: 'ok', errors: [] }
        : { status: 'error', errors: answer.errors.map(({ code, message }) => ({ code, message })) },
  };
}

/** The payment service's domain codes, in the card-loading contract's terms. */
function contractError(err: unknown): PaymentHttpError {
  const failure = describeCallError(err);
  switch (failure.code) {
    case 'CARD_NOT_FOUND':
    case 'LOAD_NOT_FOUND':
      return notFound();
    // A statement of a month before the card or not begun (issue 49): the card is the owner's, so
    // the answer may say why.
    case 'STATEMENT_NOT_FOUND':
      return new PaymentHttpError(404, [{ code: 'statement-not-found', message: failure.message }]);
    case 'INVALID_MONTH':
      return new PaymentHttpError(400, [{ code: 'invalid-month', message: failure.message }]);
    case 'TOO_MANY_CARDS':
      return new PaymentHttpError(409, [{ code: 'too-many-cards', message: failure.message }]);
    case 'OWNER_CLOSED':
      return new PaymentHttpError(409, [{ code: 'account-closed', message: failure.message }]);
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
 * A failure of a payment route as the contract's answer: its own (PaymentHttpError), a gRPC failure
 * mapped by contractError, or anything else as a 500 that names nothing internal. The cause of every
 * 5xx is logged here.
 */
export function paymentFailure(err: unknown, log: Logger, request: { method: string; path: string }): PaymentAnswer {
  const failure =
    err instanceof PaymentHttpError
      ? err
      : isGrpcError(err)
        ? contractError(err)
        : err instanceof HttpError // the route kit's refusals (its body reader, its limiter), in the contract's shape
          ? new PaymentHttpError(err.status, [{ code: `http-${err.status}`, message: err.message }])
          : undefined;
  if (!failure) {
    log.error({ err, ...request }, 'payment request failed');
    return {
      status: 500,
      body: { status: 'error', errors: [{ code: 'http-500', message: 'internal error' }] },
      headers: {},
    };
  }
  if (failure.status >= 500) log.warn({ err, path: request.path }, 'payment request failed');
  return {
    status: failure.status,
    body: { status: 'error', errors: failure.errors },
    headers: err instanceof PaymentHttpError ? err.headers : {},
  };
}
