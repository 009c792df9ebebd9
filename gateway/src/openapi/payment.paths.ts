import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import { CARD_ID, MAX_IDEMPOTENCY_KEY_LENGTH } from '@gatehouse/contract';
import { cardBody, loadBody } from '../routes/payment/body';
import { json, LOGGED_IN, NO_STORE, paymentError, RETRY_AFTER } from './common';

/**
 * The card-loading API (routes/payment/cards.routes.ts). Request bodies are the routes' own zod schemas
 * (routes/payment/body.ts), so what the document asks for is what the routes validate.
 */

export const Money = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: 'A two-decimal amount', example: '10.00' });

export const CARD_FIELDS = {
  id: z.number().int().min(1),
  name: z.string(),
  balance: Money,
  held: Money.meta({ description: 'What open disputes hold of the balance: it cannot be spent or reversed' }),
  frozen: z.boolean().meta({ description: 'A lost dispute took more than the card had: loads and reversals refused' }),
};

const Card = z.strictObject(CARD_FIELDS).meta({ id: 'Card' });

const CardsPage = z
  .strictObject({
    cards: z.array(Card).meta({ description: 'Oldest first' }),
    next: z.string().nullable().meta({ description: 'The `cursor` of the following page; null on the last' }),
  })
  .meta({ id: 'CardsPage' });

export const ContractError = z.strictObject({ code: z.string(), message: z.string() });

export const Reversal = z
  .strictObject({
    id: z.number().int(),
    amount: Money,
    method: z.enum(['void', 'refund', 'unspecified']),
    status: z.enum(['pending', 'awaiting_settlement', 'succeeded', 'failed', 'unknown', 'refused', 'unspecified']),
    requested_by: z.string().meta({ description: '`user:<id>`, `admin:<name>`, or `processor`' }),
    processor_transaction_id: z.string().meta({ description: "A refund's own transaction (a void's is the sale's)" }),
    processor_response_code: z.string(),
    processor_response_text: z.string(),
    errors: z.array(ContractError),
    created_at: z.string().meta({ description: 'ISO 8601, UTC' }),
    settled_at: z.string().nullable().meta({ description: 'ISO 8601, UTC; null while open' }),
  })
  .meta({ id: 'Reversal' });

export const Load = z
  .strictObject({
    id: z.number().int(),
    amount: Money,
    status: z.enum(['pending', 'succeeded', 'failed', 'refused', 'unknown', 'unspecified']),
    processor_transaction_id: z.string(),
    processor_response_code: z.string(),
    processor_response_text: z.string(),
    created_at: z.string().meta({ description: 'ISO 8601, UTC' }),
    reversible: Money.meta({
      description: 'What may still be reversed (0.00 when it did not succeed, or is disputed)',
    }),
    reversals: z.array(Reversal).meta({ description: 'Every reversal asked, oldest first' }),
  })
  .meta({ id: 'Load' });

const LoadOk = z.strictObject({ status: z.literal('ok'), errors: z.array(z.unknown()).max(0) }).meta({ id: 'LoadOk' });

export const CardId = z.object({
  id: z.string().regex(CARD_ID).meta({ example: '1' }),
});

export const NO_STORE_HEADER = z.object({ 'Cache-Control': NO_STORE });

/** Every route: the authentication middleware's refusals in the contract's shape (paymentRefusalBody). */
export const REFUSALS: Record<number, ResponseConfig> = {
  401: paymentError('`http-401`: no valid token, or a cookie without its XSRF header'),
  429: paymentError('`http-429`: too many failed basic-auth attempts', z.object(RETRY_AFTER)),
  500: paymentError('`http-500`: internal error'),
  503: paymentError('`http-503` or `processor-unavailable`: retry', z.object(RETRY_AFTER).partial()),
};

/** Routes that read a JSON body. */
export const BODY_ERRORS: Record<number, ResponseConfig> = {
  400: paymentError('`http-400`: not JSON (decode failure and position), or a field is wrong'),
  413: paymentError('`http-413`: the body is over 16 KiB'),
  415: paymentError('`http-415`: not application/json, or content-encoded'),
};

export const NOT_FOUND = paymentError("`http-404`: no such card, or someone else's");

export function registerPaymentPaths(registry: OpenAPIRegistry): void {
  const base = { tags: ['payments'], security: LOGGED_IN };

  registry.registerPath({
    ...base,
    method: 'post',
    path: '/tokens/',
    summary: 'A client token for the processor client SDK',
    responses: {
      200: {
        description: 'The client token',
        headers: NO_STORE_HEADER,
        content: json(
          z.strictObject({ client_token: z.string().meta({ description: 'base64' }) }).meta({ id: 'ClientToken' }),
        ),
      },
      ...REFUSALS,
      502: paymentError('The processor failed'),
    },
  });

  registry.registerPath({
    ...base,
    method: 'get',
    path: '/cards/',
    summary: "The user's cards, a page at a time",
    request: {
      query: z.object({
        limit: z
          .string()
          .regex(/^\d{1,3}$/)
          .optional()
          .meta({ description: '1 to 200, default 50' }),
        cursor: z.string().optional().meta({ description: 'The `next` of the previous page' }),
      }),
    },
    responses: {
      200: { description: 'A page of cards', headers: NO_STORE_HEADER, content: json(CardsPage) },
      400: paymentError('`http-400`: `limit` or `cursor` is wrong'),
      ...REFUSALS,
    },
  });

  registry.registerPath({
    ...base,
    method: 'post',
    path: '/cards/',
    summary: 'Creates a card with a zero balance',
    request: { body: { required: true, content: json(cardBody.meta({ id: 'NewCard' })) } },
    responses: {
      201: { description: 'The new card', headers: NO_STORE_HEADER, content: json(Card) },
      ...BODY_ERRORS,
      409: paymentError(
        "`too-many-cards`: past the owner's cap (PAYMENT_MAX_CARDS_PER_OWNER); `account-closed`: the account is being erased",
      ),
      ...REFUSALS,
    },
  });

  registry.registerPath({
    ...base,
    method: 'get',
    path: '/cards/{id}/loads/',
    summary: "A card's loads",
    request: { params: CardId },
    responses: {
      200: {
        description: 'The loads',
        headers: NO_STORE_HEADER,
        content: json(z.strictObject({ loads: z.array(Load) }).meta({ id: 'Loads' })),
      },
      404: NOT_FOUND,
      ...REFUSALS,
    },
  });

  registry.registerPath({
    ...base,
    method: 'post',
    path: '/cards/{id}/load/',
    summary: 'Loads a card through the processor',
    description:
      'Limits are checked before the processor is called. A 502 `processor-unavailable` means the outcome is ' +
      'unknown: retry only with the same Idempotency-Key, which replays the first answer. A 503 ' +
      '`service-unavailable` means nothing was charged: the same key then runs the load.',
    request: {
      params: CardId,
      headers: z.object({
        'Idempotency-Key': z
          .string()
          .max(MAX_IDEMPOTENCY_KEY_LENGTH)
          .optional()
          .meta({ description: 'Printable ASCII; a retry with it replays the load, never charges twice' }),
      }),
      body: { required: true, content: json(loadBody.meta({ id: 'LoadRequest' })) },
    },
    responses: {
      200: {
        description: 'Loaded',
        headers: NO_STORE_HEADER.extend({
          'Idempotent-Replayed': z.literal('true').optional().meta({ description: 'A replay of an earlier answer' }),
        }),
        content: json(LoadOk),
      },
      ...BODY_ERRORS,
      400: paymentError('`http-400`, `invalid-amount`, a limit (`compliance-1-day`, ...) or a decline (its code)'),
      404: NOT_FOUND,
      409: paymentError(
        '`idempotency-key-in-use`: a load with this key is under way; `account-closed`: the account is being erased',
      ),
      422: paymentError('`idempotency-key-reused`: the key was used for another request'),
      ...REFUSALS,
      502: paymentError('`processor-error` (nothing charged) or `processor-unavailable` (outcome unknown)'),
      503: paymentError(
        '`service-unavailable`: the load never reached the processor, so nothing was charged: no payment replica ' +
          'took it (restarting or draining), or the card ledger could not take it (a database failover: read-only, ' +
          'shutting down, connection lost). Retry after Retry-After, with the same Idempotency-Key',
        z.object(RETRY_AFTER),
      ),
    },
  });
}
