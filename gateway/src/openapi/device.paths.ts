import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import { AUTH_REFUSALS, authError, json, LOGGED_IN, NO_STORE, RETRY_AFTER } from './common';

/**
 * Devices without a browser (RFC 8628, docs/openid-provider.md "Devices without a browser"): the user-code
 * page and its calls, as routes/auth/device.routes.ts and routes/site/device-page.routes.ts serve them.
 */

const UserCode = z
  .string()
  .meta({ description: 'As the device shows it (any case; the dash optional)', example: 'BCDF-GHJK' });

const DeviceRequest = z
  .strictObject({
    user_code: z.string().meta({ description: 'As the device shows it', example: 'BCDF-GHJK' }),
    client_id: z.string(),
    client_name: z.string().meta({ description: "The client's name, else its id" }),
    scopes: z
      .array(z.string())
      .meta({ description: 'The OpenID scopes asked for (openid, profile, email, offline_access)' }),
    resources: z
      .array(z.strictObject({ uri: z.string(), scopes: z.array(z.string()) }))
      .meta({ description: 'Protected resources (RFC 8707) asked for, each with its scopes' }),
    expires_at: z.iso.datetime().meta({ description: 'When the code expires (RFC 3339, UTC)' }),
  })
  .meta({ id: 'DeviceRequest', description: 'What a device asks for, before the user decides' });

const noStore = z.object({ 'Cache-Control': NO_STORE });
const refusals = {
  400: authError('The code cannot be one (8 letters of BCDFGHJKLMNPQRSTVWXZ), or the body is malformed'),
  403: authError('No session (basic auth), a blocked user, or the device asks for two factors or a recent login'),
  404: authError(
    'No such code ("no such code: check it on the device"; counted as a wrong code), or the OpenID provider is off',
  ),
  409: authError('The code was decided already, or opened in another session'),
  410: authError('The code has expired'),
  ...AUTH_REFUSALS,
  429: authError('Too many wrong codes from this session or address: try again later', z.object(RETRY_AFTER)),
};

export function registerDevicePaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    tags: ['devices'],
    security: LOGGED_IN,
    method: 'get',
    path: '/auth/device',
    summary:
      "A device's request behind a user code, which the caller's session claims (no other session may decide it)",
    request: { query: z.object({ user_code: UserCode }) },
    responses: {
      200: { description: 'The request', headers: noStore, content: json(DeviceRequest) },
      ...refusals,
    },
  });
  registry.registerPath({
    tags: ['devices'],
    security: LOGGED_IN,
    method: 'post',
    path: '/auth/device',
    summary: "Approves a device's request (its tokens are the caller's) or denies it (the device gets access_denied)",
    description:
      'Once per code, from the session that opened it (or opens it now). The device learns it at its next poll.',
    request: {
      body: {
        content: json(
          z.strictObject({ user_code: UserCode, action: z.enum(['approve', 'deny']) }).meta({ id: 'DeviceDecision' }),
        ),
      },
    },
    responses: {
      200: {
        description: 'Decided',
        headers: noStore,
        content: json(
          DeviceRequest.extend({ status: z.enum(['approved', 'denied']) }).meta({
            id: 'DeviceDecided',
            description: 'The decision and the request it decided',
          }),
        ),
      },
      ...refusals,
    },
  });
  for (const [path, type, summary] of [
    ['/device', 'text/html', "The user-code page (a device's verification_uri; `?user_code=` fills the code in)"],
    ['/device.js', 'text/javascript', "The user-code page's script"],
  ] as const) {
    registry.registerPath({
      method: 'get',
      path,
      tags: ['devices'],
      summary,
      responses: { 200: { description: summary, content: { [type]: { schema: z.string() } } } },
    });
  }
}
