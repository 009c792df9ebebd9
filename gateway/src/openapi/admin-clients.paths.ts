import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import { CLIENT_METADATA_BODY } from '../routes/admin/clients.routes';
import { AuthError, json, NO_STORE } from './common';

/** The admin API's OpenID provider clients (routes/admin/clients.routes.ts, docs/openid-provider.md "Clients"). */

const noStore = z.object({ 'Cache-Control': NO_STORE });
const error = (description: string) => ({ description, content: json(AuthError) });

/** RFC 7591's error body (§3.2.2), which every refusal of these routes but the admin check's takes. */
const ClientError = z
  .strictObject({
    error: z.string().meta({
      description: 'invalid_client_metadata, invalid_redirect_uri, invalid_request, not_found',
      example: 'invalid_redirect_uri',
    }),
    error_description: z.string().meta({ description: 'What was wrong, meant for people' }),
  })
  .meta({ id: 'ClientError', description: 'A refusal of a client or its metadata (RFC 7591 §3.2.2)' });
const clientError = (description: string) => ({ description, content: json(ClientError) });

const OidcClient = z
  .looseObject({
    client_id: z.string(),
    client_id_issued_at: z.number().int().meta({ description: 'When it was made (RFC 7591), seconds since 1970' }),
    updated_at: z.iso.datetime().meta({ description: 'When it last changed' }),
    redirect_uris: z.array(z.string()).optional(),
    grant_types: z.array(z.string()),
    response_types: z.array(z.string()),
    token_endpoint_auth_method: z.enum(['none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt']),
    first_party: z.boolean().optional().meta({ description: 'true: the user is never asked for consent' }),
    access_token_ttl: z.number().int().optional().meta({ description: 'Its access tokens live this long (s)' }),
    refresh_token_ttl: z.number().int().optional().meta({ description: 'Its refresh tokens expire unused after (s)' }),
  })
  .meta({ id: 'OidcClient', description: "A client's metadata (RFC 7591 names); never its secret" });

const WithSecret = OidcClient.extend({
  client_secret: z.string().optional().meta({ description: 'Made by this call: shown this once, kept hashed' }),
  client_secret_expires_at: z.literal(0).optional().meta({ description: 'With a secret: 0, it does not expire' }),
});

const ClientId = z.object({ id: z.string().meta({ description: 'A client id' }) });
const NOT_FOUND = { 404: clientError('No such client (not_found), or the OpenID provider is off') };
const BAD_METADATA = {
  400: clientError('Bad metadata: invalid_client_metadata, invalid_redirect_uri; a malformed body: invalid_request'),
  415: error('Not JSON'),
};

export function registerAdminClientsPaths(
  registry: OpenAPIRegistry,
  base: Pick<RouteConfig, 'tags' | 'security'>,
  refusals: RouteConfig['responses'],
): void {
  const body = { body: { content: json(CLIENT_METADATA_BODY) } };
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/clients',
    summary: "The OpenID provider's clients (never a secret)",
    responses: {
      200: {
        description: 'Every client',
        headers: noStore,
        content: json(z.strictObject({ clients: z.array(OidcClient) })),
      },
      ...refusals,
      ...NOT_FOUND,
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/clients',
    summary: 'A new client; a confidential one gets its secret here, once',
    request: body,
    responses: {
      201: {
        description: 'Made (RFC 7591 §3.2.1)',
        headers: noStore.extend({ Location: z.string() }),
        content: json(WithSecret),
      },
      ...refusals,
      ...BAD_METADATA,
      ...NOT_FOUND,
      409: clientError('The chosen client_id is taken (invalid_client_metadata)'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/clients/{id}',
    summary: 'One client (never its secret)',
    request: { params: ClientId },
    responses: {
      200: { description: 'The client', headers: noStore, content: json(OidcClient) },
      ...refusals,
      ...NOT_FOUND,
    },
  });
  for (const [method, summary] of [
    ['put', 'Replaces the metadata (RFC 7592); a client made confidential gets a secret, answered once'],
    ['patch', 'Merges a JSON merge patch (RFC 7396, sent as application/json: null removes a name) into the metadata'],
  ] as const) {
    registry.registerPath({
      ...base,
      method,
      path: '/admin/v1/clients/{id}',
      summary,
      request: { params: ClientId, ...body },
      responses: {
        200: { description: 'The client as it is now', headers: noStore, content: json(WithSecret) },
        ...refusals,
        ...BAD_METADATA,
        ...NOT_FOUND,
      },
    });
  }
  registry.registerPath({
    ...base,
    method: 'delete',
    path: '/admin/v1/clients/{id}',
    summary: 'Removes the client with every code, token and grant issued to it',
    request: { params: ClientId },
    responses: { 204: { description: 'Removed', headers: noStore }, ...refusals, ...NOT_FOUND },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/clients/{id}/rotate-secret',
    summary: 'A new secret, answered once; the old one is refused from now on',
    request: { params: ClientId },
    responses: {
      200: { description: 'The client and its new secret', headers: noStore, content: json(WithSecret) },
      ...refusals,
      400: clientError('The client authenticates without a secret (invalid_request)'),
      ...NOT_FOUND,
    },
  });
}
