import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import { ADMIN_CARD_QUERY, ADMIN_CARDS_QUERY, ADMIN_DISPUTES_QUERY } from '../routes/admin/money.routes';
import { AuthError, json, NO_STORE } from './common';
import { CARD_FIELDS, Load, Money } from './payment.paths';
import { Dispute } from './reversals.paths';

/**
 * Issue 48 on the admin API: the console's overview in one call (routes/admin/overview.routes.ts) and its
 * money views (routes/admin/money.routes.ts); docs/accounts.md "Overview".
 */

const error = (description: string) => ({ description, content: json(AuthError) });
const count = z.number().int().min(0);
const hourly = (description: string) =>
  z
    .array(z.number().int())
    .length(168)
    .meta({ description: `${description}, one per hour of \`hours\`` });
const hours = z.array(z.iso.datetime()).length(168).meta({
  description: 'The start of each of the last 168 hours (7 days), oldest first; the last is the current hour',
});

const Overview = z
  .strictObject({
    generated_at: z.iso.datetime(),
    users: z
      .strictObject({
        total: count,
        new_24h: count,
        new_7d: count,
        active_24h: count.meta({ description: 'Users with a login in the last 24 hours' }),
        active_7d: count,
        blocked: count,
      })
      .nullable(),
    sessions_live: count.nullable().meta({ description: 'Sessions not ended nor expired, every user' }),
    logins: z
      .strictObject({
        hours,
        by_provider: z.record(z.string(), hourly('Logins (login.succeeded) with the provider')),
        failures: hourly('Failed logins (login.failed, as the trail keeps them)'),
      })
      .nullable(),
    webhooks: z
      .strictObject({
        endpoints: count,
        disabled: count,
        deliveries_failing: count.meta({ description: 'Deliveries retrying after a failed attempt, or given up' }),
      })
      .nullable(),
    loads: z
      .strictObject({
        hours,
        succeeded: hourly('Loads that succeeded, by the hour they were made'),
        declined: hourly('Loads the processor declined'),
        failed: hourly('Loads that failed otherwise (nothing sent, an error)'),
        refused: hourly('Loads a limit refused before the processor'),
        unknown: hourly('Loads with no answer yet (reconciliation settles them)'),
        amount_cents: hourly('Cents loaded (succeeded loads)'),
      })
      .nullable(),
    disputes: z
      .strictObject({
        open: count,
        open_amount_cents: count.meta({ description: 'The disputed amounts of open disputes' }),
        held_cents: count.meta({ description: 'What open disputes hold on cards now' }),
        unmatched: count.meta({ description: 'Disputes whose transaction matches no load' }),
      })
      .nullable(),
    reconciliation: z
      .strictObject({
        date: z.string().nullable().meta({ description: 'The latest day reconciled (yyyy-mm-dd); null: none yet' }),
        status: z.enum(['running', 'matched', 'differs', 'failed']).nullable(),
        discrepancies: count,
      })
      .nullable(),
    unavailable: z
      .array(z.enum(['auth', 'payment']))
      .meta({ description: 'Services that did not answer: their parts are null' }),
  })
  .meta({ id: 'AdminOverview' });

const AdminCard = z
  .strictObject({
    ...CARD_FIELDS,
    owner_id: z.string().meta({ description: "The owner's user id" }),
    balance_cents: z.number().int().min(0),
    shortfall: Money.meta({ description: 'What lost disputes could not take from the card, in all' }),
    created_at: z.string().nullable().meta({ description: 'ISO 8601, UTC' }),
  })
  .meta({ id: 'AdminCard' });

const AdminDispute = Dispute.extend({
  card_id: z.number().int().nullable().meta({ description: 'null when the transaction matches no load' }),
}).meta({ id: 'AdminDispute' });

const next = (what: string) =>
  z
    .string()
    .nullable()
    .meta({ description: `The \`${what}\` of the following page; null on the last` });

export function registerAdminOverviewPaths(
  registry: OpenAPIRegistry,
  base: Pick<RouteConfig, 'tags' | 'security'>,
  refusals: RouteConfig['responses'],
): void {
  const headers = z.object({ 'Cache-Control': NO_STORE });
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/overview',
    summary: "The console's first screen in one call: users, logins, sessions, webhooks, loads, disputes",
    description:
      'Read from summaries kept as things happen (hourly counters, indexes), never a scan of the trail. A service that does not answer leaves its parts null and is named in `unavailable`.',
    responses: {
      200: { description: 'The figures', headers, content: json(Overview) },
      ...refusals,
      503: error('Neither the auth nor the payment service answered'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/cards',
    summary: "A user's cards, oldest first (keyset pages)",
    request: { query: ADMIN_CARDS_QUERY.partial({ limit: true, cursor: true }) },
    responses: {
      200: {
        description: 'The cards',
        headers,
        content: json(z.strictObject({ cards: z.array(AdminCard), next: next('cursor') })),
      },
      ...refusals,
      400: error('No owner, or a bad limit or cursor'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/cards/{id}',
    summary: 'Any card: balance, owner, disputes, and its loads newest first with their reversals (keyset pages)',
    request: { params: z.object({ id: z.string().meta({ example: '1' }) }), query: ADMIN_CARD_QUERY.partial() },
    responses: {
      200: {
        description: 'The card',
        headers,
        content: json(
          z.strictObject({
            card: AdminCard,
            disputes: z.array(Dispute).meta({ description: 'Newest first' }),
            loads: z.array(Load).meta({ description: 'Newest first' }),
            loads_next: next('loads_cursor'),
          }),
        ),
      },
      ...refusals,
      400: error('A malformed card id, or a bad limit or cursor'),
      404: error('No such card'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/disputes',
    summary: 'Disputes newest first: all, or only open ones (`status=open`), keyset pages',
    request: { query: ADMIN_DISPUTES_QUERY.partial() },
    responses: {
      200: {
        description: 'The disputes',
        headers,
        content: json(z.strictObject({ disputes: z.array(AdminDispute), next: next('cursor') })),
      },
      ...refusals,
      400: error('A bad status, limit or cursor'),
    },
  });
}
