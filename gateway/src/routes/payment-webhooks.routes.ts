// The processor's notifications (issue 35): Braintree posts a form with `bt_signature` and `bt_payload`
// to POST /payment/webhooks/braintree, and checks the URL first with GET ...?bt_challenge=. A public
// route: no cookie, XSRF or token, since Braintree has none; the payment service, which alone holds the
// processor keys, verifies every notification (a bad signature is 403 and changes nothing). The gateway
// only keeps the door narrow: a small form body, and a budget of requests per client address.
import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import type { Limit, RateLimiter } from '@gatehouse/redis';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import type Koa from 'koa';
import { isClientAbort } from '../middleware/errors';
import { PaymentHttpError } from './payment.body';
import { paymentErrors } from './payment.routes';

export const WEBHOOK_PATH = '/payment/webhooks/braintree';

/** Braintree's notifications are a few kB of base64 XML. */
export const MAX_NOTIFICATION_BYTES = 64 * 1024;

/**
 * Per client address, across gateways (the limiter is Redis's when there is one). Braintree sends a
 * notification per event and retries failed ones for hours, so a burst above this only delays them.
 */
export const WEBHOOK_LIMIT: Limit = { limit: 300, windowMs: 60_000 };

/** Verifying and applying one notification is a few ledger writes. */
const NOTIFICATION_DEADLINE_MS = 10_000;

export interface PaymentWebhookDeps {
  payment: PromiseClient<payment.PaymentServiceClient>;
  limiter: RateLimiter;
  log: Logger;
}

const parseForm = bodyParser({
  enableTypes: ['form'],
  formLimit: `${MAX_NOTIFICATION_BYTES}b`,
  parsedMethods: ['POST'],
});

const bad = (status: number, message: string) => new PaymentHttpError(status, [{ code: `http-${status}`, message }]);

/** The form, read only when it is one, unencoded and within MAX_NOTIFICATION_BYTES; its two fields. */
async function readNotification(ctx: Koa.Context): Promise<{ btSignature: string; btPayload: string }> {
  if (!ctx.is('application/x-www-form-urlencoded')) {
    throw bad(415, 'the body must be application/x-www-form-urlencoded');
  }
  const encoding = ctx.get('content-encoding').trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity') throw bad(415, 'content-encoded bodies are not accepted');
  try {
    await parseForm(ctx, async () => {});
  } catch (err) {
    if (isClientAbort(ctx, err)) throw err;
    if ((err as { status?: unknown }).status === 413) {
      throw bad(413, `request body is larger than ${MAX_NOTIFICATION_BYTES} bytes`);
    }
    throw bad(400, 'malformed form body');
  }
  const form = (ctx.request.body ?? {}) as Record<string, unknown>;
  const field = (name: string) => {
    const value = form[name];
    if (typeof value !== 'string' || value === '') throw bad(400, `${name} is required, once`);
    return value;
  };
  return { btSignature: field('bt_signature'), btPayload: field('bt_payload') };
}

/** 429 past WEBHOOK_LIMIT for this address; a limiter that cannot count lets the request through. */
function perAddressBudget(limiter: RateLimiter, log: Logger): Koa.Middleware {
  return async function perAddressBudget(ctx, next) {
    const verdict = await limiter.hit(`payment-webhook:${ctx.ip}`, WEBHOOK_LIMIT).catch((err: unknown) => {
      // Losing a dispute notification costs more than a burst the payment service verifies anyway.
      log.warn({ err }, 'webhook rate limit not counted (limiter unavailable)');
      return { allowed: true, retryAfterSeconds: 0 };
    });
    if (!verdict.allowed) {
      throw new PaymentHttpError(429, [{ code: 'http-429', message: 'too many requests' }], {
        'Retry-After': String(verdict.retryAfterSeconds),
      });
    }
    await next();
  };
}

export function paymentWebhookRoutes(deps: PaymentWebhookDeps): Router {
  const { payment } = deps;
  const router = new Router();
  const guard = [paymentErrors(deps.log), perAddressBudget(deps.limiter, deps.log)];

  router.post(WEBHOOK_PATH, ...guard, async (ctx) => {
    const notification = await readNotification(ctx);
    const { kind, outcome } = await payment.handleProcessorNotification(notification, {
      deadlineMs: NOTIFICATION_DEADLINE_MS,
    });
    ctx.body = { status: 'ok', kind, outcome };
  });

  router.get(WEBHOOK_PATH, ...guard, async (ctx) => {
    const challenge = ctx.query.bt_challenge;
    if (typeof challenge !== 'string' || challenge === '') throw bad(400, 'bt_challenge is required, once');
    const { response } = await payment.verifyProcessorChallenge({ btChallenge: challenge });
    // Braintree reads the body as it is: `<public key>|<signature>`.
    ctx.type = 'text/plain';
    ctx.body = response;
  });

  return router;
}
