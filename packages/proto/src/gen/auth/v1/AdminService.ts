// Original file: protos/auth/v1/admin.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AdminOverviewRequest as _auth_v1_AdminOverviewRequest, AdminOverviewRequest__Output as _auth_v1_AdminOverviewRequest__Output } from '../../auth/v1/AdminOverviewRequest';
import type { AdminOverviewResponse as _auth_v1_AdminOverviewResponse, AdminOverviewResponse__Output as _auth_v1_AdminOverviewResponse__Output } from '../../auth/v1/AdminOverviewResponse';
import type { AdminUnlinkIdentityRequest as _auth_v1_AdminUnlinkIdentityRequest, AdminUnlinkIdentityRequest__Output as _auth_v1_AdminUnlinkIdentityRequest__Output } from '../../auth/v1/AdminUnlinkIdentityRequest';
import type { AdminUnlinkIdentityResponse as _auth_v1_AdminUnlinkIdentityResponse, AdminUnlinkIdentityResponse__Output as _auth_v1_AdminUnlinkIdentityResponse__Output } from '../../auth/v1/AdminUnlinkIdentityResponse';
import type { BlockUserRequest as _auth_v1_BlockUserRequest, BlockUserRequest__Output as _auth_v1_BlockUserRequest__Output } from '../../auth/v1/BlockUserRequest';
import type { BlockUserResponse as _auth_v1_BlockUserResponse, BlockUserResponse__Output as _auth_v1_BlockUserResponse__Output } from '../../auth/v1/BlockUserResponse';
import type { DeleteUserRequest as _auth_v1_DeleteUserRequest, DeleteUserRequest__Output as _auth_v1_DeleteUserRequest__Output } from '../../auth/v1/DeleteUserRequest';
import type { DeleteUserResponse as _auth_v1_DeleteUserResponse, DeleteUserResponse__Output as _auth_v1_DeleteUserResponse__Output } from '../../auth/v1/DeleteUserResponse';
import type { EndUserSessionsRequest as _auth_v1_EndUserSessionsRequest, EndUserSessionsRequest__Output as _auth_v1_EndUserSessionsRequest__Output } from '../../auth/v1/EndUserSessionsRequest';
import type { EndUserSessionsResponse as _auth_v1_EndUserSessionsResponse, EndUserSessionsResponse__Output as _auth_v1_EndUserSessionsResponse__Output } from '../../auth/v1/EndUserSessionsResponse';
import type { ExportUserRequest as _auth_v1_ExportUserRequest, ExportUserRequest__Output as _auth_v1_ExportUserRequest__Output } from '../../auth/v1/ExportUserRequest';
import type { ExportUserResponse as _auth_v1_ExportUserResponse, ExportUserResponse__Output as _auth_v1_ExportUserResponse__Output } from '../../auth/v1/ExportUserResponse';
import type { GetUserRequest as _auth_v1_GetUserRequest, GetUserRequest__Output as _auth_v1_GetUserRequest__Output } from '../../auth/v1/GetUserRequest';
import type { GetUserResponse as _auth_v1_GetUserResponse, GetUserResponse__Output as _auth_v1_GetUserResponse__Output } from '../../auth/v1/GetUserResponse';
import type { ImportUsersRequest as _auth_v1_ImportUsersRequest, ImportUsersRequest__Output as _auth_v1_ImportUsersRequest__Output } from '../../auth/v1/ImportUsersRequest';
import type { ImportUsersResponse as _auth_v1_ImportUsersResponse, ImportUsersResponse__Output as _auth_v1_ImportUsersResponse__Output } from '../../auth/v1/ImportUsersResponse';
import type { ListUsersRequest as _auth_v1_ListUsersRequest, ListUsersRequest__Output as _auth_v1_ListUsersRequest__Output } from '../../auth/v1/ListUsersRequest';
import type { ListUsersResponse as _auth_v1_ListUsersResponse, ListUsersResponse__Output as _auth_v1_ListUsersResponse__Output } from '../../auth/v1/ListUsersResponse';
import type { UnblockUserRequest as _auth_v1_UnblockUserRequest, UnblockUserRequest__Output as _auth_v1_UnblockUserRequest__Output } from '../../auth/v1/UnblockUserRequest';
import type { UnblockUserResponse as _auth_v1_UnblockUserResponse, UnblockUserResponse__Output as _auth_v1_UnblockUserResponse__Output } from '../../auth/v1/UnblockUserResponse';

export interface AdminServiceClient extends grpc.Client {
  AdminUnlinkIdentity(argument: _auth_v1_AdminUnlinkIdentityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminUnlinkIdentityResponse__Output>): grpc.ClientUnaryCall;
  AdminUnlinkIdentity(argument: _auth_v1_AdminUnlinkIdentityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_AdminUnlinkIdentityResponse__Output>): grpc.ClientUnaryCall;
  AdminUnlinkIdentity(argument: _auth_v1_AdminUnlinkIdentityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminUnlinkIdentityResponse__Output>): grpc.ClientUnaryCall;
  AdminUnlinkIdentity(argument: _auth_v1_AdminUnlinkIdentityRequest, callback: grpc.requestCallback<_auth_v1_AdminUnlinkIdentityResponse__Output>): grpc.ClientUnaryCall;
  adminUnlinkIdentity(argument: _auth_v1_AdminUnlinkIdentityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminUnlinkIdentityResponse__Output>): grpc.ClientUnaryCall;
  adminUnlinkIdentity(argument: _auth_v1_AdminUnlinkIdentityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_AdminUnlinkIdentityResponse__Output>): grpc.ClientUnaryCall;
  adminUnlinkIdentity(argument: _auth_v1_AdminUnlinkIdentityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminUnlinkIdentityResponse__Output>): grpc.ClientUnaryCall;
  adminUnlinkIdentity(argument: _auth_v1_AdminUnlinkIdentityRequest, callback: grpc.requestCallback<_auth_v1_AdminUnlinkIdentityResponse__Output>): grpc.ClientUnaryCall;
  
  BlockUser(argument: _auth_v1_BlockUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_BlockUserResponse__Output>): grpc.ClientUnaryCall;
  BlockUser(argument: _auth_v1_BlockUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_BlockUserResponse__Output>): grpc.ClientUnaryCall;
  BlockUser(argument: _auth_v1_BlockUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_BlockUserResponse__Output>): grpc.ClientUnaryCall;
  BlockUser(argument: _auth_v1_BlockUserRequest, callback: grpc.requestCallback<_auth_v1_BlockUserResponse__Output>): grpc.ClientUnaryCall;
  blockUser(argument: _auth_v1_BlockUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_BlockUserResponse__Output>): grpc.ClientUnaryCall;
  blockUser(argument: _auth_v1_BlockUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_BlockUserResponse__Output>): grpc.ClientUnaryCall;
  blockUser(argument: _auth_v1_BlockUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_BlockUserResponse__Output>): grpc.ClientUnaryCall;
  blockUser(argument: _auth_v1_BlockUserRequest, callback: grpc.requestCallback<_auth_v1_BlockUserResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteUser(argument: _auth_v1_DeleteUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeleteUserResponse__Output>): grpc.ClientUnaryCall;
  DeleteUser(argument: _auth_v1_DeleteUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_DeleteUserResponse__Output>): grpc.ClientUnaryCall;
  DeleteUser(argument: _auth_v1_DeleteUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeleteUserResponse__Output>): grpc.ClientUnaryCall;
  DeleteUser(argument: _auth_v1_DeleteUserRequest, callback: grpc.requestCallback<_auth_v1_DeleteUserResponse__Output>): grpc.ClientUnaryCall;
  deleteUser(argument: _auth_v1_DeleteUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeleteUserResponse__Output>): grpc.ClientUnaryCall;
  deleteUser(argument: _auth_v1_DeleteUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_DeleteUserResponse__Output>): grpc.ClientUnaryCall;
  deleteUser(argument: _auth_v1_DeleteUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeleteUserResponse__Output>): grpc.ClientUnaryCall;
  deleteUser(argument: _auth_v1_DeleteUserRequest, callback: grpc.requestCallback<_auth_v1_DeleteUserResponse__Output>): grpc.ClientUnaryCall;
  
  EndUserSessions(argument: _auth_v1_EndUserSessionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_EndUserSessionsResponse__Output>): grpc.ClientUnaryCall;
  EndUserSessions(argument: _auth_v1_EndUserSessionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_EndUserSessionsResponse__Output>): grpc.ClientUnaryCall;
  EndUserSessions(argument: _auth_v1_EndUserSessionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_EndUserSessionsResponse__Output>): grpc.ClientUnaryCall;
  EndUserSessions(argument: _auth_v1_EndUserSessionsRequest, callback: grpc.requestCallback<_auth_v1_EndUserSessionsResponse__Output>): grpc.ClientUnaryCall;
  endUserSessions(argument: _auth_v1_EndUserSessionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_EndUserSessionsResponse__Output>): grpc.ClientUnaryCall;
  endUserSessions(argument: _auth_v1_EndUserSessionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_EndUserSessionsResponse__Output>): grpc.ClientUnaryCall;
  endUserSessions(argument: _auth_v1_EndUserSessionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_EndUserSessionsResponse__Output>): grpc.ClientUnaryCall;
  endUserSessions(argument: _auth_v1_EndUserSessionsRequest, callback: grpc.requestCallback<_auth_v1_EndUserSessionsResponse__Output>): grpc.ClientUnaryCall;
  
  ExportUser(argument: _auth_v1_ExportUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ExportUserResponse__Output>): grpc.ClientUnaryCall;
  ExportUser(argument: _auth_v1_ExportUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ExportUserResponse__Output>): grpc.ClientUnaryCall;
  ExportUser(argument: _auth_v1_ExportUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ExportUserResponse__Output>): grpc.ClientUnaryCall;
  ExportUser(argument: _auth_v1_ExportUserRequest, callback: grpc.requestCallback<_auth_v1_ExportUserResponse__Output>): grpc.ClientUnaryCall;
  exportUser(argument: _auth_v1_ExportUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ExportUserResponse__Output>): grpc.ClientUnaryCall;
  exportUser(argument: _auth_v1_ExportUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ExportUserResponse__Output>): grpc.ClientUnaryCall;
  exportUser(argument: _auth_v1_ExportUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ExportUserResponse__Output>): grpc.ClientUnaryCall;
  exportUser(argument: _auth_v1_ExportUserRequest, callback: grpc.requestCallback<_auth_v1_ExportUserResponse__Output>): grpc.ClientUnaryCall;
  
  GetUser(argument: _auth_v1_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _auth_v1_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _auth_v1_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _auth_v1_GetUserRequest, callback: grpc.requestCallback<_auth_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  getUser(argument: _auth_v1_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  getUser(argument: _auth_v1_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  getUser(argument: _auth_v1_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  getUser(argument: _auth_v1_GetUserRequest, callback: grpc.requestCallback<_auth_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  
  ImportUsers(argument: _auth_v1_ImportUsersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ImportUsersResponse__Output>): grpc.ClientUnaryCall;
  ImportUsers(argument: _auth_v1_ImportUsersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ImportUsersResponse__Output>): grpc.ClientUnaryCall;
  ImportUsers(argument: _auth_v1_ImportUsersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ImportUsersResponse__Output>): grpc.ClientUnaryCall;
  ImportUsers(argument: _auth_v1_ImportUsersRequest, callback: grpc.requestCallback<_auth_v1_ImportUsersResponse__Output>): grpc.ClientUnaryCall;
  importUsers(argument: _auth_v1_ImportUsersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ImportUsersResponse__Output>): grpc.ClientUnaryCall;
  importUsers(argument: _auth_v1_ImportUsersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ImportUsersResponse__Output>): grpc.ClientUnaryCall;
  importUsers(argument: _auth_v1_ImportUsersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ImportUsersResponse__Output>): grpc.ClientUnaryCall;
  importUsers(argument: _auth_v1_ImportUsersRequest, callback: grpc.requestCallback<_auth_v1_ImportUsersResponse__Output>): grpc.ClientUnaryCall;
  
  ListUsers(argument: _auth_v1_ListUsersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  ListUsers(argument: _auth_v1_ListUsersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  ListUsers(argument: _auth_v1_ListUsersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  ListUsers(argument: _auth_v1_ListUsersRequest, callback: grpc.requestCallback<_auth_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  listUsers(argument: _auth_v1_ListUsersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  listUsers(argument: _auth_v1_ListUsersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  listUsers(argument: _auth_v1_ListUsersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  listUsers(argument: _auth_v1_ListUsersRequest, callback: grpc.requestCallback<_auth_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  
  Overview(argument: _auth_v1_AdminOverviewRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminOverviewResponse__Output>): grpc.ClientUnaryCall;
  Overview(argument: _auth_v1_AdminOverviewRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_AdminOverviewResponse__Output>): grpc.ClientUnaryCall;
  Overview(argument: _auth_v1_AdminOverviewRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminOverviewResponse__Output>): grpc.ClientUnaryCall;
  Overview(argument: _auth_v1_AdminOverviewRequest, callback: grpc.requestCallback<_auth_v1_AdminOverviewResponse__Output>): grpc.ClientUnaryCall;
  overview(argument: _auth_v1_AdminOverviewRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminOverviewResponse__Output>): grpc.ClientUnaryCall;
  overview(argument: _auth_v1_AdminOverviewRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_AdminOverviewResponse__Output>): grpc.ClientUnaryCall;
  overview(argument: _auth_v1_AdminOverviewRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminOverviewResponse__Output>): grpc.ClientUnaryCall;
  overview(argument: _auth_v1_AdminOverviewRequest, callback: grpc.requestCallback<_auth_v1_AdminOverviewResponse__Output>): grpc.ClientUnaryCall;
  
  UnblockUser(argument: _auth_v1_UnblockUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_UnblockUserResponse__Output>): grpc.ClientUnaryCall;
  UnblockUser(argument: _auth_v1_UnblockUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_UnblockUserResponse__Output>): grpc.ClientUnaryCall;
  UnblockUser(argument: _auth_v1_UnblockUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_UnblockUserResponse__Output>): grpc.ClientUnaryCall;
  UnblockUser(argument: _auth_v1_UnblockUserRequest, callback: grpc.requestCallback<_auth_v1_UnblockUserResponse__Output>): grpc.ClientUnaryCall;
  unblockUser(argument: _auth_v1_UnblockUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_UnblockUserResponse__Output>): grpc.ClientUnaryCall;
  unblockUser(argument: _auth_v1_UnblockUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_UnblockUserResponse__Output>): grpc.ClientUnaryCall;
  unblockUser(argument: _auth_v1_UnblockUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_UnblockUserResponse__Output>): grpc.ClientUnaryCall;
  unblockUser(argument: _auth_v1_UnblockUserRequest, callback: grpc.requestCallback<_auth_v1_UnblockUserResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface AdminServiceHandlers extends grpc.UntypedServiceImplementation {
  AdminUnlinkIdentity: grpc.handleUnaryCall<_auth_v1_AdminUnlinkIdentityRequest__Output, _auth_v1_AdminUnlinkIdentityResponse>;
  
  BlockUser: grpc.handleUnaryCall<_auth_v1_BlockUserRequest__Output, _auth_v1_BlockUserResponse>;
  
  DeleteUser: grpc.handleUnaryCall<_auth_v1_DeleteUserRequest__Output, _auth_v1_DeleteUserResponse>;
  
  EndUserSessions: grpc.handleUnaryCall<_auth_v1_EndUserSessionsRequest__Output, _auth_v1_EndUserSessionsResponse>;
  
  ExportUser: grpc.handleUnaryCall<_auth_v1_ExportUserRequest__Output, _auth_v1_ExportUserResponse>;
  
  GetUser: grpc.handleUnaryCall<_auth_v1_GetUserRequest__Output, _auth_v1_GetUserResponse>;
  
  ImportUsers: grpc.handleUnaryCall<_auth_v1_ImportUsersRequest__Output, _auth_v1_ImportUsersResponse>;
  
  ListUsers: grpc.handleUnaryCall<_auth_v1_ListUsersRequest__Output, _auth_v1_ListUsersResponse>;
  
  Overview: grpc.handleUnaryCall<_auth_v1_AdminOverviewRequest__Output, _auth_v1_AdminOverviewResponse>;
  
  UnblockUser: grpc.handleUnaryCall<_auth_v1_UnblockUserRequest__Output, _auth_v1_UnblockUserResponse>;
  
}

export interface AdminServiceDefinition extends grpc.ServiceDefinition {
  AdminUnlinkIdentity: MethodDefinition<_auth_v1_AdminUnlinkIdentityRequest, _auth_v1_AdminUnlinkIdentityResponse, _auth_v1_AdminUnlinkIdentityRequest__Output, _auth_v1_AdminUnlinkIdentityResponse__Output>
  BlockUser: MethodDefinition<_auth_v1_BlockUserRequest, _auth_v1_BlockUserResponse, _auth_v1_BlockUserRequest__Output, _auth_v1_BlockUserResponse__Output>
  DeleteUser: MethodDefinition<_auth_v1_DeleteUserRequest, _auth_v1_DeleteUserResponse, _auth_v1_DeleteUserRequest__Output, _auth_v1_DeleteUserResponse__Output>
  EndUserSessions: MethodDefinition<_auth_v1_EndUserSessionsRequest, _auth_v1_EndUserSessionsResponse, _auth_v1_EndUserSessionsRequest__Output, _auth_v1_EndUserSessionsResponse__Output>
  ExportUser: MethodDefinition<_auth_v1_ExportUserRequest, _auth_v1_ExportUserResponse, _auth_v1_ExportUserRequest__Output, _auth_v1_ExportUserResponse__Output>
  GetUser: MethodDefinition<_auth_v1_GetUserRequest, _auth_v1_GetUserResponse, _auth_v1_GetUserRequest__Output, _auth_v1_GetUserResponse__Output>
  ImportUsers: MethodDefinition<_auth_v1_ImportUsersRequest, _auth_v1_ImportUsersResponse, _auth_v1_ImportUsersRequest__Output, _auth_v1_ImportUsersResponse__Output>
  ListUsers: MethodDefinition<_auth_v1_ListUsersRequest, _auth_v1_ListUsersResponse, _auth_v1_ListUsersRequest__Output, _auth_v1_ListUsersResponse__Output>
  Overview: MethodDefinition<_auth_v1_AdminOverviewRequest, _auth_v1_AdminOverviewResponse, _auth_v1_AdminOverviewRequest__Output, _auth_v1_AdminOverviewResponse__Output>
  UnblockUser: MethodDefinition<_auth_v1_UnblockUserRequest, _auth_v1_UnblockUserResponse, _auth_v1_UnblockUserRequest__Output, _auth_v1_UnblockUserResponse__Output>
}
