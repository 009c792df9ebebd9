import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import { oidcErrors } from '../errors';
import type { OidcFeature } from '../oidc/open';
import { sessionErrors } from '../sessions/device-sessions';
import { oidcDeviceHandlers } from './oidc-device-handlers';

const METHODS = new Set(['GET', 'POST', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH']);
/** A request line the gateway checked: a path of the provider's, at most 8 KiB with its query. */
const URL_SHAPE = /^\/[\x21-\x7e]{0,8191}$/;

/** gRPC adapter of auth.v1.OidcService: the provider's HTTP requests in, its answers out. */
export function oidcHandlers(oidc: OidcFeature | undefined, log: Logger): auth.OidcServiceHandlers {
  return {
    Http: unaryHandler(log, async (req: auth.OidcHttpRequest__Output) => {
      if (!oidc) throw oidcErrors.disabled();
      if (!METHODS.has(req.method)) throw oidcErrors.badRequest('method is not one of HTTP');
      if (!URL_SHAPE.test(req.url)) throw oidcErrors.badRequest('url is not a path');
      const res = await oidc.http(
        {
          method: req.method,
          url: req.url,
          headers: req.headers.map((h) => ({ name: h.name, value: h.value })),
          body: Buffer.from(req.body),
          clientIp: req.clientIp,
        },
        req.sessionToken,
      );
      return { status: res.status, headers: res.headers, body: res.body };
    }),
    // Devices without a browser: the gateway's user-code page (oidc-device-handlers.ts).
    ...oidcDeviceHandlers(oidc, log),
    // A user's grants: the gateway vouches for the caller's session.
    ListGrants: unaryHandler(log, async (req: auth.ListGrantsRequest__Output) => {
      if (!oidc) throw oidcErrors.disabled();
      const grants = await oidc.grants.list(callerOf(req));
      return {
        grants: grants.map((g) => ({
          id: g.id,
          clientId: g.clientId,
          clientName: g.clientName,
          scopes: g.scopes,
          resources: Object.entries(g.resources).map(([uri, scopes]) => ({ uri, scopes })),
          createdUnixMs: g.createdMs,
        })),
      };
    }),
    RevokeGrant: unaryHandler(log, async (req: auth.RevokeGrantRequest__Output) => {
      if (!oidc) throw oidcErrors.disabled();
      const clientId = await oidc.grants.revoke(callerOf(req), req.id);
      if (clientId === undefined) throw oidcErrors.grantNotFound();
      return { clientId };
    }),
  };
}

/** The gateway always sends the caller's session; an empty one is the caller's bug. */
function callerOf(req: { caller?: auth.SessionCaller__Output | null }): string {
  const userId = req.caller?.userId;
  if (!userId || !req.caller?.jti) throw sessionErrors.badCaller();
  return userId;
}
