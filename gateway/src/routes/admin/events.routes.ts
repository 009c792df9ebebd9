// The audit trail and the webhooks (docs/events.md), for administrators, on the admin surface only.
// Every input is checked here before auth.v1.EventsService hears of it (the service checks again);
// the admin check and the audit line come from adminActions. A webhook's secret is answered by its
// creation and its rotation only, and never logged.
import { patternProblem } from '@gatehouse/events';
import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import type Router from '@koa/router';
import type Koa from 'koa';
import { z } from 'zod';
import { deliveryJson, eventJson, webhookJson } from '../auth/events.json';
import { apiRouter, bodyOf, bodyReader, HttpError, queryOf, route } from '../kit';
import { adminActions } from './action';
import type { AdminCallerDeps } from './caller';

export interface AdminEventsRoutesDeps extends AdminCallerDeps {
  events: PromiseClient<auth.EventsServiceClient>;
  log: Logger;
}

/** A subscription or a query's type: a type, a prefix (`login.*`) or `*`, and only names that exist. */
export const EVENT_PATTERN = z
  .string()
  .max(100)
  .superRefine((value, ctx) => {
    const problem = patternProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const bound = z.union([z.literal(''), z.iso.datetime({ offset: true })]);

export const EVENTS_QUERY = z.object({
  type: z.union([z.literal(''), EVENT_PATTERN]).default(''),
  user: z.string().max(200).default(''),
  actor: z.string().max(200).default(''),
  from: bound.default('').meta({ description: 'RFC 3339, inclusive' }),
  to: bound.default('').meta({ description: 'RFC 3339, exclusive' }),
  request_id: z
    .union([z.literal(''), z.string().regex(/^[0-9A-Za-z_-]{1,128}$/, 'a request id: letters, digits, _ and -')])
    .default(''),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(512).default(''),
  after: z.string().max(64).default('').meta({
    description:
      'Only events newer than this event id and at least 2 s old (so none that commits late is skipped), oldest first (a live view); `next` is then the `after` of the following page. Not with `cursor`',
  }),
});

export const DELIVERIES_QUERY = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

const WEBHOOK_URL = z
  .url({ protocol: /^https?$/, error: 'an http(s) URL' })
  .max(2048)
  .meta({ description: 'Where deliveries are POSTed; private and loopback targets are refused' });
const EVENT_TYPES = z
  .array(EVENT_PATTERN)
  .min(1, 'at least one (a type, a prefix such as load.*, or *)')
  .max(50)
  .meta({ description: 'Types (load.succeeded), prefixes (load.*) or * for all' });
const DESCRIPTION = z.string().max(500);
const noCredentials = (url: string | undefined) => url === undefined || !/^https?:\/\/[^/]*@/i.test(url);
const NO_CREDENTIALS = { message: 'no user or password in it', path: ['url'] };

export const CREATE_WEBHOOK_BODY = z
  .strictObject({ url: WEBHOOK_URL, event_types: EVENT_TYPES, description: DESCRIPTION.default('') })
  .refine((b) => noCredentials(b.url), NO_CREDENTIALS);

/** An edit: any of create's fields, checked as create checks them; what is absent is kept. */
export const UPDATE_WEBHOOK_BODY = z
  .strictObject({
    url: WEBHOOK_URL.optional(),
    event_types: EVENT_TYPES.optional(),
    description: DESCRIPTION.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'at least one of url, event_types, description' })
  .refine((b) => noCredentials(b.url), NO_CREDENTIALS);

export const DISABLE_WEBHOOK_BODY = z.strictObject({
  reason: z.string().max(500).default('').meta({ description: 'Shown as disabled_reason; at most 500 characters' }),
});

const jsonBody = bodyReader('json', {
  limit: '8kb',
  methods: ['POST', 'PATCH'],
  typeRequired: 'the body must be application/json',
});
/** A body that may be left out (disable's reason): read when it is JSON, none is `{}`. */
const optionalJsonBody = bodyReader('json', { limit: '2kb' });

/** Webhook ids are `wh_` and a ULID; anything else is no webhook. */
const WEBHOOK_ID = /^wh_[0-9A-Z]{26}$/;

function webhookId(ctx: Koa.Context): string {
  const id = (ctx.params as Record<string, string>).id ?? '';
  if (!WEBHOOK_ID.test(id)) throw new HttpError(400, 'webhook id is malformed');
  return id;
}

function deliveryId(ctx: Koa.Context): string {
  const id = (ctx.params as Record<string, string>).delivery ?? '';
  if (!/^[1-9][0-9]{0,17}$/.test(id)) throw new HttpError(400, 'delivery id is malformed');
  return id;
}

/** /admin/v1/events and /admin/v1/webhooks (docs/events.md), on the admin listener only. */
export function adminEventsRoutes(deps: AdminEventsRoutesDeps): Router {
  const router = apiRouter({ prefix: '/admin/v1', noStore: true });
  const act = adminActions(deps);

  route(router, '/events', {
    GET: act('query events', async (ctx) => {
      const { request_id: requestId, ...q } = queryOf(ctx, EVENTS_QUERY);
      const res = await deps.events.queryEvents({ ...q, requestId });
      ctx.body = { events: res.events.map(eventJson), next: res.nextCursor || null };
    }),
  });

  route(router, '/webhooks', {
    POST: act('create webhook', async (ctx, actor) => {
      await jsonBody(ctx);
      const body = bodyOf(ctx, CREATE_WEBHOOK_BODY);
      const res = await deps.events.createWebhook({
        url: body.url,
        eventTypes: body.event_types,
        description: body.description,
        actor,
      });
      if (!res.webhook) throw new Error('CreateWebhook answered no webhook');
      ctx.status = 201;
      ctx.set('Location', `/admin/v1/webhooks/${res.webhook.id}`);
      ctx.body = { ...webhookJson(res.webhook), secret: res.secret };
    }),
    GET: act('list webhooks', async (ctx) => {
      const res = await deps.events.listWebhooks({});
      ctx.body = { webhooks: res.webhooks.map(webhookJson) };
    }),
  });

  route(router, '/webhooks/:id', {
    GET: act('get webhook', async (ctx) => {
      const id = webhookId(ctx);
      // The endpoints are few (an operator's list), so one is found in the list rather than by an RPC more.
      const found = (await deps.events.listWebhooks({})).webhooks.find((w) => w.id === id);
      if (!found) throw new HttpError(404, 'no webhook has this id');
      ctx.body = webhookJson(found);
    }),
    PATCH: act('update webhook', async (ctx, actor) => {
      const id = webhookId(ctx);
      await jsonBody(ctx);
      const body = bodyOf(ctx, UPDATE_WEBHOOK_BODY);
      const fields = Object.keys(body);
      ctx.body = webhookJson(
        await deps.events.updateWebhook({
          id,
          actor,
          fields,
          url: body.url ?? '',
          eventTypes: body.event_types ?? [],
          description: body.description ?? '',
        }),
      );
    }),
    DELETE: act('delete webhook', async (ctx, actor) => {
      await deps.events.deleteWebhook({ id: webhookId(ctx), actor });
      ctx.status = 204;
    }),
  });

  route(router, '/webhooks/:id/disable', {
    POST: act('disable webhook', async (ctx, actor) => {
      const id = webhookId(ctx);
      await optionalJsonBody(ctx);
      // No body disables with the default reason, as enable takes none.
      if (ctx.request.body === undefined) ctx.request.body = {};
      const { reason } = bodyOf(ctx, DISABLE_WEBHOOK_BODY);
      ctx.body = webhookJson(await deps.events.disableWebhook({ id, actor, reason }));
    }),
  });

  route(router, '/webhooks/:id/enable', {
    POST: act('enable webhook', async (ctx, actor) => {
      ctx.body = webhookJson(await deps.events.enableWebhook({ id: webhookId(ctx), actor }));
    }),
  });

  route(router, '/webhooks/:id/rotate-secret', {
    POST: act('rotate webhook secret', async (ctx, actor) => {
      const res = await deps.events.rotateWebhookSecret({ id: webhookId(ctx), actor });
      ctx.body = { secret: res.secret };
    }),
  });

  route(router, '/webhooks/:id/deliveries', {
    GET: act('list webhook deliveries', async (ctx) => {
      const { limit } = queryOf(ctx, DELIVERIES_QUERY);
      const res = await deps.events.listDeliveries({ webhookId: webhookId(ctx), limit });
      ctx.body = { deliveries: res.deliveries.map(deliveryJson) };
    }),
  });

  route(router, '/webhooks/:id/deliveries/:delivery/retry', {
    POST: act('retry webhook delivery', async (ctx, actor) => {
      await deps.events.retryDelivery({ webhookId: webhookId(ctx), deliveryId: deliveryId(ctx), actor });
      ctx.status = 204;
    }),
  });

  return router;
}
