// Settlement reconciliation for administrators (issue 49 §3), on the admin surface only: a day's
// report, and a run at once (the daily job runs by itself). The admin check and the audit line come
// from adminActions; refusals are the admin API's `{"error"}`.
import type { payment } from '@gatehouse/proto';
import type Router from '@koa/router';
import { z } from 'zod';
import { apiRouter, bodyOf, bodyReader, queryOf, route } from '../kit';
import { adminActions } from './action';
import type { AdminPaymentRoutesDeps } from './payments.routes';

/** A UTC day; the payment service checks again that it is a real day that has begun (400 otherwise). */
const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day spelled yyyy-mm-dd');
export const RECONCILIATION_QUERY = z.object({ date: DAY });
export const RECONCILIATION_RUN_BODY = z.strictObject({ date: DAY });

const jsonBody = bodyReader('json', { limit: '1kb', typeRequired: 'the body must be application/json' });

const sum = (s: payment.SettlementSum__Output | null) => ({
  count: Number(s?.count ?? 0),
  amount_cents: Number(s?.amountCents ?? 0),
});
const centsOrNull = (c: string | number) => (Number(c) < 0 ? null : Number(c));

/** The report as the admin API answers it (docs/payments.md, "Reconciliation"). */
export function reconciliationJson(r: payment.SettlementReconciliation__Output) {
  return {
    date: r.date,
    status: r.status,
    ran: r.ran,
    started_at: r.startedAt || null,
    finished_at: r.finishedAt || null,
    error: r.error || null,
    totals: r.totals.map((t) => ({
      merchant_account_id: t.merchantAccountId,
      kind: t.kind,
      processor: sum(t.processor),
      ledger: sum(t.ledger),
    })),
    discrepancies: r.discrepancies.map((d) => ({
      kind: d.kind,
      transaction_id: d.transactionId,
      order_id: d.orderId || null,
      load_id: Number(d.loadId) || null,
      processor_cents: centsOrNull(d.processorCents),
      ledger_cents: centsOrNull(d.ledgerCents),
    })),
  };
}

export function adminReconciliationRoutes(deps: AdminPaymentRoutesDeps): Router {
  const router = apiRouter({ prefix: '/admin/v1', noStore: true });
  const act = adminActions(deps);

  route(router, '/reconciliation', {
    GET: act('read settlement reconciliation', async (ctx) => {
      const { date } = queryOf(ctx, RECONCILIATION_QUERY);
      ctx.body = reconciliationJson(await deps.payment.getSettlementReconciliation({ date }));
    }),
  });

  route(router, '/reconciliation/run', {
    POST: act('run settlement reconciliation', async (ctx) => {
      await jsonBody(ctx);
      const { date } = bodyOf(ctx, RECONCILIATION_RUN_BODY);
      // A day's run reads the processor's whole day: its deadline is the processor's, many times over.
      const report = await deps.payment.runSettlementReconciliation({ date }, { deadlineMs: 5 * 60_000 });
      ctx.body = reconciliationJson(report);
    }),
  });

  return router;
}
