import { type AccessRules, type InternalAuth, type RunningGrpcServer, startGrpcServer } from '@gatehouse/grpc-kit';
import type { Metrics } from '@gatehouse/metrics';
import { loadProto } from '@gatehouse/proto';
import type { DirectoryAdmin } from '../directory/admin';
import type { Directory } from '../directory/directory';
import type { DirectoryOverview } from '../directory/overview';
import type { BuiltInLogin } from '../login/built-in-logins';
import type { PasskeyLogin } from '../login/passkey-login';
import type { OidcFeature } from '../oidc/open';
import type { Organizations } from '../organizations/organizations';
import type { PasswordFeature } from '../passwords/open';
import type { UserImport } from '../passwords/user-import';
import type { DeviceSessions } from '../sessions/device-sessions';
import type { SecondFactor } from '../totp/second-factor';
import { adminHandlers } from './admin-handlers';
import { type EventsApi, eventsHandlers } from './events-handlers';
import { type AuthHandlerDeps, authHandlers } from './handlers';
import { identityHandlers } from './identity-handlers';
import { importHandlers } from './import-handlers';
import { builtInLoginHandlers } from './login-handlers';
import { oidcAdminHandlers } from './oidc-admin-handlers';
import { oidcHandlers } from './oidc-handlers';
import { organizationAdminHandlers } from './organization-admin-handlers';
import { organizationHandlers } from './organization-handlers';
import { overviewHandlers } from './overview-handlers';
import { passkeyHandlers } from './passkey-handlers';
import { passwordAdminHandlers } from './password-admin-handlers';
import { passwordHandlers } from './password-handlers';
import { sessionHandlers } from './session-handlers';
import { totpHandlers } from './totp-handlers';

export interface AuthServerDeps extends AuthHandlerDeps {
  host: string;
  port: number;
  /** The direct and verified providers, served through login.v1.LoginHandler. */
  builtInLogins: BuiltInLogin[];
  /** Passkeys; undefined without a database (the RPCs then answer FAILED_PRECONDITION). */
  passkeys?: PasskeyLogin;
  /** TOTP (auth.v1.TotpService); undefined without a database. `totpAvailable`: AUTH_TOTP_KEY set too. */
  secondFactor: SecondFactor | undefined;
  totpAvailable?: boolean;
  /** Internal authentication: callers are checked against AUTH_ACCESS. */
  internalAuth?: InternalAuth;
  /** Health is NOT_SERVING while this answers false (Redis unreachable); absent: always SERVING. */
  checkDependencies?: () => Promise<boolean>;
  metrics?: Metrics;
  /** Sessions per device: auth.v1.SessionService. */
  devices: DeviceSessions;
  /** The user directory (auth.v1.IdentityService, AdminService); undefined without a database. */
  directory?: Directory;
  directoryAdmin?: DirectoryAdmin;
  /** The admin overview's figures (AdminService.Overview); undefined without a database. */
  overview?: DirectoryOverview;
  /** Users imported with their hashes (AdminService.ImportUsers); undefined without a database. */
  userImport?: UserImport;
  /** The audit trail and webhooks: auth.v1.EventsService; undefined without a database. */
  events?: EventsApi;
  /** The OpenID provider; undefined while AUTH_OIDC_PROVIDER is off (its calls answer NOT_FOUND). */
  oidc?: OidcFeature;
  /** Organisations (auth.v1.OrganizationService); undefined without a database. */
  organizations?: Organizations;
  /** Password accounts (auth.v1.PasswordService); undefined: every call answers FAILED_PRECONDITION. */
  passwords?: PasswordFeature;
}

/**
 * Only the gateway calls the auth service: it runs every login, refresh and logout, and issues the
 * sessions of login handlers (the handler answers the gateway with a user; the gateway asks for the
 * session). Operators may list providers. The public JWKS is no secret; the gateway and operators may
 * read it (the gateway reads the key file itself today, see gateway/src/gateway.ts).
 */
export const AUTH_ACCESS: AccessRules = {
  'auth.v1.AuthService': {
    ListProviders: ['gateway', 'operator'],
    BeginLogin: ['gateway'],
    CompleteLogin: ['gateway'],
    RefreshToken: ['gateway'],
    IssueSession: ['gateway'],
    Logout: ['gateway'],
    WatchEndedSessions: ['gateway'],
    GetJwks: ['gateway', 'operator'],
    // Passkeys: the gateway vouches for the session's user, as it does for payment's card owners.
    PasskeyRegistrationOptions: ['gateway'],
    RegisterPasskey: ['gateway'],
    ListPasskeys: ['gateway'],
    RemovePasskey: ['gateway'],
    PasskeyLoginOptions: ['gateway'],
    PasskeyLogin: ['gateway'],
  },
  // The gateway vouches for the caller's session, as for passkeys.
  'auth.v1.SessionService': {
    ListSessions: ['gateway'],
    EndSession: ['gateway'],
    EndOtherSessions: ['gateway'],
  },
  // The gateway vouches for the caller's session, as for sessions per device.
  'auth.v1.IdentityService': {
    ListIdentities: ['gateway'],
    UnlinkIdentity: ['gateway'],
    ExportMyData: ['gateway'],
  },
  // The gateway's admin listener, which authenticated the admin and names them in every call (audit).
  'auth.v1.AdminService': {
    ListUsers: ['gateway'],
    GetUser: ['gateway'],
    BlockUser: ['gateway'],
    UnblockUser: ['gateway'],
    EndUserSessions: ['gateway'],
    AdminUnlinkIdentity: ['gateway'],
    DeleteUser: ['gateway'],
    ExportUser: ['gateway'],
    ImportUsers: ['gateway'],
    Overview: ['gateway'],
  },
  // The built-in direct and verified providers' handler.
  'login.v1.LoginHandler': {
    Login: ['gateway'],
    Callback: ['gateway'],
    Logout: ['gateway'],
  },
  // The gateway vouches for the session's user, as for passkeys.
  'auth.v1.TotpService': {
    GetTotpStatus: ['gateway'],
    SetupTotp: ['gateway'],
    ActivateTotp: ['gateway'],
    DisableTotp: ['gateway'],
    RegenerateRecoveryCodes: ['gateway'],
    VerifyTotp: ['gateway'],
  },
  // The admin API's webhooks and trail, and a user's own activity: the gateway checks who asks.
  // The OpenID provider's HTTP requests: the gateway, the only public listener, hands them over.
  'auth.v1.OidcService': {
    Http: ['gateway'],
    // A user's grants: the gateway vouches for the caller's session, as for identities.
    ListGrants: ['gateway'],
    RevokeGrant: ['gateway'],
    // The user-code page of devices: the gateway hands over the caller's session, checked again here.
    ShowDevice: ['gateway'],
    DecideDevice: ['gateway'],
  },
  // The OpenID provider's clients: the gateway's admin listener, which authenticated the admin and names them.
  'auth.v1.OidcAdminService': {
    ListClients: ['gateway'],
    GetClient: ['gateway'],
    CreateClient: ['gateway'],
    UpdateClient: ['gateway'],
    RotateClientSecret: ['gateway'],
    DeleteClient: ['gateway'],
  },
  // The gateway vouches for the caller's session, as for identities.
  'auth.v1.OrganizationService': {
    ListMyOrganizations: ['gateway'],
    CreateOrganization: ['gateway'],
    ListMembers: ['gateway'],
    CreateInvitation: ['gateway'],
    RevokeInvitation: ['gateway'],
    AcceptInvitation: ['gateway'],
    SetMemberRoles: ['gateway'],
    RemoveMember: ['gateway'],
    LeaveOrganization: ['gateway'],
    TransferOwnership: ['gateway'],
    SwitchOrganization: ['gateway'],
    GetMembership: ['gateway'],
  },
  // Every organisation: the gateway's admin listener, which authenticated the admin and names them.
  'auth.v1.OrganizationAdminService': {
    AdminListOrganizations: ['gateway'],
    AdminGetOrganization: ['gateway'],
    AdminListMembers: ['gateway'],
    AdminCreateOrganization: ['gateway'],
    AdminUpdateOrganization: ['gateway'],
    AdminSetMemberRoles: ['gateway'],
    AdminRemoveMember: ['gateway'],
    AdminRevokeInvitation: ['gateway'],
    AdminDeleteOrganization: ['gateway'],
  },
  // Password accounts: the gateway's public routes, and the caller's session it vouches for.
  'auth.v1.PasswordService': {
    Signup: ['gateway'],
    Verify: ['gateway'],
    Login: ['gateway'],
    ResetStart: ['gateway'],
    ResetComplete: ['gateway'],
    ChangePassword: ['gateway'],
    ChangeEmail: ['gateway'],
    AddPassword: ['gateway'],
  },
  // The gateway's admin listener, which authenticated the admin and names them in every call (audit).
  'auth.v1.PasswordAdminService': {
    CreatePasswordUser: ['gateway'],
    ForcePasswordReset: ['gateway'],
  },
  'auth.v1.EventsService': {
    CreateWebhook: ['gateway'],
    ListWebhooks: ['gateway'],
    DeleteWebhook: ['gateway'],
    EnableWebhook: ['gateway'],
    UpdateWebhook: ['gateway'],
    DisableWebhook: ['gateway'],
    RotateWebhookSecret: ['gateway'],
    ListDeliveries: ['gateway'],
    RetryDelivery: ['gateway'],
    QueryEvents: ['gateway'],
    ListUserEvents: ['gateway'],
  },
};

/** The auth service's gRPC server: auth.v1.AuthService and login.v1.LoginHandler for the built-in logins. */
export function startAuthServer(deps: AuthServerDeps): Promise<RunningGrpcServer> {
  const { definition, grpcObject } = loadProto('auth');
  const loginProto = loadProto('login');
  const totpProto = loadProto('totp');
  const sessionsProto = loadProto('sessions');
  const identitiesProto = loadProto('identities');
  const adminProto = loadProto('admin');
  const eventsProto = loadProto('events');
  const oidcProto = loadProto('oidc');
  const oidcAdminProto = loadProto('oidcAdmin');
  const orgsProto = loadProto('organizations');
  const passwordsProto = loadProto('passwords');
  return startGrpcServer({
    name: 'auth',
    host: deps.host,
    port: deps.port,
    services: [
      {
        definition: grpcObject.auth.v1.AuthService.service,
        implementation: { ...authHandlers(deps), ...passkeyHandlers(deps.passkeys, deps.log, deps.finisher) },
      },
      {
        definition: sessionsProto.grpcObject.auth.v1.SessionService.service,
        implementation: sessionHandlers(deps.devices, deps.log),
      },
      {
        definition: identitiesProto.grpcObject.auth.v1.IdentityService.service,
        implementation: identityHandlers(deps.directory, deps.directoryAdmin, deps.log),
      },
      {
        definition: adminProto.grpcObject.auth.v1.AdminService.service,
        implementation: {
          ...adminHandlers(deps.directoryAdmin, deps.log),
          ...importHandlers(deps.userImport, deps.log),
          ...overviewHandlers(deps.overview, deps.log),
        },
      },
      {
        definition: loginProto.grpcObject.login.v1.LoginHandler.service,
        implementation: builtInLoginHandlers(deps.builtInLogins, deps.log),
      },
      {
        definition: totpProto.grpcObject.auth.v1.TotpService.service,
        implementation: totpHandlers({
          totp: deps.secondFactor,
          available: deps.totpAvailable ?? false,
          log: deps.log,
          devices: deps.devices,
          finisher: deps.finisher,
        }),
      },
      {
        definition: eventsProto.grpcObject.auth.v1.EventsService.service,
        implementation: eventsHandlers(deps.events, deps.log),
      },
      {
        definition: oidcProto.grpcObject.auth.v1.OidcService.service,
        implementation: oidcHandlers(deps.oidc, deps.log),
      },
      {
        definition: oidcAdminProto.grpcObject.auth.v1.OidcAdminService.service,
        implementation: oidcAdminHandlers(deps.oidc?.clientAdmin, deps.log),
      },
      {
        definition: orgsProto.grpcObject.auth.v1.OrganizationService.service,
        implementation: organizationHandlers(deps.organizations, deps.sessions, deps.log),
      },
      {
        definition: orgsProto.grpcObject.auth.v1.OrganizationAdminService.service,
        implementation: organizationAdminHandlers(deps.organizations?.admin, deps.log),
      },
      {
        definition: passwordsProto.grpcObject.auth.v1.PasswordService.service,
        implementation: passwordHandlers(deps.passwords, deps.finisher, deps.log),
      },
      {
        definition: passwordsProto.grpcObject.auth.v1.PasswordAdminService.service,
        implementation: passwordAdminHandlers(deps.passwords, deps.log),
      },
    ],
    definitions: [
      definition,
      loginProto.definition,
      totpProto.definition,
      sessionsProto.definition,
      identitiesProto.definition,
      adminProto.definition,
      eventsProto.definition,
      oidcProto.definition,
      oidcAdminProto.definition,
      orgsProto.definition,
      passwordsProto.definition,
    ],
    access: deps.internalAuth && { auth: deps.internalAuth, audience: 'auth', rules: AUTH_ACCESS },
    log: deps.log,
    checkDependencies: deps.checkDependencies,
    metrics: deps.metrics,
  });
}
