// POST /cards/{id}/load/, the payment API's hot path, answered by the HTTP server before Koa for the
// requests it expects most: a JSON body of a declared length, a token verified before (the verifier's
// cache, as the cached GET /auth/user), a well-formed Idempotency-Key if any. Anything else (another
// content type, a chunked or encoded body, a token to verify or refresh, basic auth, a validator hook)
// answers false before reading a byte and takes Koa's route, which gives every refusal.
//
// Why: a profile of card loads at 50 clients put a fifth of the gateway's CPU in Koa's machinery
// around the gRPC call (context, middleware chain, router, body iterator, promise hooks). The decisions
// are shared, not copied: the body's decoding and validation (routes/payment/body.ts), the load and every
// failure's answer (routes/payment/answers.ts), the authentication (Authenticator.authenticateCached). What is
// Koa's own is written by answer.ts: the headers every answer carries, a bug's 500, the access line.

import type http from 'node:http';
import { CARD_ID_TEXT } from '@gatehouse/contract';
import type { PromiseClient } from '@gatehouse/grpc-kit';
import { type Logger, runInTrace, traceFrom } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import type { Authenticator } from '../auth/authenticator';
import { NO_STORE } from '../middleware/security-headers';
import { loadAnswer, type PaymentAnswer, paymentFailure } from '../routes/payment/answers';
import {
  decodeJsonBody,
  idempotencyKeyHolds,
  loadBody,
  MAX_BODY_BYTES,
  validationErrors,
} from '../routes/payment/body';
import { accessLine, answerBug, clientLeft, JSON_TYPE, writeAnswer } from './answer';
import type { Lane } from './lane';
import { clientAddress, requestBody } from './request';

/** The route as Koa's router names it, for the request metrics. */
export const CARD_LOAD_ROUTE = '/cards/:id/load/';
/** The path Koa's route takes, already canonical (no encoding, no dot segments, no query). */
const LOAD_PATH = new RegExp(`^/cards/(${CARD_ID_TEXT})/load/$`);
/** What readJsonBody accepts, narrowed to the usual spellings; other JSON types go to Koa. */
const JSON_REQUEST_TYPE = /^application\/json\s*(?:;\s*charset="?utf-8"?\s*)?$/i;

export interface CardLoadLaneDeps {
  payment: PromiseClient<payment.PaymentServiceClient>;
  authenticator: Authenticator;
  /** How many reverse proxies append to X-Forwarded-For (GATEWAY_TRUSTED_PROXIES): the client address, as Koa's. */
  trustedProxies: number;
  log: Logger;
  /**
   * The request metrics, as Koa's requests are counted: called when a request is taken, its result when
   * the answer is written.
   */
  track?: () => (status: number) => void;
}

/**
 * The HTTP server's answer before Koa for card loads: true when it has taken the request (its answer
 * follows asynchronously), false when Koa must answer it.
 */
export function cardLoadLane(deps: CardLoadLaneDeps): Lane {
  return (req, res) => {
    if (req.method !== 'POST') return false;
    const match = LOAD_PATH.exec(req.url ?? '');
    if (!match) return false;
    const headers = req.headers;
    if (headers['content-encoding'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    const type = headers['content-type'];
    if (type === undefined || !JSON_REQUEST_TYPE.test(type)) return false;
    const length = Number(headers['content-length']);
    if (!(length >= 0 && length <= MAX_BODY_BYTES)) return false;
    const key = headers['idempotency-key'] ?? '';
    if (typeof key !== 'string' || !idempotencyKeyHolds(key)) return false;
    // A gateway route: a site's own token is not taken here (nor by Koa's route, which refuses it).
    const auth = deps.authenticator.authenticateCached(req, 'gateway');
    if (!auth) return false;
    const startMs = performance.now();
    const answered = deps.track?.();
    const trace = traceFrom(headers.traceparent);
    runInTrace(trace, () => {
      answerLoad(deps, req, res, {
        ownerId: auth.user.id,
        cardId: match[1] as string,
        key,
        startMs,
        requestId: trace.traceId,
      })
        // Only a bug gets here (every failure of the load has its answer in answerLoad).
        .catch((err: unknown) =>
          answerBug(deps.log, req, res, err, {
            requestId: trace.traceId,
            headers: NO_STORE,
            body: JSON.stringify(INTERNAL_ERROR),
          }),
        )
        .then((status) => answered?.(status))
        .catch(() => {}); // metrics never fail an answer, nor the process
    });
    return true;
  };
}

async function answerLoad(
  deps: CardLoadLaneDeps,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  load: { ownerId: string; cardId: string; key: string; startMs: number; requestId: string },
): Promise<number> {
  const text = (await requestBody(req))?.toString('utf8');
  // As Koa's error handler: the client left mid-body, nothing was charged, nobody hears an answer.
  if (text === undefined) return clientLeft(deps.log, req, res, load.startMs);
  let answer: PaymentAnswer;
  try {
    const parsed = loadBody.safeParse(decodeJsonBody(text));
    if (!parsed.success) throw validationErrors(parsed.error.issues);
    answer = await loadAnswer(deps.payment, deps.log, {
      ownerId: load.ownerId,
      cardId: load.cardId,
      nonce: parsed.data.nonce,
      amountCents: parsed.data.amount,
      idempotencyKey: load.key,
      // For the velocity rules per address (docs/payments.md "Velocity rules"), as Koa's route sends ctx.ip.
      clientAddress: clientAddress(req, deps.trustedProxies),
    });
  } catch (err) {
    answer = paymentFailure(err, deps.log, { method: 'POST', path: req.url ?? '' });
  }
  write(res, answer, load.requestId);
  accessLine(deps.log, req, answer.status, load.startMs);
  return answer.status;
}

const INTERNAL_ERROR = { status: 'error', errors: [{ code: 'http-500', message: 'internal error' }] };

/** The answer with the headers Koa's route gives it (paymentErrors' no-store, the answer's own). */
function write(res: http.ServerResponse, answer: PaymentAnswer, requestId: string): void {
  const headers: string[] = [...NO_STORE];
  for (const [name, value] of Object.entries(answer.headers)) headers.push(name, value);
  writeAnswer(res, { status: answer.status, requestId, headers, type: JSON_TYPE, body: JSON.stringify(answer.body) });
}
