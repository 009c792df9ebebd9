// Velocity rules for administrators (issue 49 §2), on the admin surface only: the rules (list, create,
// read, replace, delete) and the loads a `review` rule flagged (list, resolve). Each is an audited admin
// action (adminActions, naming the rule or review as its target); the payment service checks the rule
// again, writes the change with its event and tells every replica. Refusals are the admin API's
// `{"error"}`: a rule of the file or a review already resolved is 409.
import { describeCallError } from '@gatehouse/grpc-kit';
import type { payment } from '@gatehouse/proto';
import type Router from '@koa/router';
import { z } from 'zod';
import { apiRouter, bodyOf, bodyReader, HttpError, queryOf, route } from '../kit';
import { adminActions } from './action';
import type { AdminPaymentRoutesDeps } from './payments.routes';

const NAME = /^[a-z0-9][a-z0-9_.:-]{0,63}$/;
const WINDOW = /^(\d+(s|m|h|d))+$/;

const fields = {
  subject: z.enum(['card', 'owner', 'address']).meta({ description: 'Whose activity is counted' }),
  counts: z.enum(['declines', 'loads', 'distinct_cards', 'amount_cents']).meta({
    description:
      'What is counted over the window: processor declines, load attempts (all but refused ones), distinct cards (per owner or address), or the amount of loads that may have moved money, in cents',
  }),
  threshold: z
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .meta({ description: 'The most the window may hold: the load that would take it past this fires the rule' }),
  window: z
    .string()
    .regex(WINDOW, 'a duration such as 10m, 1h or 7d')
    .meta({ description: 'The trailing window: 90s, 10m, 1h, 7d (1s to 30d)' }),
  action: z.enum(['block', 'review']).meta({
    description: 'block: the load is refused with code velocity (400); review: it is taken and flagged for an admin',
  }),
  mode: z
    .enum(['enforce', 'dry_run'])
    .optional()
    .meta({ description: 'dry_run: only the event and the metric, no effect on the load (default enforce)' }),
};

export const VELOCITY_RULE_BODY = z.strictObject({
  name: z.string().regex(NAME, 'lower-case letters, digits and _ . : - (at most 64)'),
  ...fields,
});
export const VELOCITY_RULE_PUT_BODY = z.strictObject({ name: z.string().optional(), ...fields });
export const VELOCITY_REVIEWS_QUERY = z.strictObject({
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0).meta({
    description: 'The last id of the previous page (its `next`); 0 from the first',
  }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  status: z.enum(['open', 'all']).default('open').meta({ description: 'open (unresolved) reviews, or all' }),
});
export const VELOCITY_RESOLVE_BODY = z.strictObject({
  outcome: z.enum(['cleared', 'confirmed']).meta({
    description: 'cleared: the load was fine; confirmed: the rule was right (act on the card or owner as needed)',
  }),
  reason: z.string().max(1000).default(''),
});

const jsonBody = bodyReader('json', {
  limit: '4kb',
  methods: ['POST', 'PUT'],
  typeRequired: 'the body must be application/json',
});

/** The rule as the admin API answers it (docs/payments.md "Velocity rules"). */
export const ruleJson = (r: payment.VelocityRule__Output) => ({
  name: r.name,
  subject: r.subject,
  counts: r.counts,
  threshold: Number(r.threshold),
  window: r.window,
  window_seconds: Number(r.windowSeconds),
  action: r.action,
  mode: r.mode,
  source: r.source,
  updated_at: r.updatedAt,
  updated_by: r.updatedBy,
});

export const reviewJson = (r: payment.VelocityReview__Output) => ({
  id: Number(r.id),
  load_id: Number(r.loadId),
  rule: r.rule,
  card_id: Number(r.cardId),
  owner_id: r.ownerId,
  client_address: r.clientAddress || null,
  amount_cents: Number(r.amountCents),
  load_status: r.loadStatus,
  message: r.message,
  created_at: r.createdAt,
  outcome: r.outcome || null,
  reason: r.reason || null,
  resolved_by: r.resolvedBy || null,
  resolved_at: r.resolvedAt || null,
});

/** The payment service's conflicts with a rule's or a review's state are the admin API's 409. */
async function conflictsAs409<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    const failure = describeCallError(err);
    if (failure.code === 'VELOCITY_RULE_READ_ONLY' || failure.code === 'VELOCITY_REVIEW_RESOLVED')
      throw new HttpError(409, failure.message);
    throw err;
  }
}

function ruleName(params: unknown): string {
  const name = (params as { id?: string }).id ?? '';
  if (!NAME.test(name)) throw new HttpError(404, `no velocity rule named "${name}"`);
  return name;
}

export function adminVelocityRoutes(deps: AdminPaymentRoutesDeps): Router {
  const router = apiRouter({ prefix: '/admin/v1', noStore: true });
  const act = adminActions(deps);
  const spec = (name: string, body: z.infer<typeof VELOCITY_RULE_PUT_BODY>) => ({
    name,
    subject: body.subject,
    counts: body.counts,
    threshold: body.threshold,
    window: body.window,
    action: body.action,
    mode: body.mode ?? '',
  });

  route(router, '/velocity-rules', {
    GET: act('list velocity rules', async (ctx) => {
      const { rules } = await deps.payment.listVelocityRules({});
      ctx.body = { rules: rules.map(ruleJson) };
    }),
    POST: act('create velocity rule', async (ctx, actor) => {
      await jsonBody(ctx);
      const body = bodyOf(ctx, VELOCITY_RULE_BODY);
      const rule = await deps.payment.createVelocityRule({ admin: actor.id, rule: spec(body.name, body) });
      ctx.status = 201;
      ctx.body = ruleJson(rule);
    }),
  });

  // `:id` is the rule's name: adminActions names it as the action's target in the audit line.
  route(router, '/velocity-rules/:id', {
    GET: act('read velocity rule', async (ctx) => {
      ctx.body = ruleJson(await deps.payment.getVelocityRule({ name: ruleName(ctx.params) }));
    }),
    PUT: act('replace velocity rule', async (ctx, actor) => {
      const name = ruleName(ctx.params);
      await jsonBody(ctx);
      const body = bodyOf(ctx, VELOCITY_RULE_PUT_BODY);
      if (body.name !== undefined && body.name !== name)
        throw new HttpError(400, `name: the body names "${body.name}", the path "${name}"`);
      ctx.body = ruleJson(
        await conflictsAs409(deps.payment.updateVelocityRule({ admin: actor.id, rule: spec(name, body) })),
      );
    }),
    DELETE: act('delete velocity rule', async (ctx, actor) => {
      await conflictsAs409(deps.payment.deleteVelocityRule({ admin: actor.id, name: ruleName(ctx.params) }));
      ctx.status = 204;
    }),
  });

  route(router, '/velocity/reviews', {
    GET: act('list velocity reviews', async (ctx) => {
      const q = queryOf(ctx, VELOCITY_REVIEWS_QUERY);
      const { reviews } = await deps.payment.listVelocityReviews({
        after: q.after,
        limit: q.limit,
        all: q.status === 'all',
      });
      const page = reviews.map(reviewJson);
      ctx.body = { reviews: page, next: page.length === q.limit ? page[page.length - 1]!.id : null };
    }),
  });

  route(router, '/velocity/reviews/:id/resolve', {
    POST: act('resolve velocity review', async (ctx, actor) => {
      const id = Number((ctx.params as { id?: string }).id);
      if (!/^[1-9]\d{0,15}$/.test((ctx.params as { id?: string }).id ?? ''))
        throw new HttpError(404, 'review not found');
      await jsonBody(ctx);
      const body = bodyOf(ctx, VELOCITY_RESOLVE_BODY);
      const review = await conflictsAs409(
        deps.payment.resolveVelocityReview({ admin: actor.id, id, outcome: body.outcome, reason: body.reason }),
      );
      ctx.body = reviewJson(review);
    }),
  });

  return router;
}
