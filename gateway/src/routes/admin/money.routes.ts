// The admin console's money views (issue 48), on the admin surface only: any card looked up by owner or
// by id (balance, owner, disputes, and its loads a keyset page at a time with their reversals and
// status), and disputes by state. Reads only; reversing a load is payments.routes.ts. Refusals are the
// admin API's `{"error"}`; amounts are written as the card API writes them ("10.50").
import { CARD_ID } from '@gatehouse/contract';
import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import type Router from '@koa/router';
import type Koa from 'koa';
import { z } from 'zod';
import { IDENTITY_ID } from '../auth/identities.routes';
import { apiRouter, HttpError, queryOf, route } from '../kit';
import { cardJson } from '../payment/cards.routes';
import { disputeJson, loadJson, money } from '../payment/money-back.json';
import { adminActions } from './action';
import type { AdminCallerDeps } from './caller';

export interface AdminMoneyRoutesDeps extends AdminCallerDeps {
  paymentAdmin: PromiseClient<payment.PaymentAdminServiceClient>;
  log: Logger;
}

const limit = z.coerce.number().int().min(1).max(200).default(50);
const cursor = z.union([z.literal(''), z.string().regex(/^[1-9][0-9]{0,17}$/, 'the next of a previous page')]);

export const ADMIN_CARDS_QUERY = z.object({
  owner: z.string().regex(IDENTITY_ID, 'owner must be a user id'),
  limit,
  cursor: cursor.default(''),
});

export const ADMIN_CARD_QUERY = z.object({
  loads_limit: limit,
  loads_cursor: cursor.default('').meta({ description: 'The `loads_next` of the previous page' }),
});

export const ADMIN_DISPUTES_QUERY = z.object({
  status: z.enum(['', 'open']).default('').meta({ description: '`open`: only disputes not closed' }),
  limit,
  cursor: cursor.default(''),
});

/** A card as administrators see it: the card API's fields, its owner, and the amounts in cents too. */
export const adminCardJson = (c: payment.AdminCard__Output) => ({
  ...(c.card ? cardJson(c.card) : {}),
  owner_id: c.ownerId,
  balance_cents: Number(c.card?.balanceCents ?? 0),
  shortfall: money(c.card?.shortfallCents ?? 0),
  created_at: c.card?.createdAt ?? null,
});

function cardParam(ctx: Koa.Context): number {
  const id = (ctx.params as { id?: string }).id ?? '';
  if (!CARD_ID.test(id)) throw new HttpError(400, 'card id is malformed');
  return Number(id);
}

export function adminMoneyRoutes(deps: AdminMoneyRoutesDeps): Router {
  const router = apiRouter({ prefix: '/admin/v1', noStore: true });
  const act = adminActions(deps);

  route(router, '/cards', {
    GET: act('list cards', async (ctx) => {
      const q = queryOf(ctx, ADMIN_CARDS_QUERY);
      const res = await deps.paymentAdmin.adminListCards({ ownerId: q.owner, limit: q.limit, cursor: q.cursor });
      ctx.body = { cards: res.cards.map(adminCardJson), next: res.next || null };
    }),
  });

  route(router, '/cards/:id', {
    GET: act('get card', async (ctx) => {
      const cardId = cardParam(ctx);
      const q = queryOf(ctx, ADMIN_CARD_QUERY);
      const res = await deps.paymentAdmin.adminGetCard({
        cardId,
        loadsLimit: q.loads_limit,
        loadsCursor: q.loads_cursor,
      });
      ctx.body = {
        card: res.card ? adminCardJson(res.card) : null,
        disputes: res.disputes.map(disputeJson),
        loads: res.loads.map(loadJson),
        loads_next: res.loadsNext || null,
      };
    }),
  });

  route(router, '/disputes', {
    GET: act('list disputes', async (ctx) => {
      const q = queryOf(ctx, ADMIN_DISPUTES_QUERY);
      const res = await deps.paymentAdmin.listDisputes({ status: q.status, limit: q.limit, cursor: q.cursor });
      ctx.body = {
        disputes: res.disputes.map((d) => ({ ...disputeJson(d), card_id: Number(d.cardId) || null })),
        next: res.next || null,
      };
    }),
  });

  return router;
}
