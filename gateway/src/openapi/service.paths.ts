import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import { authError, json } from './common';

/** Avatars, the JWKS, health, the page and this document itself. */

const Jwks = z
  .object({ keys: z.array(z.looseObject({ kty: z.string(), kid: z.string().optional() })) })
  .meta({ id: 'JwkSet' });

const PAGE_ASSETS: [path: string, type: string, summary: string][] = [
  [
    '/',
    'text/html',
    'The demo page: log in, see the user, cards, passkeys and the second factor (`/?second_factor=totp`: the code prompt; `continue=/oidc/interaction/<id>`: a login for an application, which goes back to its authorization)',
  ],
  ['/app.js', 'text/javascript', "The page's script"],
  ['/api.js', 'text/javascript', "The page's API calls"],
  ['/cards.js', 'text/javascript', "The page's cards"],
  ['/dom.js', 'text/javascript', "The page's DOM helpers"],
  ['/passkeys.js', 'text/javascript', "The page's passkeys"],
  ['/totp.js', 'text/javascript', "The page's second factor"],
  ['/passwords.js', 'text/javascript', "The page's password accounts"],
  ['/sessions.js', 'text/javascript', "The page's sessions per device"],
  ['/identities.js', 'text/javascript', "The page's linked accounts"],
  ['/grants.js', 'text/javascript', "The page's connected applications (OpenID grants)"],
  ['/orgs.js', 'text/javascript', "The page's organisations (`/#invitation=<token>`: an invitation link)"],
  ['/continue.js', 'text/javascript', "Where the page's logins go next (back to an application's authorization)"],
  ['/activity.js', 'text/javascript', "The page's recent activity"],
  ['/app.css', 'text/css', "The page's style"],
];

export function registerServicePaths(registry: OpenAPIRegistry, avatarRoutePath: string): void {
  const avatar = `${avatarRoutePath.replace(/\/+$/, '')}/{id}`;
  for (const method of ['get', 'head'] as const) {
    registry.registerPath({
      method,
      path: avatar,
      tags: ['avatars'],
      summary: 'An avatar image (AUTH_AVATAR_ROUTE_PATH), with an ETag and 7-day caching',
      request: {
        params: z.object({
          id: z.string().meta({ description: '`<sha1 of the user id>.image`', example: `${'0'.repeat(40)}.image` }),
        }),
        headers: z.object({ 'If-None-Match': z.string().optional() }),
      },
      responses: {
        200: {
          description: 'The image',
          headers: z.object({ ETag: z.string(), 'Cache-Control': z.string() }),
          content: Object.fromEntries(
            ['image/png', 'image/jpeg', 'image/gif', 'image/webp'].map((t) => [
              t,
              { schema: z.string().meta({ format: 'binary' }) },
            ]),
          ),
        },
        304: { description: 'Not modified (If-None-Match)', headers: z.object({ ETag: z.string() }) },
        403: authError("`can't load avatar`: a malformed id"),
        404: authError("`can't load avatar`: no such avatar"),
        405: authError('`method not allowed`: only GET and HEAD'),
        415: authError('`invalid avatar content`: the stored bytes are not an image'),
        default: authError('The avatar service failed'),
      },
    });
  }

  for (const path of ['/auth/jwks.json', '/.well-known/jwks.json']) {
    registry.registerPath({
      method: 'get',
      path,
      tags: ['auth'],
      summary: 'The public keys that verify tokens (ES256/EdDSA)',
      responses: {
        200: {
          description: 'The JWK Set',
          headers: z.object({ 'Cache-Control': z.literal('public, max-age=300') }),
          content: { 'application/jwk-set+json': { schema: Jwks } },
        },
        404: authError('HS256: there is no public key (the secret is never served)'),
      },
    });
  }

  registry.registerPath({
    method: 'get',
    path: '/health/live',
    tags: ['health'],
    summary: 'The gateway process answers',
    responses: { 200: { description: 'Live', content: json(z.object({ status: z.literal('live') })) } },
  });
  registry.registerPath({
    method: 'get',
    path: '/health/ready',
    tags: ['health'],
    summary: 'Every service the gateway calls answers gRPC health SERVING',
    responses: {
      200: { description: 'Ready', content: json(z.object({ status: z.literal('ready') })) },
      503: {
        description: 'Not ready',
        content: json(z.object({ status: z.literal('not ready'), not_serving: z.array(z.string()).min(1) })),
      },
    },
  });

  for (const [path, type, summary] of PAGE_ASSETS) {
    registry.registerPath({
      method: 'get',
      path,
      tags: ['page'],
      summary,
      responses: { 200: { description: summary, content: { [type]: { schema: z.string() } } } },
    });
  }

  registry.registerPath({
    method: 'get',
    path: '/openapi.json',
    tags: ['api'],
    summary: 'This document',
    responses: {
      200: {
        description: 'The OpenAPI 3.1 document of every route the gateway answers',
        content: json(z.looseObject({ openapi: z.string() })),
      },
    },
  });
}
