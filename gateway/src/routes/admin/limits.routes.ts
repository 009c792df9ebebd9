// Limits as policy for administrators (issue 49 §1, docs/payments.md "Limit policies"), on the admin
// surface only: the policies (programme, tier, user and card; per window an amount and/or a count, and
// whether reversals free their share) and a user's tier, through the payment service, which records each
// change with its event and tells every replica (the next load applies it). The admin check and the
// audit line come from adminActions; refusals are the admin API's `{"error"}`.
import type { payment } from '@gatehouse/proto';
import type Router from '@koa/router';
import type Koa from 'koa';
import { z } from 'zod';
import { apiRouter, bodyOf, bodyReader, HttpError, queryOf, route } from '../kit';
import { adminActions } from './action';
import type { AdminPaymentRoutesDeps } from './payments.routes';

/** payment's policies/policy.ts WINDOWS and SCOPES, spelled as the admin API takes them. */
export const LIMIT_WINDOWS = ['1 day', '7 days', '30 days', '365 days', 'lifetime'] as const;
export const LIMIT_SCOPES = ['programme', 'tier', 'user', 'card'] as const;
const TIER = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'a tier: lower-case letters, digits, _ and -');
const USER_ID = /^[A-Za-z0-9_.:@-]{1,256}$/;
const SUBJECT: Record<(typeof LIMIT_SCOPES)[number], { test: (s: string) => boolean; words: string }> = {
  programme: { test: (s) => s === '', words: 'the programme has no subject' },
  tier: {
    test: (s) => TIER.safeParse(s).success,
    words: "subject is the tier's name (lower-case letters, digits, _ -)",
  },
  user: { test: (s) => USER_ID.test(s), words: "subject is the user's id" },
  card: { test: (s) => /^[1-9]\d{0,15}$/.test(s), words: "subject is the card's id" },
};

const amount = (what: string) =>
  z
    .number()
    .int(`${what} is a whole number`)
    .positive(`${what} is positive`)
    .max(Number.MAX_SAFE_INTEGER)
    .nullable()
    .optional();

export const LIMIT_POLICY_BODY = z
  .strictObject({
    subject: z.string().max(256).optional(),
    max_cents: amount('max_cents').meta({ description: 'cents over the window; null or absent: no amount limit' }),
    max_count: amount('max_count').meta({ description: 'loads over the window; null or absent: no count limit' }),
    reversals_free: z.boolean().default(false).meta({
      description: 'voided and refunded amounts, and loads reversed in full, stop counting towards this policy',
    }),
  })
  .refine((b) => b.max_cents != null || b.max_count != null, 'max_cents or max_count is required');

export const LIMIT_POLICIES_QUERY = z.object({
  scope: z.enum(LIMIT_SCOPES).optional(),
  subject: z.string().max(256).optional(),
});
export const LIMIT_POLICY_DELETE_QUERY = z.object({ subject: z.string().max(256).optional() });
export const LIMIT_TIER_BODY = z.strictObject({ tier: TIER });

export const LimitPolicyJson = z.strictObject({
  scope: z.enum(LIMIT_SCOPES),
  subject: z.string(),
  window: z.enum(LIMIT_WINDOWS),
  max_cents: z.number().int().nullable(),
  max_count: z.number().int().nullable(),
  reversals_free: z.boolean(),
  updated_at: z.string(),
  updated_by: z.string(),
});
export const LimitTierJson = z.strictObject({
  user_id: z.string(),
  tier: z.string().nullable(),
  updated_at: z.string().nullable(),
});

const jsonBody = bodyReader('json', {
  limit: '4kb',
  methods: ['PUT'],
  typeRequired: 'the body must be application/json',
});

const maximum = (v: string | number) => (Number(v) > 0 ? Number(v) : null);

export const policyJson = (p: payment.LimitPolicy__Output): z.infer<typeof LimitPolicyJson> => ({
  scope: p.scope as (typeof LIMIT_SCOPES)[number],
  subject: p.subject,
  window: p.window as (typeof LIMIT_WINDOWS)[number],
  max_cents: maximum(p.maxCents),
  max_count: maximum(p.maxCount),
  reversals_free: p.reversalsFree,
  updated_at: p.updatedAt,
  updated_by: p.updatedBy,
});

const tierJson = (t: payment.LimitTier__Output): z.infer<typeof LimitTierJson> => ({
  user_id: t.ownerId,
  tier: t.tier || null,
  updated_at: t.updatedAt || null,
});

/** The policy's key from the path (`/limit-policies/tier/7%20days`) and the subject given with it. */
function policyKey(ctx: Koa.Context, subject = '') {
  const params = ctx.params as { scope?: string; window?: string };
  const scope = LIMIT_SCOPES.find((s) => s === params.scope);
  const window = LIMIT_WINDOWS.find((w) => w === params.window);
  if (!scope) throw new HttpError(404, `no such scope: one of ${LIMIT_SCOPES.join(', ')}`);
  if (!window) throw new HttpError(404, `no such window: one of ${LIMIT_WINDOWS.join(', ')}`);
  if (!SUBJECT[scope].test(subject)) throw new HttpError(400, SUBJECT[scope].words);
  return { scope, window, subject };
}

function userParam(ctx: Koa.Context): string {
  const id = (ctx.params as { id?: string }).id ?? '';
  if (!USER_ID.test(id)) throw new HttpError(404, 'user not found');
  return id;
}

export function adminLimitRoutes(deps: AdminPaymentRoutesDeps): Router {
  const router = apiRouter({ prefix: '/admin/v1', noStore: true });
  const act = adminActions(deps);

  route(router, '/limit-policies', {
    GET: act('list limit policies', async (ctx) => {
      const { scope = '', subject = '' } = queryOf(ctx, LIMIT_POLICIES_QUERY);
      const { policies } = await deps.payment.listLimitPolicies({ scope, subject });
      ctx.body = { policies: policies.map(policyJson) };
    }),
  });

  route(router, '/limit-policies/:scope/:window', {
    PUT: act('set limit policy', async (ctx, actor) => {
      await jsonBody(ctx);
      const body = bodyOf(ctx, LIMIT_POLICY_BODY);
      const key = policyKey(ctx, body.subject);
      const policy = await deps.payment.putLimitPolicy({
        admin: actor.id,
        policy: {
          ...key,
          maxCents: body.max_cents ?? -1,
          maxCount: body.max_count ?? -1,
          reversalsFree: body.reversals_free,
        },
      });
      ctx.body = policyJson(policy);
    }),
    DELETE: act('delete limit policy', async (ctx, actor) => {
      const { subject } = queryOf(ctx, LIMIT_POLICY_DELETE_QUERY);
      await deps.payment.deleteLimitPolicy({ admin: actor.id, ...policyKey(ctx, subject) });
      ctx.status = 204;
    }),
  });

  route(router, '/users/:id/limit-tier', {
    GET: act('read limit tier', async (ctx) => {
      ctx.body = tierJson(await deps.payment.getLimitTier({ ownerId: userParam(ctx) }));
    }),
    PUT: act('set limit tier', async (ctx, actor) => {
      const ownerId = userParam(ctx);
      await jsonBody(ctx);
      const { tier } = bodyOf(ctx, LIMIT_TIER_BODY);
      ctx.body = tierJson(await deps.payment.setLimitTier({ admin: actor.id, ownerId, tier }));
    }),
    DELETE: act('remove limit tier', async (ctx, actor) => {
      await deps.payment.setLimitTier({ admin: actor.id, ownerId: userParam(ctx), tier: '' });
      ctx.status = 204;
    }),
  });

  return router;
}
