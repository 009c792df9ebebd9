import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import {
  CREATE_WEBHOOK_BODY,
  DELIVERIES_QUERY,
  DISABLE_WEBHOOK_BODY,
  EVENTS_QUERY,
  UPDATE_WEBHOOK_BODY,
} from '../routes/admin/events.routes';
import { AuthError, json, NO_STORE } from './common';

/** The admin API's trail and webhooks (routes/admin/events.routes.ts, docs/events.md). */

const time = (description: string) => z.iso.datetime({ offset: true }).meta({ description });
const error = (description: string) => ({ description, content: json(AuthError) });
const noStore = z.object({ 'Cache-Control': NO_STORE });

export const TrailEvent = z
  .strictObject({
    id: z.string().meta({ description: 'A ULID: sortable by time' }),
    time: time('When it happened'),
    type: z.string().meta({ description: 'login.succeeded, load.succeeded, ...' }),
    source: z.string().meta({ description: 'The workload (database role) that wrote it' }),
    actor: z.strictObject({
      kind: z.enum(['user', 'admin', 'workload', 'system', 'anonymous']),
      id: z.string().nullable(),
    }),
    subject_user: z.string().nullable().meta({ description: 'Whom it is about' }),
    request_id: z.string().nullable().meta({ description: 'The X-Request-Id the answer carried' }),
    client_address: z.string().nullable(),
    user_agent: z.string().nullable(),
    data: z.record(z.string(), z.unknown()).meta({ description: 'Ids and codes only, never a secret' }),
  })
  .meta({ id: 'Event' });

const Webhook = z
  .strictObject({
    id: z.string().meta({ description: 'wh_ and a ULID' }),
    url: z.string(),
    event_types: z.array(z.string()),
    description: z.string(),
    enabled: z.boolean(),
    disabled_reason: z
      .string()
      .nullable()
      .meta({ description: "Why it was disabled (410, 5 days of failures, or the admin's reason)" }),
    failing_since: time('Failing since; null when it is not').nullable(),
    created_at: time('Created at').nullable(),
  })
  .meta({ id: 'Webhook' });

const Delivery = z
  .strictObject({
    id: z.number().int(),
    event_id: z.string().meta({ description: 'The webhook-id header of every attempt' }),
    event_type: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    next_attempt_at: time('The next attempt, while pending').nullable(),
    attempts: z.array(
      z.strictObject({
        at: time('Sent at'),
        status_code: z.number().int().nullable().meta({ description: 'null when no answer came' }),
        error: z.string().nullable(),
        duration_ms: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'WebhookDelivery' });

const Secret = z.string().startsWith('whsec_').meta({ description: 'The signing secret, answered this once' });
const WebhookId = z.object({ id: z.string().meta({ description: 'A webhook id (wh_...)' }) });
const NOT_FOUND = { 404: error('No such webhook ("no webhook has this id")') };

export function registerAdminEventsPaths(
  registry: OpenAPIRegistry,
  base: Pick<RouteConfig, 'tags' | 'security'>,
  refusals: RouteConfig['responses'],
): void {
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/events',
    summary: 'The audit trail, newest first, keyset paging; `type` is a type or a prefix (login.*)',
    request: { query: EVENTS_QUERY.partial() },
    responses: {
      200: {
        description: 'One page; `next` is the cursor of the next one, null on the last',
        headers: noStore,
        content: json(z.strictObject({ events: z.array(TrailEvent), next: z.string().nullable() })),
      },
      ...refusals,
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/webhooks',
    summary: 'A new endpoint; its secret is answered here once and never again',
    request: { body: { content: json(CREATE_WEBHOOK_BODY) } },
    responses: {
      201: {
        description: 'Created',
        headers: noStore.extend({ Location: z.string() }),
        content: json(Webhook.extend({ secret: Secret })),
      },
      ...refusals,
      415: error('Not JSON'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/webhooks',
    summary: 'The endpoints (never their secrets)',
    responses: {
      200: {
        description: 'The endpoints',
        headers: noStore,
        content: json(z.strictObject({ webhooks: z.array(Webhook) })),
      },
      ...refusals,
    },
  });
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/webhooks/{id}',
    summary: 'One endpoint (never its secret)',
    request: { params: WebhookId },
    responses: {
      200: { description: 'The endpoint', headers: noStore, content: json(Webhook) },
      ...refusals,
      ...NOT_FOUND,
    },
  });
  registry.registerPath({
    ...base,
    method: 'patch',
    path: '/admin/v1/webhooks/{id}',
    summary:
      'Changes any of url, event_types, description (checked as on creation); events made from then on follow the new subscription',
    request: { params: WebhookId, body: { content: json(UPDATE_WEBHOOK_BODY) } },
    responses: {
      200: { description: 'The endpoint, changed', headers: noStore, content: json(Webhook) },
      ...refusals,
      ...NOT_FOUND,
      415: error('Not JSON'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/webhooks/{id}/disable',
    summary:
      'Turns the endpoint off, as a 410 does: nothing is delivered for events made meanwhile; its pending deliveries wait for enable',
    request: { params: WebhookId, body: { content: json(DISABLE_WEBHOOK_BODY), required: false } },
    responses: {
      200: { description: 'Disabled', headers: noStore, content: json(Webhook) },
      ...refusals,
      ...NOT_FOUND,
    },
  });
  registry.registerPath({
    ...base,
    method: 'delete',
    path: '/admin/v1/webhooks/{id}',
    summary: 'Removes the endpoint and its deliveries',
    request: { params: WebhookId },
    responses: { 204: { description: 'Removed', headers: noStore }, ...refusals, ...NOT_FOUND },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/webhooks/{id}/enable',
    summary: 'Turns a disabled endpoint on again; its stopped deliveries go at once',
    request: { params: WebhookId },
    responses: { 200: { description: 'Enabled', headers: noStore, content: json(Webhook) }, ...refusals, ...NOT_FOUND },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/webhooks/{id}/rotate-secret',
    summary: 'A new secret, answered once; the old one keeps signing beside it for 24 hours',
    request: { params: WebhookId },
    responses: {
      200: { description: 'The new secret', headers: noStore, content: json(z.strictObject({ secret: Secret })) },
      ...refusals,
      ...NOT_FOUND,
    },
  });
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/webhooks/{id}/deliveries',
    summary: 'The latest deliveries, each with its attempts (time, status, error)',
    request: { params: WebhookId, query: DELIVERIES_QUERY.partial() },
    responses: {
      200: {
        description: 'The deliveries',
        headers: noStore,
        content: json(z.strictObject({ deliveries: z.array(Delivery) })),
      },
      ...refusals,
      ...NOT_FOUND,
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/webhooks/{id}/deliveries/{delivery}/retry',
    summary: 'Sends the delivery again now, whatever its state (same webhook-id)',
    request: { params: WebhookId.extend({ delivery: z.string().meta({ description: 'A delivery id' }) }) },
    responses: {
      204: { description: 'Queued for now', headers: noStore },
      ...refusals,
      404: error('No such webhook or delivery'),
    },
  });
}
