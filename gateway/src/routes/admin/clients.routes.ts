// The OpenID provider's clients (docs/openid-provider.md "Clients"), for administrators, on the admin
// surface only: list, show, create, update (replace or merge), rotate the secret, delete, through
// auth.v1.OidcAdminService, which checks the metadata with the provider's own schema. Bodies and answers
// are RFC 7591's client metadata; a refusal of the metadata is RFC 7591's error body
// (`{"error":"invalid_client_metadata","error_description":"..."}`), every other refusal of these routes
// `{"error": word, "error_description": text}` too. The admin check and the audit line come from
// adminActions; a secret is answered by its creation and its rotation only, and never logged.
import { describeCallError, type PromiseClient } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import type Router from '@koa/router';
import type Koa from 'koa';
import { z } from 'zod';
import { apiRouter, bodyOf, bodyReader, HttpError, route } from '../kit';
import { type AdminHandler, adminActions } from './action';
import type { AdminCallerDeps } from './caller';

export interface AdminClientsRoutesDeps extends AdminCallerDeps {
  oidcAdmin: PromiseClient<auth.OidcAdminServiceClient>;
  log: Logger;
}

/** A client id as the auth service takes it: unreserved URL characters (oidc/client-metadata.ts). */
export const CLIENT_ID = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/;

/** The body of a create or update: the client's metadata, a JSON object (checked in full by the auth service). */
export const CLIENT_METADATA_BODY = z.record(z.string(), z.unknown()).meta({
  description:
    "RFC 7591 / OpenID Connect Registration client metadata (client_name, redirect_uris, post_logout_redirect_uris, grant_types, response_types, token_endpoint_auth_method, scope, jwks or jwks_uri, backchannel_logout_uri, ...) and Gatehouse's first_party, access_token_ttl, refresh_token_ttl (seconds); on create, client_id chooses the id",
});

const jsonBody = bodyReader('json', {
  limit: '64kb',
  methods: ['POST', 'PUT', 'PATCH'],
  typeRequired: 'the body must be application/json',
});

/**
 * Names the answers carry and an update may send back unchanged (a GET's answer, edited, then PUT):
 * they are the server's, so they are left out of the change rather than refused.
 */
const ANSWER_ONLY = ['client_id_issued_at', 'updated_at', 'client_secret_expires_at'];

/** The auth service's refusals, as RFC 7591 words them (and the rest in the same shape). */
const REFUSALS: Record<string, { status: number; error: string }> = {
  OIDC_INVALID_CLIENT_METADATA: { status: 400, error: 'invalid_client_metadata' },
  OIDC_INVALID_REDIRECT_URI: { status: 400, error: 'invalid_redirect_uri' },
  OIDC_BAD_REQUEST: { status: 400, error: 'invalid_request' },
  OIDC_CLIENT_EXISTS: { status: 409, error: 'invalid_client_metadata' },
  OIDC_CLIENT_NOT_FOUND: { status: 404, error: 'not_found' },
  OIDC_DISABLED: { status: 404, error: 'not_found' },
};

/** Answers a refusal of the metadata in RFC 7591's shape; anything else goes on to errorHandler. */
function refused(ctx: Koa.Context, err: unknown): void {
  if (err instanceof HttpError) {
    const error = err.status === 400 ? 'invalid_request' : err.status === 404 ? 'not_found' : undefined;
    if (!error) throw err;
    ctx.status = err.status;
    ctx.body = { error, error_description: err.message };
    return;
  }
  const failure = describeCallError(err);
  const known = failure.answeredByService ? REFUSALS[failure.code] : undefined;
  if (!known) throw err;
  ctx.status = known.status;
  ctx.body = { error: known.error, error_description: failure.message };
}

/** A handler whose refusals are answered as RFC 7591's. */
const rfc7591 =
  (handler: AdminHandler): AdminHandler =>
  async (ctx, actor) => {
    try {
      await handler(ctx, actor);
    } catch (err) {
      refused(ctx, err);
    }
  };

function clientId(ctx: Koa.Context): string {
  const id = (ctx.params as Record<string, string>).id ?? '';
  if (!CLIENT_ID.test(id)) throw new HttpError(404, 'no client has this id');
  return id;
}

/**
 * A client as the admin API answers it: its metadata (RFC 7591 names, client_id among them), when its id
 * was issued (RFC 7591 `client_id_issued_at`, seconds) and last changed; never a secret.
 */
export function clientJson(c: auth.OidcClientInfo__Output | null | undefined): Record<string, unknown> {
  if (!c) throw new Error('the auth service answered no client');
  return {
    ...(JSON.parse(c.metadataJson) as Record<string, unknown>),
    client_id: c.clientId,
    client_id_issued_at: Math.floor(Number(c.createdUnixMs) / 1000),
    updated_at: new Date(Number(c.updatedUnixMs)).toISOString(),
  };
}

/** The client and, when this call made one, its secret (RFC 7591: with `client_secret_expires_at` 0, never). */
function withSecret(res: auth.ClientWithSecret__Output): Record<string, unknown> {
  return {
    ...clientJson(res.client),
    ...(res.clientSecret ? { client_secret: res.clientSecret, client_secret_expires_at: 0 } : {}),
  };
}

/** /admin/v1/clients (docs/openid-provider.md "Clients"), on the admin listener only. */
export function adminClientsRoutes(deps: AdminClientsRoutesDeps): Router {
  const router = apiRouter({ prefix: '/admin/v1', noStore: true });
  const actions = adminActions(deps);
  const act = (action: string, handler: AdminHandler) => actions(action, rfc7591(handler));
  const metadataOf = async (ctx: Koa.Context, drop: string[] = []) => {
    await jsonBody(ctx);
    const metadata = bodyOf(ctx, CLIENT_METADATA_BODY);
    for (const name of drop) delete metadata[name];
    return JSON.stringify(metadata);
  };
  const update = (merge: boolean) => async (ctx: Koa.Context, actor: { id: string }) => {
    const id = clientId(ctx);
    const metadataJson = await metadataOf(ctx, ANSWER_ONLY);
    ctx.body = withSecret(await deps.oidcAdmin.updateClient({ actor, clientId: id, metadataJson, merge }));
  };

  route(router, '/clients', {
    GET: act('list clients', async (ctx, actor) => {
      const res = await deps.oidcAdmin.listClients({ actor });
      ctx.body = { clients: res.clients.map(clientJson) };
    }),
    POST: act('create client', async (ctx, actor) => {
      const res = await deps.oidcAdmin.createClient({ actor, metadataJson: await metadataOf(ctx) });
      const body = withSecret(res);
      ctx.status = 201;
      ctx.set('Location', `/admin/v1/clients/${encodeURIComponent(body.client_id as string)}`);
      ctx.body = body;
    }),
  });

  route(router, '/clients/:id', {
    GET: act('get client', async (ctx, actor) => {
      ctx.body = clientJson(await deps.oidcAdmin.getClient({ actor, clientId: clientId(ctx) }));
    }),
    PUT: act('replace client', update(false)),
    PATCH: act('update client', update(true)),
    DELETE: act('delete client', async (ctx, actor) => {
      await deps.oidcAdmin.deleteClient({ actor, clientId: clientId(ctx) });
      ctx.status = 204;
    }),
  });

  route(router, '/clients/:id/rotate-secret', {
    POST: act('rotate client secret', async (ctx, actor) => {
      ctx.body = withSecret(await deps.oidcAdmin.rotateClientSecret({ actor, clientId: clientId(ctx) }));
    }),
  });

  return router;
}
