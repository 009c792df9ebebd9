import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import { oidcErrors } from '../errors';
import type { DeviceAnswer } from '../oidc/device';
import type { OidcFeature } from '../oidc/open';

/** A user code as typed, at most: the rest is the domain's to check (normalizeUserCode). */
const MAX_USER_CODE = 64;

function answer(res: DeviceAnswer): auth.DeviceCodeResponse {
  if ('retryAfterSeconds' in res) return { retryAfterSeconds: res.retryAfterSeconds };
  const { view } = res;
  return {
    request: {
      userCode: view.userCode,
      clientId: view.clientId,
      clientName: view.clientName,
      scopes: view.asked.scopes,
      resources: Object.entries(view.asked.resources).map(([uri, scopes]) => ({ uri, scopes })),
      expiresUnixMs: view.expiresAtS * 1000,
    },
  };
}

function ask(req: auth.DeviceCodeRequest__Output) {
  if (req.userCode.length > MAX_USER_CODE) throw oidcErrors.badRequest('user_code is too long');
  return { sessionToken: req.sessionToken, userCode: req.userCode, clientIp: req.clientIp };
}

/** gRPC adapter of OidcService's device methods: the gateway's user-code page (oidc/device.ts). */
export function oidcDeviceHandlers(
  oidc: OidcFeature | undefined,
  log: Logger,
): Pick<auth.OidcServiceHandlers, 'ShowDevice' | 'DecideDevice'> {
  return {
    ShowDevice: unaryHandler(log, async (req: auth.DeviceCodeRequest__Output) => {
      if (!oidc) throw oidcErrors.disabled();
      return answer(await oidc.device.show(ask(req)));
    }),
    DecideDevice: unaryHandler(log, async (req: auth.DeviceCodeRequest__Output) => {
      if (!oidc) throw oidcErrors.disabled();
      if (req.action !== 'approve' && req.action !== 'deny')
        throw oidcErrors.badRequest('action is "approve" or "deny"');
      return answer(await oidc.device.decide({ ...ask(req), action: req.action }));
    }),
  };
}
