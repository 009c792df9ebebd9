// The processor's notifications (issue 35): Braintree posts a form with `bt_signature` and `bt_payload`
// to POST /payment/webhooks/braintree, and checks the URL first with GET ...?bt_challenge=. A public
// route: no cookie, XSRF or token, since Braintree has none; the payment service, which alone holds the
// processor keys, verifies every notification (a bad signature is 403 and changes nothing). The gateway
// only keeps the door narrow: a small form body, and a budget of requests per client address.
import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import type { Limit, RateLimiter } from '@gatehouse/redis';
import Router from '@koa/router';
import type Koa from 'koa';
import { bodyReader, HttpError, limited, queryParam } from '../kit';
import { paymentErrors } from './cards.routes';

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

/** The kit's body reader: a form only, unencoded, within MAX_NOTIFICATION_BYTES (its refusals: 400, 413, 415). */
const readForm = bodyReader('form', {
  limit: `${MAX_NOTIFICATION_BYTES}b`,
  typeRequired: 'the body must be application/x-www-form-urlencoded',
});

/** The form's two fields, each given once. */
async function readNotification(ctx: Koa.Context): Promise<{ btSignature: string; btPayload: string }> {
  await readForm(ctx);
  const form = (ctx.request.body ?? {}) as Record<string, unknown>;
  const field = (name: string) => {
    const value = form[name];
    if (typeof value !== 'string' || value === '') throw new HttpError(400, `${name} is required, once`);
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
    if (!verdict.allowed) limited(ctx, verdict.retryAfterSeconds, 'too many requests');
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
    const challenge = queryParam(ctx, 'bt_challenge', { once: true });
    if (challenge === undefined || challenge === '') throw new HttpError(400, 'bt_challenge is required, once');
    const { response } = await payment.verifyProcessorChallenge({ btChallenge: challenge });
    // Braintree reads the body as it is: `<public key>|<signature>`.
    ctx.type = 'text/plain';
    ctx.body = response;
  });

  return router;
}
