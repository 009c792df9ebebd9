// Who may call which method of the auth service's gRPC services (grpc-kit's access rules, checked on
// every call against the caller's workload credential): server.ts hands them to its server.
import type { AccessRules } from '@gatehouse/grpc-kit';

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
