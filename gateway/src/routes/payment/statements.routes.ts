// A card's monthly statement (issue 49 §4) for its owner: GET /cards/{id}/statements/{yyyy-mm}, JSON,
// or CSV with `Accept: text/csv`. Same authentication and error shape as the other card routes; the
// payment service reads the statement from one snapshot of the ledger (UTC calendar months).
import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import Router from '@koa/router';
import type Koa from 'koa';
import { badRequest } from './body';
import { cardIdParam, owner, paymentErrors } from './cards.routes';
import { money } from './money-back.json';

export interface StatementRoutesDeps {
  payment: PromiseClient<payment.PaymentServiceClient>;
  /** The same requireUser as paymentRoutes': a verified user, refusals in the contract's shape. */
  requireUser: Koa.Middleware;
  log: Logger;
}

/** yyyy-mm from 1970-01 on: the payment service checks it again (INVALID_MONTH). */
const MONTH = /^(19[7-9][0-9]|[2-9][0-9]{3})-(0[1-9]|1[0-2])$/;

export function statementJson(s: payment.GetStatementResponse__Output) {
  return {
    card_id: Number(s.cardId),
    month: s.month,
    from: s.from,
    to: s.to,
    opening_balance: money(s.openingBalanceCents),
    opening_balance_cents: Number(s.openingBalanceCents),
    lines: s.lines.map((l) => ({
      date: l.at,
      kind: l.kind,
      id: Number(l.id),
      load_id: Number(l.loadId) || null,
      amount: money(l.amountCents),
      amount_cents: Number(l.amountCents),
      balance: money(l.balanceCents),
      balance_cents: Number(l.balanceCents),
    })),
    closing_balance: money(s.closingBalanceCents),
    closing_balance_cents: Number(s.closingBalanceCents),
  };
}

export const CSV_COLUMNS = ['date', 'kind', 'id', 'load_id', 'amount_cents', 'amount', 'balance_cents', 'balance'];

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
const csvField = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * The statement as CSV (CRLF lines, RFC 4180): the header, an `opening` row at the month's start,
 * one row per movement, a `closing` row at its end. Amounts in minor units and as decimals.
 */
export function statementCsv(s: ReturnType<typeof statementJson>): string {
  const row = (fields: (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;
  return [
    row(CSV_COLUMNS),
    row([s.from, 'opening', null, null, null, null, s.opening_balance_cents, s.opening_balance]),
    ...s.lines.map((l) => row([l.date, l.kind, l.id, l.load_id, l.amount_cents, l.amount, l.balance_cents, l.balance])),
    row([s.to, 'closing', null, null, null, null, s.closing_balance_cents, s.closing_balance]),
  ].join('');
}

export function statementRoutes(deps: StatementRoutesDeps): Router {
  const router = new Router();
  router.use(paymentErrors(deps.log));
  router.use(deps.requireUser);

  router.get('/cards/:id/statements/:month', async (ctx) => {
    // The card (404 for another owner's, as every card route), then the month (400).
    const cardId = cardIdParam(ctx);
    const month = (ctx.params as { month?: string }).month ?? '';
    if (!MONTH.test(month)) throw badRequest('month must be yyyy-mm (a UTC calendar month)');
    const statement = statementJson(await deps.payment.getStatement({ ownerId: owner(ctx), cardId, month }));
    ctx.vary('Accept');
    if (ctx.accepts('application/json', 'text/csv') === 'text/csv') {
      ctx.type = 'text/csv; charset=utf-8; header=present';
      ctx.attachment(`card-${statement.card_id}-statement-${month}.csv`);
      ctx.body = statementCsv(statement);
      return;
    }
    ctx.body = statement;
  });

  return router;
}
