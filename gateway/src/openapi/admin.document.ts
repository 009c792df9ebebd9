import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import { pageAssets } from '../routes/admin/page.routes';
import { UNMATCHED_QUERY } from '../routes/admin/payments.routes';
import { BLOCK_BODY, CREATE_USER_BODY, LIST_QUERY } from '../routes/admin/users.routes';
import { registerAdminClientsPaths } from './admin-clients.paths';
import { registerAdminEventsPaths } from './admin-events.paths';
import { registerAdminImportPaths } from './admin-import.paths';
import { registerAdminLimitPaths } from './admin-limits.paths';
import { registerAdminOrgsPaths } from './admin-orgs.paths';
import { registerAdminOverviewPaths } from './admin-overview.paths';
import { registerAdminDisputePaths, registerAdminReconciliationPaths } from './admin-reconciliation.paths';
import { registerAdminVelocityPaths } from './admin-velocity.paths';
import { AuthError, json, NO_STORE } from './common';
import { Dispute, reverseLoadOperation } from './reversals.paths';

/**
 * The admin API's OpenAPI 3.1 document (routes/admin/users.routes.ts), served on the admin listener at
 * /admin/v1/openapi.json. gateway/test/admin-api.test.ts checks real answers against it.
 */

const time = (description: string) => z.iso.datetime().meta({ description });

const UserSummary = z
  .strictObject({
    id: z.string().meta({ description: "The user's id: the id claim, their first identity's id" }),
    name: z.string(),
    email: z.string(),
    email_verified_by: z.string().meta({ description: 'The provider that verified the email; empty: unverified' }),
    status: z.enum(['active', 'blocked']),
    block_reason: z.string(),
    created_at: time('When the directory first knew the user').nullable(),
    last_login_at: time('The last login').nullable(),
  })
  .meta({ id: 'AdminUserSummary' });

const UserDetail = z
  .strictObject({
    user: UserSummary,
    identities: z.array(
      z.strictObject({
        id: z.string(),
        provider: z.string(),
        name: z.string(),
        email: z.string(),
        email_verified: z.boolean(),
        created_at: time('Linked at').nullable(),
        last_login_at: time('Last login with it').nullable(),
      }),
    ),
    passkeys: z.array(
      z.strictObject({
        id: z.string(),
        transports: z.array(z.string()),
        created_at: time('Registered at').nullable(),
        last_used_at: time('Last login with it').nullable(),
      }),
    ),
    totp_enabled: z.boolean(),
    has_password: z.boolean().meta({ description: 'A password account with a password set (never the hash)' }),
    sessions: z.array(
      z.strictObject({
        id: z.string(),
        provider: z.string(),
        created_at: time('The login').nullable(),
        last_seen_at: time('The last refresh').nullable(),
        user_agent: z.string(),
        ip: z.string(),
      }),
    ),
  })
  .meta({ id: 'AdminUser' });

const Ended = z.strictObject({ ended: z.number().int().min(0).meta({ description: 'Sessions ended' }) });

const error = (description: string) => ({ description, content: json(AuthError) });
const noStore = z.object({ 'Cache-Control': NO_STORE });
const UserId = z.object({ id: z.string().meta({ description: 'A user id' }) });
const REFUSALS = {
  400: error('A malformed id, query or body'),
  401: error('No caller: no workload token or admin session, a forged or expired one, or basic auth'),
  403: error(
    'A caller who may not administer users (another workload, a user neither in AUTH_ADMIN_USERS nor of role admin, no TOTP, a stale login)',
  ),
};
const NOT_FOUND = { 404: error('No such user ("user not found")') };

export function adminOpenApiDocument(): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'workloadToken', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A workload caller token for the audience `admin` (`pnpm -s internal-token admin`)',
  });
  registry.registerComponent('securitySchemes', 'jwtCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'JWT',
    description:
      'An admin user (AUTH_ADMIN_USERS, or role claim admin): session cookie with TOTP given at login, at most 15 minutes old',
  });
  registry.registerComponent('securitySchemes', 'xsrfHeader', { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' });
  const security: RouteConfig['security'] = [{ workloadToken: [] }, { jwtCookie: [], xsrfHeader: [] }];
  const base = { tags: ['admin'], security };
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/users',
    summary: 'Users by name or email prefix, or exact user or identity id; keyset paging',
    request: { query: LIST_QUERY.partial() },
    responses: {
      200: {
        description: 'One page; `next` is the cursor of the next one, null on the last',
        headers: noStore,
        content: json(z.strictObject({ users: z.array(UserSummary), next: z.string().nullable() })),
      },
      ...REFUSALS,
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/users',
    summary: 'Makes a user with a password account: with a password, or an invitation mailed to set one',
    request: { body: { content: json(CREATE_USER_BODY) } },
    responses: {
      201: {
        description: 'Made (`invited`: no password was given, a link to set one was mailed)',
        headers: noStore,
        content: json(z.strictObject({ user: UserSummary.nullable(), invited: z.boolean() })),
      },
      ...REFUSALS,
      400: error('A malformed body, or a password the policy refuses'),
      409: error('The address has an account ("identity in use")'),
      415: error('Not JSON'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/users/{id}/password-reset',
    summary: 'Forces a reset: the password stops working, every session ends, a reset link is mailed',
    request: { params: UserId },
    responses: {
      200: { description: 'Reset: the sessions ended', headers: noStore, content: json(Ended) },
      ...REFUSALS,
      400: error('A malformed id, or a user without a password account ("this account has no password")'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/users/{id}',
    summary: 'One user: identities, passkeys (metadata), TOTP on/off, live sessions',
    request: { params: UserId },
    responses: {
      200: { description: 'The user', headers: noStore, content: json(UserDetail) },
      ...REFUSALS,
      ...NOT_FOUND,
    },
  });
  registry.registerPath({
    ...base,
    method: 'delete',
    path: '/admin/v1/users/{id}',
    summary: 'Erases the user (identities, passkeys, TOTP, sessions, avatar); the ledger keeps its rows',
    request: { params: UserId },
    responses: {
      204: { description: 'Erased', headers: noStore },
      ...REFUSALS,
      ...NOT_FOUND,
      409: error('A card of theirs holds money ("user has funds")'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/users/{id}/block',
    summary: 'Blocks the user: logins and refreshes refused, every session ended on every gateway',
    request: { params: UserId, body: { content: json(BLOCK_BODY) } },
    responses: {
      200: { description: 'Blocked', headers: noStore, content: json(Ended) },
      ...REFUSALS,
      ...NOT_FOUND,
      415: error('Not JSON'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/users/{id}/unblock',
    summary: 'Lets the user log in again',
    request: { params: UserId },
    responses: { 204: { description: 'Unblocked', headers: noStore }, ...REFUSALS, ...NOT_FOUND },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/users/{id}/sessions/end',
    summary: 'Ends every live session of the user',
    request: { params: UserId },
    responses: { 200: { description: 'Ended', headers: noStore, content: json(Ended) }, ...REFUSALS, ...NOT_FOUND },
  });
  registry.registerPath({
    ...base,
    method: 'delete',
    path: '/admin/v1/users/{id}/identities/{identity}',
    summary: 'Removes one identity of the user, whatever remains, and ends every session of the user',
    request: { params: UserId.extend({ identity: z.string() }) },
    responses: {
      200: { description: 'Unlinked: the sessions ended', headers: noStore, content: json(Ended) },
      ...REFUSALS,
      ...NOT_FOUND,
    },
  });
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/users/{id}/export',
    summary: 'Everything held about the user, cards and loads included; never a secret',
    request: { params: UserId },
    responses: {
      200: { description: 'The document', headers: noStore, content: json(z.looseObject({})) },
      ...REFUSALS,
      ...NOT_FOUND,
    },
  });
  // Money that can go back, for administrators (routes/admin/payments.routes.ts): the card API's answers.
  const reverse = reverseLoadOperation();
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/cards/{id}/loads/{load_id}/reverse',
    summary: "Gives back any card's load, in whole or in part; the admin is recorded as who asked",
    ...reverse,
    // The card API's 400 (its error shape) over the admin API's; 401 and 403 are the admin check's.
    responses: { ...REFUSALS, ...reverse.responses },
  });
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/disputes/unmatched',
    summary: 'Disputes whose transaction matches no load (kept, never dropped), newest first',
    request: { query: UNMATCHED_QUERY.partial() },
    responses: {
      200: {
        description: 'The disputes',
        headers: noStore,
        content: json(z.strictObject({ disputes: z.array(Dispute) })),
      },
      ...REFUSALS,
    },
  });
  // The audit trail and the webhooks (routes/admin/events.routes.ts).
  registerAdminEventsPaths(registry, base, REFUSALS);
  // The OpenID provider's clients (routes/admin/clients.routes.ts).
  registerAdminClientsPaths(registry, base, REFUSALS);
  // Users brought in with their password hashes (routes/admin/import.routes.ts).
  registerAdminImportPaths(registry, base, REFUSALS);
  // Organisations (routes/admin/orgs.routes.ts).
  registerAdminOrgsPaths(registry, base, REFUSALS);
  // Settlement reconciliation (routes/admin/reconciliation.routes.ts).
  registerAdminReconciliationPaths(registry, base, REFUSALS);
  // Dispute evidence (routes/admin/disputes.routes.ts).
  registerAdminDisputePaths(registry, base, REFUSALS);
  // Limit policies and users' tiers (routes/admin/limits.routes.ts).
  registerAdminLimitPaths(registry, base, REFUSALS);
  // Velocity rules and the loads they flagged (routes/admin/velocity.routes.ts).
  registerAdminVelocityPaths(registry, base, REFUSALS);
  // The console's overview and money views (routes/admin/overview.routes.ts, money.routes.ts).
  registerAdminOverviewPaths(registry, base, REFUSALS);
  // The console's files (routes/admin/page.routes.ts): its page, each view module, the chart library.
  for (const { route, type } of pageAssets()) {
    const summary = route === '/' ? 'The admin console' : `The admin console's ${route.slice(1)}`;
    registry.registerPath({
      tags: ['page'],
      method: 'get',
      path: route,
      summary,
      responses: { 200: { description: summary, content: { [type.split(';')[0] as string]: { schema: z.string() } } } },
    });
  }
  registry.registerPath({
    tags: ['api'],
    method: 'get',
    path: '/admin/v1/openapi.json',
    summary: 'This document',
    responses: { 200: { description: 'OpenAPI 3.1', content: json(z.looseObject({})) } },
  });
  return new OpenApiGeneratorV31(registry.definitions, { sortComponents: 'alphabetically' }).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Gatehouse admin API',
      version: '1.0.0',
      description:
        'The user directory\'s administration, money back, the audit trail and webhooks, the OpenID provider\'s clients, on the gateway\'s admin listener (ADMIN_ADDR) only. Every call writes an audit log line. Errors are `{"error": "..."}` (the clients\' routes add `error_description`, as RFC 7591).',
    },
    tags: [{ name: 'admin' }, { name: 'page' }, { name: 'api' }],
  });
}
