// Original file: protos/auth/v1/passwords.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreatePasswordUserRequest as _auth_v1_CreatePasswordUserRequest, CreatePasswordUserRequest__Output as _auth_v1_CreatePasswordUserRequest__Output } from '../../auth/v1/CreatePasswordUserRequest';
import type { CreatePasswordUserResponse as _auth_v1_CreatePasswordUserResponse, CreatePasswordUserResponse__Output as _auth_v1_CreatePasswordUserResponse__Output } from '../../auth/v1/CreatePasswordUserResponse';
import type { ForcePasswordResetRequest as _auth_v1_ForcePasswordResetRequest, ForcePasswordResetRequest__Output as _auth_v1_ForcePasswordResetRequest__Output } from '../../auth/v1/ForcePasswordResetRequest';
import type { PasswordSessionsEnded as _auth_v1_PasswordSessionsEnded, PasswordSessionsEnded__Output as _auth_v1_PasswordSessionsEnded__Output } from '../../auth/v1/PasswordSessionsEnded';

export interface PasswordAdminServiceClient extends grpc.Client {
  CreatePasswordUser(argument: _auth_v1_CreatePasswordUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_CreatePasswordUserResponse__Output>): grpc.ClientUnaryCall;
  CreatePasswordUser(argument: _auth_v1_CreatePasswordUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_CreatePasswordUserResponse__Output>): grpc.ClientUnaryCall;
  CreatePasswordUser(argument: _auth_v1_CreatePasswordUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_CreatePasswordUserResponse__Output>): grpc.ClientUnaryCall;
  CreatePasswordUser(argument: _auth_v1_CreatePasswordUserRequest, callback: grpc.requestCallback<_auth_v1_CreatePasswordUserResponse__Output>): grpc.ClientUnaryCall;
  createPasswordUser(argument: _auth_v1_CreatePasswordUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_CreatePasswordUserResponse__Output>): grpc.ClientUnaryCall;
  createPasswordUser(argument: _auth_v1_CreatePasswordUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_CreatePasswordUserResponse__Output>): grpc.ClientUnaryCall;
  createPasswordUser(argument: _auth_v1_CreatePasswordUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_CreatePasswordUserResponse__Output>): grpc.ClientUnaryCall;
  createPasswordUser(argument: _auth_v1_CreatePasswordUserRequest, callback: grpc.requestCallback<_auth_v1_CreatePasswordUserResponse__Output>): grpc.ClientUnaryCall;
  
  ForcePasswordReset(argument: _auth_v1_ForcePasswordResetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  ForcePasswordReset(argument: _auth_v1_ForcePasswordResetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  ForcePasswordReset(argument: _auth_v1_ForcePasswordResetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  ForcePasswordReset(argument: _auth_v1_ForcePasswordResetRequest, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  forcePasswordReset(argument: _auth_v1_ForcePasswordResetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  forcePasswordReset(argument: _auth_v1_ForcePasswordResetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  forcePasswordReset(argument: _auth_v1_ForcePasswordResetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  forcePasswordReset(argument: _auth_v1_ForcePasswordResetRequest, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  
}

export interface PasswordAdminServiceHandlers extends grpc.UntypedServiceImplementation {
  CreatePasswordUser: grpc.handleUnaryCall<_auth_v1_CreatePasswordUserRequest__Output, _auth_v1_CreatePasswordUserResponse>;
  
  ForcePasswordReset: grpc.handleUnaryCall<_auth_v1_ForcePasswordResetRequest__Output, _auth_v1_PasswordSessionsEnded>;
  
}

export interface PasswordAdminServiceDefinition extends grpc.ServiceDefinition {
  CreatePasswordUser: MethodDefinition<_auth_v1_CreatePasswordUserRequest, _auth_v1_CreatePasswordUserResponse, _auth_v1_CreatePasswordUserRequest__Output, _auth_v1_CreatePasswordUserResponse__Output>
  ForcePasswordReset: MethodDefinition<_auth_v1_ForcePasswordResetRequest, _auth_v1_PasswordSessionsEnded, _auth_v1_ForcePasswordResetRequest__Output, _auth_v1_PasswordSessionsEnded__Output>
}
