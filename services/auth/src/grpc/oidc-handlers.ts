import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import { oidcErrors } from '../errors';
import type { OidcFeature } from '../oidc/open';
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
  };
}
