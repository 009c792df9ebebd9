import { USER_ID } from '@gatehouse/contract';
import { patternProblem } from '@gatehouse/events';
import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import { eventsErrors } from '../events/errors';
import { type PgTrail, type TrailPage, USER_ACTIVITY_PREFIXES, webhookUrlProblem } from '../events/trail';
import type { PgWebhookStore, Webhook } from '../events/webhook-store';

/** What EventsService serves from; undefined without a database (every call: FAILED_PRECONDITION). */
export interface EventsApi {
  webhooks: PgWebhookStore;
  trail: PgTrail;
  /** WEBHOOK_ALLOW_PRIVATE: a literal private address may be registered. */
  allowPrivate: boolean;
}

const iso = (d: Date | null) => (d ? d.toISOString() : '');

const webhookInfo = (w: Webhook): auth.WebhookInfo => ({
  id: w.id,
  url: w.url,
  eventTypes: w.eventTypes,
  description: w.description,
  enabled: w.enabled,
  disabledReason: w.disabledReason ?? '',
  failingSince: iso(w.failingSince),
  createdAt: iso(w.createdAt),
});

const page = (p: TrailPage): auth.QueryEventsResponse => ({
  events: p.events.map((e) => ({
    id: e.id,
    time: iso(e.time),
    type: e.type,
    source: e.source,
    actorKind: e.actor.kind,
    actorId: e.actor.id ?? '',
    subjectUser: e.subjectUser ?? '',
    requestId: e.requestId ?? '',
    clientAddress: e.clientAddress ?? '',
    userAgent: e.userAgent ?? '',
    dataJson: JSON.stringify(e.data),
  })),
  nextCursor: p.nextCursor ?? '',
});

/** A subscription's problems, as CreateWebhook and UpdateWebhook check it. */
const eventTypesProblems = (types: string[]): (string | null)[] => [
  types.length === 0 ? 'event_types: at least one (a type, a prefix such as load.*, or *)' : null,
  types.length > 50 ? 'event_types: at most 50' : null,
  ...types.map((t) => (patternProblem(t) ? `event_types: ${patternProblem(t)}` : null)),
];

const descriptionProblem = (d: string) => (d.length > 500 ? 'description: at most 500 characters' : null);

const limitOf = (n: number) => {
  if (n < 0 || n > 200) throw eventsErrors.badInput('limit: 1 to 200');
  return n === 0 ? 50 : n;
};

/** gRPC adapter of auth.v1.EventsService: the admin's webhooks and trail, a user's own activity. */
export function eventsHandlers(api: EventsApi | undefined, log: Logger): auth.EventsServiceHandlers {
  const on = () => {
    if (!api) throw eventsErrors.disabled();
    return api;
  };
  /** The acting admin of a change: required, as the directory's admin calls require it. */
  const actorOf = (actor: auth.AdminActor__Output | null) => {
    if (!actor?.id) throw eventsErrors.badInput('the acting admin is required');
    return actor.id;
  };
  const ref = (id: string) => {
    if (!/^wh_[0-9A-Z]{26}$/.test(id)) throw eventsErrors.webhookNotFound();
    return id;
  };
  return {
    CreateWebhook: unaryHandler(log, async (req: auth.CreateWebhookRequest__Output) => {
      const { webhooks, allowPrivate } = on();
      const actor = actorOf(req.actor);
      const problems = [
        webhookUrlProblem(req.url, allowPrivate),
        ...eventTypesProblems(req.eventTypes),
        descriptionProblem(req.description),
      ].filter((p): p is string => p !== null);
      if (problems.length > 0) throw eventsErrors.badInput(problems.join('; '));
      const { webhook, secret } = await webhooks.create(
        { url: req.url, eventTypes: [...new Set(req.eventTypes)], description: req.description },
        actor,
      );
      return { webhook: webhookInfo(webhook), secret };
    }),
    ListWebhooks: unaryHandler(log, async () => ({ webhooks: (await on().webhooks.list()).map(webhookInfo) })),
    DeleteWebhook: unaryHandler(log, async (req: auth.WebhookRef__Output) => {
      if (!(await on().webhooks.delete(ref(req.id), actorOf(req.actor)))) throw eventsErrors.webhookNotFound();
      return {};
    }),
    EnableWebhook: unaryHandler(log, async (req: auth.WebhookRef__Output) => {
      const webhook = await on().webhooks.enable(ref(req.id), actorOf(req.actor));
      if (!webhook) throw eventsErrors.webhookNotFound();
      return webhookInfo(webhook);
    }),
    UpdateWebhook: unaryHandler(log, async (req: auth.UpdateWebhookRequest__Output) => {
      const { webhooks, allowPrivate } = on();
      const id = ref(req.id);
      const actor = actorOf(req.actor);
      const fields = new Set(req.fields);
      const unknown = [...fields].filter((f) => !['url', 'event_types', 'description'].includes(f));
      const problems = [
        fields.size === 0 ? 'fields: at least one of url, event_types, description' : null,
        unknown.length > 0 ? `fields: unknown ${unknown.join(', ')}` : null,
        fields.has('url') ? webhookUrlProblem(req.url, allowPrivate) : null,
        ...(fields.has('event_types') ? eventTypesProblems(req.eventTypes) : []),
        fields.has('description') ? descriptionProblem(req.description) : null,
      ].filter((p): p is string => p !== null);
      if (problems.length > 0) throw eventsErrors.badInput(problems.join('; '));
      const webhook = await webhooks.update(
        id,
        {
          url: fields.has('url') ? req.url : undefined,
          eventTypes: fields.has('event_types') ? [...new Set(req.eventTypes)] : undefined,
          description: fields.has('description') ? req.description : undefined,
        },
        actor,
      );
      if (!webhook) throw eventsErrors.webhookNotFound();
      return webhookInfo(webhook);
    }),
    DisableWebhook: unaryHandler(log, async (req: auth.DisableWebhookRequest__Output) => {
      const id = ref(req.id);
      const actor = actorOf(req.actor);
      const reason = req.reason.trim();
      if (reason.length > 500) throw eventsErrors.badInput('reason: at most 500 characters');
      const webhook = await on().webhooks.disable(id, reason || 'disabled by an admin', actor);
      if (!webhook) throw eventsErrors.webhookNotFound();
      return webhookInfo(webhook);
    }),
    RotateWebhookSecret: unaryHandler(log, async (req: auth.WebhookRef__Output) => {
      const secret = await on().webhooks.rotateSecret(ref(req.id), actorOf(req.actor));
      if (!secret) throw eventsErrors.webhookNotFound();
      return { secret };
    }),
    ListDeliveries: unaryHandler(log, async (req: auth.ListDeliveriesRequest__Output) => {
      const deliveries = await on().webhooks.deliveries(ref(req.webhookId), limitOf(req.limit));
      return {
        deliveries: deliveries.map((d) => ({
          id: d.id,
          eventId: d.eventId,
          eventType: d.eventType,
          status: d.status,
          nextAttemptAt: iso(d.nextAttemptAt),
          attempts: d.attempts.map((a) => ({
            at: iso(a.at),
            statusCode: a.statusCode ?? 0,
            error: a.error ?? '',
            durationMs: a.durationMs,
          })),
        })),
      };
    }),
    RetryDelivery: unaryHandler(log, async (req: auth.RetryDeliveryRequest__Output) => {
      const id = Number(req.deliveryId);
      if (!Number.isSafeInteger(id) || id <= 0) throw eventsErrors.deliveryNotFound();
      if (!(await on().webhooks.retry(ref(req.webhookId), id, actorOf(req.actor))))
        throw eventsErrors.deliveryNotFound();
      return {};
    }),
    QueryEvents: unaryHandler(log, async (req: auth.QueryEventsRequest__Output) =>
      page(
        await on().trail.query({
          type: req.type,
          user: req.user,
          actor: req.actor,
          from: req.from,
          to: req.to,
          requestId: req.requestId,
          limit: limitOf(req.limit),
          cursor: req.cursor,
          after: req.after,
        }),
      ),
    ),
    ListUserEvents: unaryHandler(log, async (req: auth.ListUserEventsRequest__Output) => {
      if (!USER_ID.test(req.user)) throw eventsErrors.badInput('user: a user id is required');
      return page(
        await on().trail.query(
          { limit: limitOf(req.limit), cursor: req.cursor },
          { user: req.user, prefixes: USER_ACTIVITY_PREFIXES },
        ),
      );
    }),
  };
}
