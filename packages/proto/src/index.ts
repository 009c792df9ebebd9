import path from 'node:path';
import { runtimeAssetDir } from '@gatehouse/config';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { ProtoGrpcType as AdminProto } from './gen/admin';
import type { ProtoGrpcType as AuthProto } from './gen/auth';
import type { ProtoGrpcType as AvatarProto } from './gen/avatar';
import type { ProtoGrpcType as EventsProto } from './gen/events';
import type { ProtoGrpcType as HooksProto } from './gen/hooks';
import type { ProtoGrpcType as IdentitiesProto } from './gen/identities';
import type { ProtoGrpcType as LoginProto } from './gen/login_handler';
import type { ProtoGrpcType as OidcProto } from './gen/oidc';
import type { ProtoGrpcType as OidcAdminProto } from './gen/oidc_admin';
import type { ProtoGrpcType as OrganizationsProto } from './gen/organizations';
import type { ProtoGrpcType as PasswordsProto } from './gen/passwords';
import type { ProtoGrpcType as PaymentProto } from './gen/payment';
import type { ProtoGrpcType as SessionsProto } from './gen/sessions';
import type { ProtoGrpcType as TelegramProto } from './gen/telegram_bot';
import type { ProtoGrpcType as TotpProto } from './gen/totp';

/** The protos/ folder at the top of the workspace: the only copy of every contract. */
export const PROTO_ROOT = runtimeAssetDir(path.resolve(__dirname, '../../../protos'), 'protos');

/**
 * One set of loader options for every process and for the type generator (scripts/gen-proto-types.ts);
 * if the two ever differ, the generated types lie. camelCase in TypeScript, snake_case in the protos.
 */
export const PROTO_LOADER_OPTIONS: protoLoader.Options = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [PROTO_ROOT],
};

export const PROTO_FILES = {
  auth: 'auth/v1/auth.proto',
  avatar: 'avatar/v1/avatar.proto',
  telegram: 'telegram/v1/telegram_bot.proto',
  payment: 'payment/v1/payment.proto',
  hooks: 'hooks/v1/hooks.proto',
  login: 'login/v1/login_handler.proto',
  totp: 'auth/v1/totp.proto',
  // Sessions per device: auth.v1.SessionService, served by the auth process.
  sessions: 'auth/v1/sessions.proto',
  // The user directory: auth.v1.IdentityService (a user's ways in) and auth.v1.AdminService.
  identities: 'auth/v1/identities.proto',
  admin: 'auth/v1/admin.proto',
  // The audit trail and webhooks: auth.v1.EventsService, served by the auth process.
  events: 'auth/v1/events.proto',
  // The OpenID provider: auth.v1.OidcService, its HTTP requests as the gateway received them.
  oidc: 'auth/v1/oidc.proto',
  // The OpenID provider's clients, administered: auth.v1.OidcAdminService (the gateway's admin listener).
  oidcAdmin: 'auth/v1/oidc_admin.proto',
  // Organisations, members, invitations, the active organisation: auth.v1.OrganizationService.
  organizations: 'auth/v1/organizations.proto',
  // Password accounts: auth.v1.PasswordService (sign-up, login, reset, change).
  passwords: 'auth/v1/passwords.proto',
} as const;

export type ProtoName = keyof typeof PROTO_FILES;

interface LoadedProtos {
  auth: AuthProto;
  avatar: AvatarProto;
  telegram: TelegramProto;
  payment: PaymentProto;
  hooks: HooksProto;
  login: LoginProto;
  totp: TotpProto;
  sessions: SessionsProto;
  identities: IdentitiesProto;
  admin: AdminProto;
  oidc: OidcProto;
  oidcAdmin: OidcAdminProto;
  events: EventsProto;
  organizations: OrganizationsProto;
  passwords: PasswordsProto;
}

/** Loads one contract; returns the package definition (for reflection) and its typed gRPC object. */
export function loadProto<N extends ProtoName>(
  name: N,
): {
  definition: protoLoader.PackageDefinition;
  grpcObject: LoadedProtos[N];
} {
  const definition = protoLoader.loadSync(PROTO_FILES[name], PROTO_LOADER_OPTIONS);
  const grpcObject = grpc.loadPackageDefinition(definition) as unknown as LoadedProtos[N];
  return { definition, grpcObject };
}

export type * as auth from './gen/auth/v1';
export type * as avatar from './gen/avatar/v1';
export type * as hooks from './gen/hooks/v1';
export type * as login from './gen/login/v1';
export type * as payment from './gen/payment/v1';
export type * as telegram from './gen/telegram/v1';
