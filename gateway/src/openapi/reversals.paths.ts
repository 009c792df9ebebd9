import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import { CARD_ID, MAX_IDEMPOTENCY_KEY_LENGTH } from '@gatehouse/contract';
import { reverseBody } from '../routes/payment/reversals.routes';
import { MAX_NOTIFICATION_BYTES, WEBHOOK_PATH } from '../routes/payment/webhooks.routes';
import { json, LOGGED_IN, PaymentError, paymentError, RETRY_AFTER } from './common';
import {
  BODY_ERRORS,
  CARD_FIELDS,
  CardId,
  ContractError,
  Money,
  NO_STORE_HEADER,
  NOT_FOUND,
  REFUSALS,
  Reversal,
} from './payment.paths';

/**
 * Money that can go back (issue 35): a card with its holds and disputes, a load reversed
 * (routes/payment/reversals.routes.ts), and the processor's notifications (routes/payment/webhooks.routes.ts).
 */

export const Dispute = z
  .strictObject({
    id: z.string().meta({ description: "The processor's dispute id" }),
    processor_transaction_id: z.string(),
    load_id: z.number().int().nullable().meta({ description: 'null when the transaction matches no load' }),
    amount: Money.meta({ description: 'The disputed amount' }),
    held: Money.meta({ description: 'What it holds on the card now (open disputes only)' }),
    debited: Money.meta({ description: 'What a lost dispute took from the card' }),
    shortfall: Money.meta({ description: 'What a lost dispute could not take' }),
    status: z.string().meta({ description: "The processor's word: open, won, lost, accepted, ..." }),
    kind: z.string(),
    reason: z.string(),
    received_at: z.string().meta({ description: 'ISO 8601, UTC' }),
    updated_at: z.string().meta({ description: 'ISO 8601, UTC' }),
  })
  .meta({ id: 'Dispute' });

const CardDetail = z
  .strictObject({
    ...CARD_FIELDS,
    shortfall: Money.meta({ description: 'What lost disputes could not take from the card, in all' }),
    disputes: z.array(Dispute).meta({ description: 'Newest first' }),
  })
  .meta({ id: 'CardDetail' });

const ReversalAnswer = (status: 'ok' | 'pending' | 'error', id: string) =>
  z
    .strictObject({
      status: z.literal(status),
      errors: z.array(ContractError),
      reversal: Reversal.nullable(),
      balance: Money.meta({ description: "The card's balance now" }),
    })
    .meta({ id });

const REPLAYED = NO_STORE_HEADER.extend({
  'Idempotent-Replayed': z.literal('true').optional().meta({ description: 'A replay of an earlier answer' }),
});

const LoadIds = CardId.extend({ load_id: z.string().regex(CARD_ID).meta({ example: '1' }) });

/**
 * A load's reversal, as the owner's route and the admin's (admin.document.ts) both answer it; the
 * caller's refusals (401/403) are each surface's own.
 */
export function reverseLoadOperation() {
  return {
    description:
      'Before the sale settles only the whole load can be reversed (a void: `{}`); once settled, any part ' +
      '(`{"amount": "5.00"}`, a refund). A refund asked while the sale is settling is answered 202 `pending` and ' +
      'completed by reconciliation. A 502 `processor-unavailable` means the outcome is unknown: retry only with the ' +
      'same Idempotency-Key, which answers the reversal as it stands. A 503 `service-unavailable` means nothing was ' +
      'sent to the processor.',
    request: {
      params: LoadIds,
      headers: z.object({
        'Idempotency-Key': z
          .string()
          .max(MAX_IDEMPOTENCY_KEY_LENGTH)
          .optional()
          .meta({ description: 'Printable ASCII; a retry with it never reverses twice' }),
      }),
      body: { required: true, content: json(reverseBody.meta({ id: 'ReverseRequest' })) },
    },
    responses: {
      200: { description: 'Reversed', headers: REPLAYED, content: json(ReversalAnswer('ok', 'ReversalDone')) },
      202: {
        description: 'Waiting for the sale to settle; reconciliation completes it',
        headers: REPLAYED,
        content: json(ReversalAnswer('pending', 'ReversalPending')),
      },
      ...BODY_ERRORS,
      400: paymentError('`http-400` or `invalid-amount`: the body or the key is wrong'),
      404: paymentError("`http-404`: no such card or load, or someone else's"),
      409: paymentError('`idempotency-key-in-use`: a reversal with this key is under way'),
      422: {
        description:
          '`partial-before-settlement`, `not-reversible`, `exceeds-reversible`, `exceeds-balance`, `card-frozen`, ' +
          "the processor's refusal (its code); or `idempotency-key-reused` (PaymentError): the key was used for another request",
        headers: REPLAYED,
        content: json(z.union([ReversalAnswer('error', 'ReversalRefused'), PaymentError])),
      },
      502: {
        description: '`processor-error` (nothing reversed) or `processor-unavailable` (outcome unknown)',
        content: json(z.union([ReversalAnswer('error', 'ReversalFailed'), PaymentError])),
      },
      503: paymentError(
        '`service-unavailable`: the reversal never reached the processor, so nothing was reversed. Retry after ' +
          'Retry-After, with the same Idempotency-Key',
        z.object(RETRY_AFTER),
      ),
    },
  };
}

export function registerReversalPaths(registry: OpenAPIRegistry): void {
  const base = { tags: ['payments'], security: LOGGED_IN };

  registry.registerPath({
    ...base,
    method: 'get',
    path: '/cards/{id}',
    summary: 'One card: its balance, what open disputes hold, whether it is frozen, and its disputes',
    request: { params: CardId },
    responses: {
      200: { description: 'The card', headers: NO_STORE_HEADER, content: json(CardDetail) },
      404: NOT_FOUND,
      ...REFUSALS,
    },
  });

  const reverse = reverseLoadOperation();
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/cards/{id}/loads/{load_id}/reverse',
    summary: 'Gives back a load, in whole or in part, through the processor',
    ...reverse,
    responses: { ...REFUSALS, ...reverse.responses },
  });

  const notificationBase = { tags: ['payments'], security: [] };
  registry.registerPath({
    ...notificationBase,
    method: 'post',
    path: WEBHOOK_PATH,
    summary: "The processor's notifications (Braintree webhooks)",
    description:
      'Public: Braintree posts here. The payment service verifies the signature; a notification is applied once ' +
      '(a repeated or stale one changes nothing). Rate limited per client address.',
    request: {
      body: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: z
              .object({ bt_signature: z.string(), bt_payload: z.string() })
              .meta({ id: 'ProcessorNotification' }),
          },
        },
      },
    },
    responses: {
      200: {
        description: 'Taken',
        content: json(
          z
            .strictObject({
              status: z.literal('ok'),
              kind: z.string().meta({ example: 'dispute_opened' }),
              outcome: z.enum(['applied', 'duplicate', 'stale', 'unmatched', 'ignored']),
            })
            .meta({ id: 'NotificationTaken' }),
        ),
      },
      400: paymentError('`http-400`: a field is missing or repeated, or the form is malformed'),
      403: paymentError('`http-403`: the signature does not verify; nothing changed'),
      413: paymentError(`\`http-413\`: the body is over ${MAX_NOTIFICATION_BYTES / 1024} KiB`),
      415: paymentError('`http-415`: not a form, or content-encoded'),
      429: paymentError('`http-429`: too many requests from this address', z.object(RETRY_AFTER)),
      500: paymentError('`http-500`: internal error'),
      503: paymentError('`http-503`: the ledger cannot take it now; the processor sends it again'),
    },
  });

  registry.registerPath({
    ...notificationBase,
    method: 'get',
    path: WEBHOOK_PATH,
    summary: "Braintree's check of the notification URL",
    request: { query: z.object({ bt_challenge: z.string().meta({ description: 'The challenge Braintree sends' }) }) },
    responses: {
      200: {
        description: '`<public key>|<signature>`, as Braintree expects',
        content: { 'text/plain': { schema: z.string() } },
      },
      400: paymentError('`http-400`: no challenge, or a malformed one'),
      429: paymentError('`http-429`: too many requests from this address', z.object(RETRY_AFTER)),
      500: paymentError('`http-500`: internal error'),
    },
  });
}
