// Every gRPC client the gateway calls, and the internal caller auth they present, opened in one place
// and closed by one close(): a new service the gateway talks to is one more field here, and the
// composition root (gateway.ts) never lists clients to open or to close.
import { type ClientHandle, createClient, type InternalAuth, openInternalAuth } from '@gatehouse/grpc-kit';
import { HooksClient } from '@gatehouse/hooks-sdk';
import type { Logger } from '@gatehouse/logger';
import type { Metrics } from '@gatehouse/metrics';
import { type auth, type avatar, loadProto, type login, type payment } from '@gatehouse/proto';
import type { GatewayConfig } from './config';

export interface GatewayClients {
  auth: ClientHandle<auth.AuthServiceClient>;
  /** TOTP second factor (docs/accounts.md "Second factor (TOTP)"): served by the auth process. */
  totp: ClientHandle<auth.TotpServiceClient>;
  /** Password accounts (docs/password-accounts.md): served by the auth process. */
  passwords: ClientHandle<auth.PasswordServiceClient>;
  /** Password accounts administered (docs/password-accounts.md), for the admin surface. */
  passwordAdmin: ClientHandle<auth.PasswordAdminServiceClient>;
  /** Sessions per device (docs/accounts.md "Sessions per device"): served by the auth process. */
  sessions: ClientHandle<auth.SessionServiceClient>;
  /** A user's ways in (docs/accounts.md "Linking"): served by the auth process. */
  identities: ClientHandle<auth.IdentityServiceClient>;
  organizations: ClientHandle<auth.OrganizationServiceClient>;
  /** Every organisation, administered (docs/organizations.md "Administration"), for the admin surface. */
  orgAdmin: ClientHandle<auth.OrganizationAdminServiceClient>;
  /** The user directory's administration (docs/accounts.md "Administration"), for the admin surface. */
  admin: ClientHandle<auth.AdminServiceClient>;
  /** The audit trail and webhooks (docs/events.md): the admin surface's, and a user's own activity. */
  events: ClientHandle<auth.EventsServiceClient>;
  /** The OpenID provider's HTTP requests (docs/openid-provider.md): served by the auth process. */
  oidc: ClientHandle<auth.OidcServiceClient>;
  /** The OpenID provider's clients, administered (docs/openid-provider.md "Clients"), for the admin surface. */
  oidcAdmin: ClientHandle<auth.OidcAdminServiceClient>;
  avatar: ClientHandle<avatar.AvatarServiceClient>;
  payment: ClientHandle<payment.PaymentServiceClient>;
  /** The ledger's reads for the admin console (overview, cards, disputes): the admin surface's. */
  paymentAdmin: ClientHandle<payment.PaymentAdminServiceClient>;
  /** Login handlers by provider name (login.v1.LoginHandler). */
  loginHandlers: ReadonlyMap<string, ClientHandle<login.LoginHandlerClient>>;
  /** The application's hooks, when configured (AUTH_CONFIG hooks). */
  hooks: HooksClient | undefined;
  /**
   * This gateway's internal authentication (INTERNAL_KEYS_DIR), which also verifies the workload caller
   * tokens the admin surface accepts; undefined without keys.
   */
  internalAuth: InternalAuth | undefined;
  /** Closes every client above and the caller auth. */
  close(): void;
}

type Credential = (audience: string) => { auth: InternalAuth; audience: string } | undefined;

/** Opens the gateway's clients; each service is addressed by name in the caller token. */
export async function openClients(
  config: GatewayConfig,
  log: Logger,
  metrics: Metrics | undefined,
): Promise<GatewayClients> {
  // Custom login handlers are addressed by their provider name.
  const handlerNames = Object.keys(config.token.loginHandlers);
  const internalAuth = await openInternalAuth(
    config.internalKeysDir,
    'gateway',
    [...new Set(['auth', 'avatar', 'payment', 'hooks', ...handlerNames])],
    log,
  );
  const credential: Credential = (audience) => internalAuth && { auth: internalAuth, audience };
  const options = (audience: string) => ({ credential: credential(audience), metrics });
  const { auth: authPkg } = loadProto('auth').grpcObject;
  const clients = {
    auth: createClient<auth.AuthServiceClient>(authPkg.v1.AuthService, config.addresses.auth, options('auth')),
    totp: createClient<auth.TotpServiceClient>(
      loadProto('totp').grpcObject.auth.v1.TotpService,
      config.addresses.auth,
      options('auth'),
    ),
    passwords: createClient<auth.PasswordServiceClient>(
      loadProto('passwords').grpcObject.auth.v1.PasswordService,
      config.addresses.auth,
      options('auth'),
    ),
    passwordAdmin: createClient<auth.PasswordAdminServiceClient>(
      loadProto('passwords').grpcObject.auth.v1.PasswordAdminService,
      config.addresses.auth,
      options('auth'),
    ),
    sessions: createClient<auth.SessionServiceClient>(
      loadProto('sessions').grpcObject.auth.v1.SessionService,
      config.addresses.auth,
      options('auth'),
    ),
    identities: createClient<auth.IdentityServiceClient>(
      loadProto('identities').grpcObject.auth.v1.IdentityService,
      config.addresses.auth,
      options('auth'),
    ),
    organizations: createClient<auth.OrganizationServiceClient>(
      loadProto('organizations').grpcObject.auth.v1.OrganizationService,
      config.addresses.auth,
      options('auth'),
    ),
    orgAdmin: createClient<auth.OrganizationAdminServiceClient>(
      loadProto('organizations').grpcObject.auth.v1.OrganizationAdminService,
      config.addresses.auth,
      options('auth'),
    ),
    admin: createClient<auth.AdminServiceClient>(
      loadProto('admin').grpcObject.auth.v1.AdminService,
      config.addresses.auth,
      options('auth'),
    ),
    oidc: createClient<auth.OidcServiceClient>(
      loadProto('oidc').grpcObject.auth.v1.OidcService,
      config.addresses.auth,
      options('auth'),
    ),
    oidcAdmin: createClient<auth.OidcAdminServiceClient>(
      loadProto('oidcAdmin').grpcObject.auth.v1.OidcAdminService,
      config.addresses.auth,
      options('auth'),
    ),
    events: createClient<auth.EventsServiceClient>(
      loadProto('events').grpcObject.auth.v1.EventsService,
      config.addresses.auth,
      options('auth'),
    ),
    avatar: createClient<avatar.AvatarServiceClient>(
      loadProto('avatar').grpcObject.avatar.v1.AvatarService,
      config.addresses.avatar,
      options('avatar'),
    ),
    payment: createClient<payment.PaymentServiceClient>(
      loadProto('payment').grpcObject.payment.v1.PaymentService,
      config.addresses.payment,
      options('payment'),
    ),
    paymentAdmin: createClient<payment.PaymentAdminServiceClient>(
      loadProto('payment').grpcObject.payment.v1.PaymentAdminService,
      config.addresses.payment,
      options('payment'),
    ),
    loginHandlers: openLoginHandlerClients(config, credential, metrics),
    hooks: config.hooks ? new HooksClient(config.hooks, internalAuth, metrics) : undefined,
  };
  const grpcClients = [
    clients.auth,
    clients.totp,
    clients.passwords,
    clients.passwordAdmin,
    clients.sessions,
    clients.identities,
    clients.organizations,
    clients.orgAdmin,
    clients.admin,
    clients.events,
    clients.oidc,
    clients.oidcAdmin,
    clients.avatar,
    clients.payment,
    clients.paymentAdmin,
  ];
  return {
    ...clients,
    internalAuth,
    close() {
      for (const client of grpcClients) client.close();
      for (const client of clients.loginHandlers.values()) client.close();
      clients.hooks?.close();
      internalAuth?.close();
    },
  };
}

/**
 * One client per login handler the gateway routes to: the custom ones at their own addresses (each
 * named by its provider in the caller token), and the built-in direct and verified providers, which
 * the auth service's own LoginHandler serves.
 */
function openLoginHandlerClients(
  config: GatewayConfig,
  credential: Credential,
  metrics: Metrics | undefined,
): Map<string, ClientHandle<login.LoginHandlerClient>> {
  const LoginHandler = loadProto('login').grpcObject.login.v1.LoginHandler;
  const targets: [name: string, address: string, audience: string][] = [
    ...Object.entries(config.token.loginHandlers).map(([name, address]): [string, string, string] => [
      name,
      address,
      name,
    ]),
    ...config.builtInLogins.map((name): [string, string, string] => [name, config.addresses.auth, 'auth']),
  ];
  return new Map(
    targets.map(([name, address, audience]) => [
      name,
      createClient<login.LoginHandlerClient>(LoginHandler, address, { credential: credential(audience), metrics }),
    ]),
  );
}
