// The admin console's first screen in one call (issue 48, docs/accounts.md "Overview"): the auth
// service's figures (users, logins, sessions, webhooks) and payment's (loads, disputes, reconciliation),
// asked at once over gRPC for the same 168 hours and merged. Both read summaries kept as things happen,
// never the trail. A service that does not answer leaves its part null and is named in `unavailable`,
// so the screen still shows the other's.
import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth, payment } from '@gatehouse/proto';
import type Router from '@koa/router';
import { apiRouter, route } from '../kit';
import { adminActions } from './action';
import type { AdminCallerDeps } from './caller';

export interface AdminOverviewRoutesDeps extends AdminCallerDeps {
  admin: PromiseClient<auth.AdminServiceClient>;
  paymentAdmin: PromiseClient<payment.PaymentAdminServiceClient>;
  log: Logger;
}

const HOUR_MS = 3_600_000;
export const OVERVIEW_HOURS = 168;
/** Both services read indexes and a few hundred counter rows: an answer later than this is a fault. */
const OVERVIEW_DEADLINE_MS = 5_000;

const zeros = () => new Array<number>(OVERVIEW_HOURS).fill(0);
/** OVERVIEW_HOURS numbers exactly: a series the service sent shorter (or longer) is padded (or cut). */
const series = (values: readonly (string | number)[] | undefined) => zeros().map((_, i) => Number(values?.[i] ?? 0));

function authPart(o: auth.AdminOverviewResponse__Output) {
  const byProvider: Record<string, number[]> = {};
  for (const p of o.logins) byProvider[p.provider] = series(p.counts);
  return {
    users: {
      total: Number(o.usersTotal),
      new_24h: Number(o.usersNewDay),
      new_7d: Number(o.usersNewWeek),
      active_24h: Number(o.usersActiveDay),
      active_7d: Number(o.usersActiveWeek),
      blocked: Number(o.usersBlocked),
    },
    sessions_live: Number(o.sessionsLive),
    logins: { by_provider: byProvider, failures: series(o.loginFailures) },
    webhooks: {
      endpoints: Number(o.webhookEndpoints),
      disabled: Number(o.webhooksDisabled),
      deliveries_failing: Number(o.deliveriesFailing),
    },
  };
}

function paymentPart(o: payment.PaymentOverviewResponse__Output) {
  const outcome = (name: string) => o.loads.find((l) => l.outcome === name);
  return {
    loads: {
      succeeded: series(outcome('succeeded')?.counts),
      declined: series(outcome('declined')?.counts),
      failed: series(outcome('failed')?.counts),
      refused: series(outcome('refused')?.counts),
      unknown: series(outcome('unknown')?.counts),
      // Money loaded: the succeeded loads' amounts.
      amount_cents: series(outcome('succeeded')?.amountCents),
    },
    disputes: {
      open: Number(o.disputesOpen),
      open_amount_cents: Number(o.disputesOpenAmountCents),
      held_cents: Number(o.disputesHeldCents),
      unmatched: Number(o.disputesUnmatched),
    },
    reconciliation: {
      date: o.reconciliationDate || null,
      status: o.reconciliationStatus || null,
      discrepancies: Number(o.reconciliationDiscrepancies),
    },
  };
}

export function adminOverviewRoutes(deps: AdminOverviewRoutesDeps): Router {
  const router = apiRouter({ prefix: '/admin/v1', noStore: true });
  const act = adminActions(deps);

  route(router, '/overview', {
    GET: act('read overview', async (ctx, actor) => {
      const now = Date.now();
      const start = Math.floor(now / HOUR_MS) * HOUR_MS - (OVERVIEW_HOURS - 1) * HOUR_MS;
      const options = { deadlineMs: OVERVIEW_DEADLINE_MS };
      const [a, p] = await Promise.allSettled([
        deps.admin.overview({ actor, hoursStartUnixMs: start }, options),
        deps.paymentAdmin.overview({ hoursStartUnixMs: start }, options),
      ]);
      // Neither answered: the refusal is the first one's, mapped as every gRPC error is.
      if (a.status === 'rejected' && p.status === 'rejected') throw a.reason;
      const unavailable: string[] = [];
      for (const [name, result] of [
        ['auth', a],
        ['payment', p],
      ] as const) {
        if (result.status === 'rejected') {
          unavailable.push(name);
          deps.log.warn({ err: result.reason, service: name }, 'admin overview: a service did not answer');
        }
      }
      const authFigures = a.status === 'fulfilled' ? authPart(a.value) : null;
      const paymentFigures = p.status === 'fulfilled' ? paymentPart(p.value) : null;
      const hours = zeros().map((_, i) => new Date(start + i * HOUR_MS).toISOString());
      ctx.body = {
        generated_at: new Date(now).toISOString(),
        users: authFigures?.users ?? null,
        sessions_live: authFigures?.sessions_live ?? null,
        logins: authFigures ? { hours, ...authFigures.logins } : null,
        webhooks: authFigures?.webhooks ?? null,
        loads: paymentFigures ? { hours, ...paymentFigures.loads } : null,
        disputes: paymentFigures?.disputes ?? null,
        reconciliation: paymentFigures?.reconciliation ?? null,
        unavailable,
      };
    }),
  });

  return router;
}
