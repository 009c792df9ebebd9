import { type InternalAuth, type RunningGrpcServer, startGrpcServer } from '@gatehouse/grpc-kit';
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
import { AUTH_ACCESS } from './access-rules';
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
