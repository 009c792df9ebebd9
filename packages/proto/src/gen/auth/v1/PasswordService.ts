// Original file: protos/auth/v1/passwords.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AddPasswordRequest as _auth_v1_AddPasswordRequest, AddPasswordRequest__Output as _auth_v1_AddPasswordRequest__Output } from '../../auth/v1/AddPasswordRequest';
import type { ChangeEmailRequest as _auth_v1_ChangeEmailRequest, ChangeEmailRequest__Output as _auth_v1_ChangeEmailRequest__Output } from '../../auth/v1/ChangeEmailRequest';
import type { ChangePasswordRequest as _auth_v1_ChangePasswordRequest, ChangePasswordRequest__Output as _auth_v1_ChangePasswordRequest__Output } from '../../auth/v1/ChangePasswordRequest';
import type { PasswordLimited as _auth_v1_PasswordLimited, PasswordLimited__Output as _auth_v1_PasswordLimited__Output } from '../../auth/v1/PasswordLimited';
import type { PasswordLoginRequest as _auth_v1_PasswordLoginRequest, PasswordLoginRequest__Output as _auth_v1_PasswordLoginRequest__Output } from '../../auth/v1/PasswordLoginRequest';
import type { PasswordLoginResponse as _auth_v1_PasswordLoginResponse, PasswordLoginResponse__Output as _auth_v1_PasswordLoginResponse__Output } from '../../auth/v1/PasswordLoginResponse';
import type { PasswordResetCompleteRequest as _auth_v1_PasswordResetCompleteRequest, PasswordResetCompleteRequest__Output as _auth_v1_PasswordResetCompleteRequest__Output } from '../../auth/v1/PasswordResetCompleteRequest';
import type { PasswordResetStartRequest as _auth_v1_PasswordResetStartRequest, PasswordResetStartRequest__Output as _auth_v1_PasswordResetStartRequest__Output } from '../../auth/v1/PasswordResetStartRequest';
import type { PasswordSessionsEnded as _auth_v1_PasswordSessionsEnded, PasswordSessionsEnded__Output as _auth_v1_PasswordSessionsEnded__Output } from '../../auth/v1/PasswordSessionsEnded';
import type { PasswordSignupRequest as _auth_v1_PasswordSignupRequest, PasswordSignupRequest__Output as _auth_v1_PasswordSignupRequest__Output } from '../../auth/v1/PasswordSignupRequest';
import type { PasswordTokenRequest as _auth_v1_PasswordTokenRequest, PasswordTokenRequest__Output as _auth_v1_PasswordTokenRequest__Output } from '../../auth/v1/PasswordTokenRequest';
import type { PasswordVerifyResponse as _auth_v1_PasswordVerifyResponse, PasswordVerifyResponse__Output as _auth_v1_PasswordVerifyResponse__Output } from '../../auth/v1/PasswordVerifyResponse';

export interface PasswordServiceClient extends grpc.Client {
  AddPassword(argument: _auth_v1_AddPasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  AddPassword(argument: _auth_v1_AddPasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  AddPassword(argument: _auth_v1_AddPasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  AddPassword(argument: _auth_v1_AddPasswordRequest, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  addPassword(argument: _auth_v1_AddPasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  addPassword(argument: _auth_v1_AddPasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  addPassword(argument: _auth_v1_AddPasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  addPassword(argument: _auth_v1_AddPasswordRequest, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  
  ChangeEmail(argument: _auth_v1_ChangeEmailRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  ChangeEmail(argument: _auth_v1_ChangeEmailRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  ChangeEmail(argument: _auth_v1_ChangeEmailRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  ChangeEmail(argument: _auth_v1_ChangeEmailRequest, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  changeEmail(argument: _auth_v1_ChangeEmailRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  changeEmail(argument: _auth_v1_ChangeEmailRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  changeEmail(argument: _auth_v1_ChangeEmailRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  changeEmail(argument: _auth_v1_ChangeEmailRequest, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  
  ChangePassword(argument: _auth_v1_ChangePasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  ChangePassword(argument: _auth_v1_ChangePasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  ChangePassword(argument: _auth_v1_ChangePasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  ChangePassword(argument: _auth_v1_ChangePasswordRequest, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  changePassword(argument: _auth_v1_ChangePasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  changePassword(argument: _auth_v1_ChangePasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  changePassword(argument: _auth_v1_ChangePasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  changePassword(argument: _auth_v1_ChangePasswordRequest, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  
  Login(argument: _auth_v1_PasswordLoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLoginResponse__Output>): grpc.ClientUnaryCall;
  Login(argument: _auth_v1_PasswordLoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasswordLoginResponse__Output>): grpc.ClientUnaryCall;
  Login(argument: _auth_v1_PasswordLoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLoginResponse__Output>): grpc.ClientUnaryCall;
  Login(argument: _auth_v1_PasswordLoginRequest, callback: grpc.requestCallback<_auth_v1_PasswordLoginResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _auth_v1_PasswordLoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLoginResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _auth_v1_PasswordLoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasswordLoginResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _auth_v1_PasswordLoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLoginResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _auth_v1_PasswordLoginRequest, callback: grpc.requestCallback<_auth_v1_PasswordLoginResponse__Output>): grpc.ClientUnaryCall;
  
  ResetComplete(argument: _auth_v1_PasswordResetCompleteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  ResetComplete(argument: _auth_v1_PasswordResetCompleteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  ResetComplete(argument: _auth_v1_PasswordResetCompleteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  ResetComplete(argument: _auth_v1_PasswordResetCompleteRequest, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  resetComplete(argument: _auth_v1_PasswordResetCompleteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  resetComplete(argument: _auth_v1_PasswordResetCompleteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  resetComplete(argument: _auth_v1_PasswordResetCompleteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  resetComplete(argument: _auth_v1_PasswordResetCompleteRequest, callback: grpc.requestCallback<_auth_v1_PasswordSessionsEnded__Output>): grpc.ClientUnaryCall;
  
  ResetStart(argument: _auth_v1_PasswordResetStartRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  ResetStart(argument: _auth_v1_PasswordResetStartRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  ResetStart(argument: _auth_v1_PasswordResetStartRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  ResetStart(argument: _auth_v1_PasswordResetStartRequest, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  resetStart(argument: _auth_v1_PasswordResetStartRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  resetStart(argument: _auth_v1_PasswordResetStartRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  resetStart(argument: _auth_v1_PasswordResetStartRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  resetStart(argument: _auth_v1_PasswordResetStartRequest, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  
  Signup(argument: _auth_v1_PasswordSignupRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  Signup(argument: _auth_v1_PasswordSignupRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  Signup(argument: _auth_v1_PasswordSignupRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  Signup(argument: _auth_v1_PasswordSignupRequest, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  signup(argument: _auth_v1_PasswordSignupRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  signup(argument: _auth_v1_PasswordSignupRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  signup(argument: _auth_v1_PasswordSignupRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  signup(argument: _auth_v1_PasswordSignupRequest, callback: grpc.requestCallback<_auth_v1_PasswordLimited__Output>): grpc.ClientUnaryCall;
  
  Verify(argument: _auth_v1_PasswordTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordVerifyResponse__Output>): grpc.ClientUnaryCall;
  Verify(argument: _auth_v1_PasswordTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasswordVerifyResponse__Output>): grpc.ClientUnaryCall;
  Verify(argument: _auth_v1_PasswordTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordVerifyResponse__Output>): grpc.ClientUnaryCall;
  Verify(argument: _auth_v1_PasswordTokenRequest, callback: grpc.requestCallback<_auth_v1_PasswordVerifyResponse__Output>): grpc.ClientUnaryCall;
  verify(argument: _auth_v1_PasswordTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordVerifyResponse__Output>): grpc.ClientUnaryCall;
  verify(argument: _auth_v1_PasswordTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasswordVerifyResponse__Output>): grpc.ClientUnaryCall;
  verify(argument: _auth_v1_PasswordTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasswordVerifyResponse__Output>): grpc.ClientUnaryCall;
  verify(argument: _auth_v1_PasswordTokenRequest, callback: grpc.requestCallback<_auth_v1_PasswordVerifyResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface PasswordServiceHandlers extends grpc.UntypedServiceImplementation {
  AddPassword: grpc.handleUnaryCall<_auth_v1_AddPasswordRequest__Output, _auth_v1_PasswordLimited>;
  
  ChangeEmail: grpc.handleUnaryCall<_auth_v1_ChangeEmailRequest__Output, _auth_v1_PasswordLimited>;
  
  ChangePassword: grpc.handleUnaryCall<_auth_v1_ChangePasswordRequest__Output, _auth_v1_PasswordSessionsEnded>;
  
  Login: grpc.handleUnaryCall<_auth_v1_PasswordLoginRequest__Output, _auth_v1_PasswordLoginResponse>;
  
  ResetComplete: grpc.handleUnaryCall<_auth_v1_PasswordResetCompleteRequest__Output, _auth_v1_PasswordSessionsEnded>;
  
  ResetStart: grpc.handleUnaryCall<_auth_v1_PasswordResetStartRequest__Output, _auth_v1_PasswordLimited>;
  
  Signup: grpc.handleUnaryCall<_auth_v1_PasswordSignupRequest__Output, _auth_v1_PasswordLimited>;
  
  Verify: grpc.handleUnaryCall<_auth_v1_PasswordTokenRequest__Output, _auth_v1_PasswordVerifyResponse>;
  
}

export interface PasswordServiceDefinition extends grpc.ServiceDefinition {
  AddPassword: MethodDefinition<_auth_v1_AddPasswordRequest, _auth_v1_PasswordLimited, _auth_v1_AddPasswordRequest__Output, _auth_v1_PasswordLimited__Output>
  ChangeEmail: MethodDefinition<_auth_v1_ChangeEmailRequest, _auth_v1_PasswordLimited, _auth_v1_ChangeEmailRequest__Output, _auth_v1_PasswordLimited__Output>
  ChangePassword: MethodDefinition<_auth_v1_ChangePasswordRequest, _auth_v1_PasswordSessionsEnded, _auth_v1_ChangePasswordRequest__Output, _auth_v1_PasswordSessionsEnded__Output>
  Login: MethodDefinition<_auth_v1_PasswordLoginRequest, _auth_v1_PasswordLoginResponse, _auth_v1_PasswordLoginRequest__Output, _auth_v1_PasswordLoginResponse__Output>
  ResetComplete: MethodDefinition<_auth_v1_PasswordResetCompleteRequest, _auth_v1_PasswordSessionsEnded, _auth_v1_PasswordResetCompleteRequest__Output, _auth_v1_PasswordSessionsEnded__Output>
  ResetStart: MethodDefinition<_auth_v1_PasswordResetStartRequest, _auth_v1_PasswordLimited, _auth_v1_PasswordResetStartRequest__Output, _auth_v1_PasswordLimited__Output>
  Signup: MethodDefinition<_auth_v1_PasswordSignupRequest, _auth_v1_PasswordLimited, _auth_v1_PasswordSignupRequest__Output, _auth_v1_PasswordLimited__Output>
  Verify: MethodDefinition<_auth_v1_PasswordTokenRequest, _auth_v1_PasswordVerifyResponse, _auth_v1_PasswordTokenRequest__Output, _auth_v1_PasswordVerifyResponse__Output>
}
