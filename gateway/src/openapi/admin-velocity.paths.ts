import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import {
  VELOCITY_RESOLVE_BODY,
  VELOCITY_REVIEWS_QUERY,
  VELOCITY_RULE_BODY,
  VELOCITY_RULE_PUT_BODY,
} from '../routes/admin/velocity.routes';
import { AuthError, json, NO_STORE } from './common';

/**
 * Issue 49 §2 on the admin API: velocity rules and the loads they flagged (routes/admin/velocity.routes.ts);
 * docs/payments.md "Velocity rules".
 */

const error = (description: string) => ({ description, content: json(AuthError) });

const Rule = z
  .strictObject({
    name: z.string(),
    subject: z.enum(['card', 'owner', 'address']),
    counts: z.enum(['declines', 'loads', 'distinct_cards', 'amount_cents']),
    threshold: z.number().int().min(0),
    window: z.string().meta({ description: 'The window as a duration: 90s, 10m, 1h, 7d' }),
    window_seconds: z.number().int().min(1),
    action: z.enum(['block', 'review']),
    mode: z.enum(['enforce', 'dry_run']),
    source: z.enum(['file', 'admin']).meta({
      description: 'file: from PAYMENT_VELOCITY_RULES_FILE, read-only here; admin: made on this API',
    }),
    updated_at: z.iso.datetime(),
    updated_by: z
      .string()
      .meta({ description: 'The admin who last changed it (PAYMENT_VELOCITY_RULES_FILE for a file rule)' }),
  })
  .meta({ id: 'VelocityRule' });

const Review = z
  .strictObject({
    id: z.number().int(),
    load_id: z.number().int(),
    rule: z.string(),
    card_id: z.number().int(),
    owner_id: z.string(),
    client_address: z.string().nullable(),
    amount_cents: z.number().int(),
    load_status: z.string().meta({ description: "The load's status now: pending, succeeded, failed, unknown" }),
    message: z.string().meta({ description: 'The words of the rule when it fired' }),
    created_at: z.iso.datetime(),
    outcome: z.enum(['cleared', 'confirmed']).nullable().meta({ description: 'null while open' }),
    reason: z.string().nullable(),
    resolved_by: z.string().nullable(),
    resolved_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'VelocityReview' });

const name = z.object({ name: z.string().meta({ description: "The rule's name" }) });
const reviewId = z.object({ id: z.string().meta({ description: "The review's id" }) });

export function registerAdminVelocityPaths(
  registry: OpenAPIRegistry,
  base: Pick<RouteConfig, 'tags' | 'security'>,
  refusals: RouteConfig['responses'],
): void {
  const headers = z.object({ 'Cache-Control': NO_STORE });
  const invalid = error('A rule that does not hold: the field and the problem');
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/velocity-rules',
    summary: 'Every velocity rule, file and admin ones, by name',
    responses: {
      200: { description: 'The rules', headers, content: json(z.strictObject({ rules: z.array(Rule) })) },
      ...refusals,
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/velocity-rules',
    summary: "Creates a velocity rule; every replica's next load counts it",
    request: { body: { content: json(VELOCITY_RULE_BODY) } },
    responses: {
      201: { description: 'Created', headers, content: json(Rule) },
      ...refusals,
      400: invalid,
      409: error('A rule of that name exists'),
      415: error('The body is not JSON'),
    },
  });
  const notFound = error('No rule of that name');
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/velocity-rules/{name}',
    summary: 'One velocity rule',
    request: { params: name },
    responses: { 200: { description: 'The rule', headers, content: json(Rule) }, ...refusals, 404: notFound },
  });
  registry.registerPath({
    ...base,
    method: 'put',
    path: '/admin/v1/velocity-rules/{name}',
    summary: 'Replaces an admin velocity rule (the body is the whole rule; its name, if given, is the path’s)',
    request: { params: name, body: { content: json(VELOCITY_RULE_PUT_BODY) } },
    responses: {
      200: { description: 'The rule now', headers, content: json(Rule) },
      ...refusals,
      400: invalid,
      404: notFound,
      409: error('A rule of PAYMENT_VELOCITY_RULES_FILE: change the file'),
      415: error('The body is not JSON'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'delete',
    path: '/admin/v1/velocity-rules/{name}',
    summary: 'Deletes an admin velocity rule',
    request: { params: name },
    responses: {
      204: { description: 'Deleted', headers },
      ...refusals,
      404: notFound,
      409: error('A rule of PAYMENT_VELOCITY_RULES_FILE: change the file'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/velocity/reviews',
    summary: 'Loads a review rule accepted and flagged, oldest first, in keyset pages',
    request: { query: VELOCITY_REVIEWS_QUERY },
    responses: {
      200: {
        description: 'A page; `next` is the `after` of the next page (null on the last)',
        headers,
        content: json(z.strictObject({ reviews: z.array(Review), next: z.number().int().nullable() })),
      },
      ...refusals,
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/velocity/reviews/{id}/resolve',
    summary: 'Resolves a flagged load: cleared (fine) or confirmed (the rule was right), with a reason',
    request: { params: reviewId, body: { content: json(VELOCITY_RESOLVE_BODY) } },
    responses: {
      200: { description: 'The review, resolved', headers, content: json(Review) },
      ...refusals,
      404: error('No such review'),
      409: error('Already resolved'),
      415: error('The body is not JSON'),
    },
  });
}
