import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import { CARD_ID } from '@gatehouse/contract';
import { json, LOGGED_IN, paymentError } from './common';
import { Money, NO_STORE_HEADER, NOT_FOUND, REFUSALS } from './payment.paths';

/** A card's monthly statement (routes/payment/statements.routes.ts, issue 49 §4). */

const Cents = z.number().int().meta({ description: 'Integer minor units (cents)' });

const StatementLine = z
  .strictObject({
    date: z.string().meta({ description: 'ISO 8601, UTC: when the ledger recorded the movement' }),
    kind: z.enum(['load', 'void', 'refund', 'dispute']).meta({ description: '`dispute`: a lost dispute debited' }),
    id: z.number().int().meta({ description: 'The load, reversal or dispute' }),
    load_id: z.number().int().nullable().meta({ description: 'The load it is about (null: a dispute of no load)' }),
    amount: Money.meta({ description: 'Signed: a credit is positive, a debit negative' }),
    amount_cents: Cents,
    balance: Money.meta({ description: 'The balance right after it' }),
    balance_cents: Cents,
  })
  .meta({ id: 'StatementLine' });

const Statement = z
  .strictObject({
    card_id: z.number().int(),
    month: z.string().meta({ description: 'yyyy-mm, a UTC calendar month' }),
    from: z.string().meta({ description: "ISO 8601: the month's first instant (UTC)" }),
    to: z.string().meta({ description: "ISO 8601: the next month's first instant (excluded)" }),
    opening_balance: Money,
    opening_balance_cents: Cents,
    lines: z.array(StatementLine).meta({ description: 'Every movement of the balance in the month, in order' }),
    closing_balance: Money.meta({ description: "The ledger's balance at the month's end (now, for this month)" }),
    closing_balance_cents: Cents,
  })
  .meta({ id: 'Statement' });

export function registerStatementPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    tags: ['payments'],
    security: LOGGED_IN,
    method: 'get',
    path: '/cards/{id}/statements/{month}',
    summary: "A card's statement for a UTC calendar month",
    description:
      'JSON by default; `Accept: text/csv` answers RFC 4180 CSV (CRLF, a header row `date,kind,id,load_id,' +
      'amount_cents,amount,balance_cents,balance`, an `opening` row, one row per movement, a `closing` row) ' +
      'as an attachment `card-<id>-statement-<yyyy-mm>.csv`. Read from one snapshot of the ledger.',
    request: {
      params: z.object({
        id: z.string().regex(CARD_ID),
        month: z.string().meta({ description: 'yyyy-mm (UTC)', example: '2025-01' }),
      }),
    },
    responses: {
      200: {
        description: 'The statement',
        headers: NO_STORE_HEADER,
        content: {
          ...json(Statement),
          'text/csv': { schema: z.string().meta({ description: 'The same statement as CSV' }) },
        },
      },
      400: paymentError('`http-400` or `invalid-month`: the month is not yyyy-mm'),
      404: {
        ...NOT_FOUND,
        description:
          "`http-404`: no such card, or someone else's; `statement-not-found`: a month before the card existed, or not begun",
      },
      ...REFUSALS,
    },
  });
}
