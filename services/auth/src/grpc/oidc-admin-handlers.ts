import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import { oidcErrors } from '../errors';
import type { ClientAdmin, ClientView, ClientWithSecret } from '../oidc/client-admin';

function info(c: ClientView): auth.OidcClientInfo {
  return {
    clientId: c.clientId,
    metadataJson: JSON.stringify(c.metadata),
    createdUnixMs: c.createdAt.getTime(),
    updatedUnixMs: c.updatedAt.getTime(),
    hasSecret: c.hasSecret,
  };
}

const withSecret = (r: ClientWithSecret): auth.ClientWithSecret => ({
  client: info(r.client),
  clientSecret: r.secret ?? '',
});

const actorOf = (req: { actor?: auth.AdminActor__Output | null }) => req.actor?.id ?? '';

/** gRPC adapter of auth.v1.OidcAdminService; while the provider is off every call answers NOT_FOUND. */
export function oidcAdminHandlers(admin: ClientAdmin | undefined, log: Logger): auth.OidcAdminServiceHandlers {
  const on = (): ClientAdmin => {
    if (!admin) throw oidcErrors.disabled();
    return admin;
  };
  return {
    ListClients: unaryHandler(log, async (req: auth.ListClientsRequest__Output) => ({
      clients: (await on().list(actorOf(req))).map(info),
    })),
    GetClient: unaryHandler(log, async (req: auth.ClientRef__Output) =>
      info(await on().get(actorOf(req), req.clientId)),
    ),
    CreateClient: unaryHandler(log, async (req: auth.CreateClientRequest__Output) =>
      withSecret(await on().create(actorOf(req), req.metadataJson)),
    ),
    UpdateClient: unaryHandler(log, async (req: auth.UpdateClientRequest__Output) =>
      withSecret(await on().update(actorOf(req), req.clientId, req.metadataJson, req.merge)),
    ),
    RotateClientSecret: unaryHandler(log, async (req: auth.ClientRef__Output) =>
      withSecret(await on().rotateSecret(actorOf(req), req.clientId)),
    ),
    DeleteClient: unaryHandler(log, async (req: auth.ClientRef__Output) => {
      await on().delete(actorOf(req), req.clientId);
      return {};
    }),
  };
}
