import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import {
  LIMIT_POLICIES_QUERY,
  LIMIT_POLICY_BODY,
  LIMIT_POLICY_DELETE_QUERY,
  LIMIT_SCOPES,
  LIMIT_TIER_BODY,
  LIMIT_WINDOWS,
  LimitPolicyJson,
  LimitTierJson,
} from '../routes/admin/limits.routes';
import { AuthError, json, NO_STORE } from './common';

/**
 * Issue 49 §1 on the admin API: limit policies and users' tiers (routes/admin/limits.routes.ts);
 * docs/payments.md "Limit policies".
 */

const error = (description: string) => ({ description, content: json(AuthError) });
const Policy = LimitPolicyJson.meta({ id: 'LimitPolicy' });
const Tier = LimitTierJson.meta({ id: 'LimitTier' });

const policyKey = z.object({
  scope: z.enum(LIMIT_SCOPES).meta({ description: 'programme, tier, user or card' }),
  window: z.enum(LIMIT_WINDOWS).meta({ description: 'The window, URL-encoded: 1%20day, 7%20days, ..., lifetime' }),
});
const userId = z.object({ id: z.string().meta({ description: "The user's id" }) });

export function registerAdminLimitPaths(
  registry: OpenAPIRegistry,
  base: Pick<RouteConfig, 'tags' | 'security'>,
  refusals: RouteConfig['responses'],
): void {
  const headers = z.object({ 'Cache-Control': NO_STORE });
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/limit-policies',
    summary: 'Every limit policy (programme, tiers, users, cards), or those of one scope and subject',
    request: { query: LIMIT_POLICIES_QUERY },
    responses: {
      200: { description: 'The policies', headers, content: json(z.strictObject({ policies: z.array(Policy) })) },
      ...refusals,
      400: error('A scope that is none'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'put',
    path: '/admin/v1/limit-policies/{scope}/{window}',
    summary:
      "Sets one policy (the subject in the body: a tier's name, a user's id, a card's id; none for the programme); the next load applies it",
    request: { params: policyKey, body: { content: json(LIMIT_POLICY_BODY) } },
    responses: {
      200: { description: 'The policy as set', headers, content: json(Policy) },
      ...refusals,
      400: error('No maximum, one not a positive whole number, or a subject that does not fit the scope'),
      404: error('A scope or window that is none, or a card policy for a card that is none'),
      415: error('The body is not JSON'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'delete',
    path: '/admin/v1/limit-policies/{scope}/{window}',
    summary: 'Removes one policy (the subject as ?subject=); the next load no longer applies it',
    request: { params: policyKey, query: LIMIT_POLICY_DELETE_QUERY },
    responses: {
      204: { description: 'Removed' },
      ...refusals,
      400: error('A subject that does not fit the scope'),
      404: error('No such policy'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/users/{id}/limit-tier',
    summary: "A user's limit tier (null: the programme default)",
    request: { params: userId },
    responses: { 200: { description: 'The tier', headers, content: json(Tier) }, ...refusals },
  });
  registry.registerPath({
    ...base,
    method: 'put',
    path: '/admin/v1/users/{id}/limit-tier',
    summary: "Sets a user's limit tier: its policies apply in place of the programme's, per window",
    request: { params: userId, body: { content: json(LIMIT_TIER_BODY) } },
    responses: {
      200: { description: 'The tier as set', headers, content: json(Tier) },
      ...refusals,
      400: error('A tier name that is none'),
      415: error('The body is not JSON'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'delete',
    path: '/admin/v1/users/{id}/limit-tier',
    summary: 'Puts a user back on the programme default',
    request: { params: userId },
    responses: { 204: { description: 'Done (also when the user had no tier)' }, ...refusals },
  });
}
