import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import { CARD_ID } from '@gatehouse/contract';
import { json, LOGGED_IN } from './common';
import { Money, NO_STORE_HEADER, NOT_FOUND, REFUSALS } from './payment.paths';

/** A card's limits and headroom (routes/payment/limits.routes.ts, issue 49 §1). */

const Figure = z.number().int().meta({ description: "In the limit's unit: cents for an amount, loads for a count" });

const CardLimit = z
  .strictObject({
    code: z.string().meta({
      description: 'The code a refusal by this limit carries',
      example: 'compliance-1-day',
    }),
    label: z.string().meta({ description: "As the refusal's words name it", example: '7 days, tier verified' }),
    window: z.enum(['1 day', '7 days', '30 days', '365 days', 'lifetime', 'balance']).meta({
      description: 'A rolling window (now − W, now], every load since the first, or the balance limit',
    }),
    kind: z.enum(['amount', 'count']),
    applies_to: z.enum(['owner', 'card']).meta({ description: "`owner`: all the owner's cards; `card`: this card" }),
    limit: Figure,
    usage: Figure,
    headroom: Figure.meta({ description: 'limit − usage, never below 0' }),
    limit_amount: Money.nullable().meta({ description: 'For an amount: the limit as a decimal; null for a count' }),
    usage_amount: Money.nullable(),
    headroom_amount: Money.nullable(),
  })
  .meta({ id: 'CardLimit' });

const CardLimits = z.strictObject({ card_id: z.number().int(), limits: z.array(CardLimit) }).meta({ id: 'CardLimits' });

export function registerLimitPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    tags: ['payments'],
    security: LOGGED_IN,
    method: 'get',
    path: '/cards/{id}/limits',
    summary: 'Every limit that applies to a load on the card now, with its usage and headroom',
    description:
      "The programme's, the tier's or the user's limits per window, the card's own, and the balance limit; " +
      'read under the owner’s lock as a load reads them. See docs/payments.md, Limit policies.',
    request: { params: z.object({ id: z.string().regex(CARD_ID) }) },
    responses: {
      200: { description: "The card's limits", headers: NO_STORE_HEADER, content: json(CardLimits) },
      404: { ...NOT_FOUND, description: "`http-404`: no such card, or someone else's" },
      ...REFUSALS,
    },
  });
}
