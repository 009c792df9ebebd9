// Original file: protos/hooks/v1/hooks.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CheckBasicAuthRequest as _hooks_v1_CheckBasicAuthRequest, CheckBasicAuthRequest__Output as _hooks_v1_CheckBasicAuthRequest__Output } from '../../hooks/v1/CheckBasicAuthRequest';
import type { CheckBasicAuthResponse as _hooks_v1_CheckBasicAuthResponse, CheckBasicAuthResponse__Output as _hooks_v1_CheckBasicAuthResponse__Output } from '../../hooks/v1/CheckBasicAuthResponse';
import type { CheckCredentialsRequest as _hooks_v1_CheckCredentialsRequest, CheckCredentialsRequest__Output as _hooks_v1_CheckCredentialsRequest__Output } from '../../hooks/v1/CheckCredentialsRequest';
import type { CheckCredentialsResponse as _hooks_v1_CheckCredentialsResponse, CheckCredentialsResponse__Output as _hooks_v1_CheckCredentialsResponse__Output } from '../../hooks/v1/CheckCredentialsResponse';
import type { MapUserRequest as _hooks_v1_MapUserRequest, MapUserRequest__Output as _hooks_v1_MapUserRequest__Output } from '../../hooks/v1/MapUserRequest';
import type { MapUserResponse as _hooks_v1_MapUserResponse, MapUserResponse__Output as _hooks_v1_MapUserResponse__Output } from '../../hooks/v1/MapUserResponse';
import type { ReadSecretRequest as _hooks_v1_ReadSecretRequest, ReadSecretRequest__Output as _hooks_v1_ReadSecretRequest__Output } from '../../hooks/v1/ReadSecretRequest';
import type { ReadSecretResponse as _hooks_v1_ReadSecretResponse, ReadSecretResponse__Output as _hooks_v1_ReadSecretResponse__Output } from '../../hooks/v1/ReadSecretResponse';
import type { SendRequest as _hooks_v1_SendRequest, SendRequest__Output as _hooks_v1_SendRequest__Output } from '../../hooks/v1/SendRequest';
import type { SendResponse as _hooks_v1_SendResponse, SendResponse__Output as _hooks_v1_SendResponse__Output } from '../../hooks/v1/SendResponse';
import type { UpdateClaimsRequest as _hooks_v1_UpdateClaimsRequest, UpdateClaimsRequest__Output as _hooks_v1_UpdateClaimsRequest__Output } from '../../hooks/v1/UpdateClaimsRequest';
import type { UpdateClaimsResponse as _hooks_v1_UpdateClaimsResponse, UpdateClaimsResponse__Output as _hooks_v1_UpdateClaimsResponse__Output } from '../../hooks/v1/UpdateClaimsResponse';
import type { UpdateUserRequest as _hooks_v1_UpdateUserRequest, UpdateUserRequest__Output as _hooks_v1_UpdateUserRequest__Output } from '../../hooks/v1/UpdateUserRequest';
import type { UpdateUserResponse as _hooks_v1_UpdateUserResponse, UpdateUserResponse__Output as _hooks_v1_UpdateUserResponse__Output } from '../../hooks/v1/UpdateUserResponse';
import type { ValidateRequest as _hooks_v1_ValidateRequest, ValidateRequest__Output as _hooks_v1_ValidateRequest__Output } from '../../hooks/v1/ValidateRequest';
import type { ValidateResponse as _hooks_v1_ValidateResponse, ValidateResponse__Output as _hooks_v1_ValidateResponse__Output } from '../../hooks/v1/ValidateResponse';

export interface AuthHooksClient extends grpc.Client {
  CheckBasicAuth(argument: _hooks_v1_CheckBasicAuthRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_CheckBasicAuthResponse__Output>): grpc.ClientUnaryCall;
  CheckBasicAuth(argument: _hooks_v1_CheckBasicAuthRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_hooks_v1_CheckBasicAuthResponse__Output>): grpc.ClientUnaryCall;
  CheckBasicAuth(argument: _hooks_v1_CheckBasicAuthRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_CheckBasicAuthResponse__Output>): grpc.ClientUnaryCall;
  CheckBasicAuth(argument: _hooks_v1_CheckBasicAuthRequest, callback: grpc.requestCallback<_hooks_v1_CheckBasicAuthResponse__Output>): grpc.ClientUnaryCall;
  checkBasicAuth(argument: _hooks_v1_CheckBasicAuthRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_CheckBasicAuthResponse__Output>): grpc.ClientUnaryCall;
  checkBasicAuth(argument: _hooks_v1_CheckBasicAuthRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_hooks_v1_CheckBasicAuthResponse__Output>): grpc.ClientUnaryCall;
  checkBasicAuth(argument: _hooks_v1_CheckBasicAuthRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_CheckBasicAuthResponse__Output>): grpc.ClientUnaryCall;
  checkBasicAuth(argument: _hooks_v1_CheckBasicAuthRequest, callback: grpc.requestCallback<_hooks_v1_CheckBasicAuthResponse__Output>): grpc.ClientUnaryCall;
  
  CheckCredentials(argument: _hooks_v1_CheckCredentialsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_CheckCredentialsResponse__Output>): grpc.ClientUnaryCall;
  CheckCredentials(argument: _hooks_v1_CheckCredentialsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_hooks_v1_CheckCredentialsResponse__Output>): grpc.ClientUnaryCall;
  CheckCredentials(argument: _hooks_v1_CheckCredentialsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_CheckCredentialsResponse__Output>): grpc.ClientUnaryCall;
  CheckCredentials(argument: _hooks_v1_CheckCredentialsRequest, callback: grpc.requestCallback<_hooks_v1_CheckCredentialsResponse__Output>): grpc.ClientUnaryCall;
  checkCredentials(argument: _hooks_v1_CheckCredentialsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_CheckCredentialsResponse__Output>): grpc.ClientUnaryCall;
  checkCredentials(argument: _hooks_v1_CheckCredentialsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_hooks_v1_CheckCredentialsResponse__Output>): grpc.ClientUnaryCall;
  checkCredentials(argument: _hooks_v1_CheckCredentialsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_CheckCredentialsResponse__Output>): grpc.ClientUnaryCall;
  checkCredentials(argument: _hooks_v1_CheckCredentialsRequest, callback: grpc.requestCallback<_hooks_v1_CheckCredentialsResponse__Output>): grpc.ClientUnaryCall;
  
  MapUser(argument: _hooks_v1_MapUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_MapUserResponse__Output>): grpc.ClientUnaryCall;
  MapUser(argument: _hooks_v1_MapUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_hooks_v1_MapUserResponse__Output>): grpc.ClientUnaryCall;
  MapUser(argument: _hooks_v1_MapUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_MapUserResponse__Output>): grpc.ClientUnaryCall;
  MapUser(argument: _hooks_v1_MapUserRequest, callback: grpc.requestCallback<_hooks_v1_MapUserResponse__Output>): grpc.ClientUnaryCall;
  mapUser(argument: _hooks_v1_MapUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_MapUserResponse__Output>): grpc.ClientUnaryCall;
  mapUser(argument: _hooks_v1_MapUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_hooks_v1_MapUserResponse__Output>): grpc.ClientUnaryCall;
  mapUser(argument: _hooks_v1_MapUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_MapUserResponse__Output>): grpc.ClientUnaryCall;
  mapUser(argument: _hooks_v1_MapUserRequest, callback: grpc.requestCallback<_hooks_v1_MapUserResponse__Output>): grpc.ClientUnaryCall;
  
  ReadSecret(argument: _hooks_v1_ReadSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_ReadSecretResponse__Output>): grpc.ClientUnaryCall;
  ReadSecret(argument: _hooks_v1_ReadSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_hooks_v1_ReadSecretResponse__Output>): grpc.ClientUnaryCall;
  ReadSecret(argument: _hooks_v1_ReadSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_ReadSecretResponse__Output>): grpc.ClientUnaryCall;
  ReadSecret(argument: _hooks_v1_ReadSecretRequest, callback: grpc.requestCallback<_hooks_v1_ReadSecretResponse__Output>): grpc.ClientUnaryCall;
  readSecret(argument: _hooks_v1_ReadSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_ReadSecretResponse__Output>): grpc.ClientUnaryCall;
  readSecret(argument: _hooks_v1_ReadSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_hooks_v1_ReadSecretResponse__Output>): grpc.ClientUnaryCall;
  readSecret(argument: _hooks_v1_ReadSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_ReadSecretResponse__Output>): grpc.ClientUnaryCall;
  readSecret(argument: _hooks_v1_ReadSecretRequest, callback: grpc.requestCallback<_hooks_v1_ReadSecretResponse__Output>): grpc.ClientUnaryCall;
  
  Send(argument: _hooks_v1_SendRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_SendResponse__Output>): grpc.ClientUnaryCall;
  Send(argument: _hooks_v1_SendRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_hooks_v1_SendResponse__Output>): grpc.ClientUnaryCall;
  Send(argument: _hooks_v1_SendRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_SendResponse__Output>): grpc.ClientUnaryCall;
  Send(argument: _hooks_v1_SendRequest, callback: grpc.requestCallback<_hooks_v1_SendResponse__Output>): grpc.ClientUnaryCall;
  send(argument: _hooks_v1_SendRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_SendResponse__Output>): grpc.ClientUnaryCall;
  send(argument: _hooks_v1_SendRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_hooks_v1_SendResponse__Output>): grpc.ClientUnaryCall;
  send(argument: _hooks_v1_SendRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_SendResponse__Output>): grpc.ClientUnaryCall;
  send(argument: _hooks_v1_SendRequest, callback: grpc.requestCallback<_hooks_v1_SendResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateClaims(argument: _hooks_v1_UpdateClaimsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_UpdateClaimsResponse__Output>): grpc.ClientUnaryCall;
  UpdateClaims(argument: _hooks_v1_UpdateClaimsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_hooks_v1_UpdateClaimsResponse__Output>): grpc.ClientUnaryCall;
  UpdateClaims(argument: _hooks_v1_UpdateClaimsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_UpdateClaimsResponse__Output>): grpc.ClientUnaryCall;
  UpdateClaims(argument: _hooks_v1_UpdateClaimsRequest, callback: grpc.requestCallback<_hooks_v1_UpdateClaimsResponse__Output>): grpc.ClientUnaryCall;
  updateClaims(argument: _hooks_v1_UpdateClaimsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_UpdateClaimsResponse__Output>): grpc.ClientUnaryCall;
  updateClaims(argument: _hooks_v1_UpdateClaimsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_hooks_v1_UpdateClaimsResponse__Output>): grpc.ClientUnaryCall;
  updateClaims(argument: _hooks_v1_UpdateClaimsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_UpdateClaimsResponse__Output>): grpc.ClientUnaryCall;
  updateClaims(argument: _hooks_v1_UpdateClaimsRequest, callback: grpc.requestCallback<_hooks_v1_UpdateClaimsResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateUser(argument: _hooks_v1_UpdateUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_UpdateUserResponse__Output>): grpc.ClientUnaryCall;
  UpdateUser(argument: _hooks_v1_UpdateUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_hooks_v1_UpdateUserResponse__Output>): grpc.ClientUnaryCall;
  UpdateUser(argument: _hooks_v1_UpdateUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_UpdateUserResponse__Output>): grpc.ClientUnaryCall;
  UpdateUser(argument: _hooks_v1_UpdateUserRequest, callback: grpc.requestCallback<_hooks_v1_UpdateUserResponse__Output>): grpc.ClientUnaryCall;
  updateUser(argument: _hooks_v1_UpdateUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_UpdateUserResponse__Output>): grpc.ClientUnaryCall;
  updateUser(argument: _hooks_v1_UpdateUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_hooks_v1_UpdateUserResponse__Output>): grpc.ClientUnaryCall;
  updateUser(argument: _hooks_v1_UpdateUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_UpdateUserResponse__Output>): grpc.ClientUnaryCall;
  updateUser(argument: _hooks_v1_UpdateUserRequest, callback: grpc.requestCallback<_hooks_v1_UpdateUserResponse__Output>): grpc.ClientUnaryCall;
  
  Validate(argument: _hooks_v1_ValidateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_ValidateResponse__Output>): grpc.ClientUnaryCall;
  Validate(argument: _hooks_v1_ValidateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_hooks_v1_ValidateResponse__Output>): grpc.ClientUnaryCall;
  Validate(argument: _hooks_v1_ValidateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_ValidateResponse__Output>): grpc.ClientUnaryCall;
  Validate(argument: _hooks_v1_ValidateRequest, callback: grpc.requestCallback<_hooks_v1_ValidateResponse__Output>): grpc.ClientUnaryCall;
  validate(argument: _hooks_v1_ValidateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_ValidateResponse__Output>): grpc.ClientUnaryCall;
  validate(argument: _hooks_v1_ValidateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_hooks_v1_ValidateResponse__Output>): grpc.ClientUnaryCall;
  validate(argument: _hooks_v1_ValidateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_hooks_v1_ValidateResponse__Output>): grpc.ClientUnaryCall;
  validate(argument: _hooks_v1_ValidateRequest, callback: grpc.requestCallback<_hooks_v1_ValidateResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface AuthHooksHandlers extends grpc.UntypedServiceImplementation {
  CheckBasicAuth: grpc.handleUnaryCall<_hooks_v1_CheckBasicAuthRequest__Output, _hooks_v1_CheckBasicAuthResponse>;
  
  CheckCredentials: grpc.handleUnaryCall<_hooks_v1_CheckCredentialsRequest__Output, _hooks_v1_CheckCredentialsResponse>;
  
  MapUser: grpc.handleUnaryCall<_hooks_v1_MapUserRequest__Output, _hooks_v1_MapUserResponse>;
  
  ReadSecret: grpc.handleUnaryCall<_hooks_v1_ReadSecretRequest__Output, _hooks_v1_ReadSecretResponse>;
  
  Send: grpc.handleUnaryCall<_hooks_v1_SendRequest__Output, _hooks_v1_SendResponse>;
  
  UpdateClaims: grpc.handleUnaryCall<_hooks_v1_UpdateClaimsRequest__Output, _hooks_v1_UpdateClaimsResponse>;
  
  UpdateUser: grpc.handleUnaryCall<_hooks_v1_UpdateUserRequest__Output, _hooks_v1_UpdateUserResponse>;
  
  Validate: grpc.handleUnaryCall<_hooks_v1_ValidateRequest__Output, _hooks_v1_ValidateResponse>;
  
}

export interface AuthHooksDefinition extends grpc.ServiceDefinition {
  CheckBasicAuth: MethodDefinition<_hooks_v1_CheckBasicAuthRequest, _hooks_v1_CheckBasicAuthResponse, _hooks_v1_CheckBasicAuthRequest__Output, _hooks_v1_CheckBasicAuthResponse__Output>
  CheckCredentials: MethodDefinition<_hooks_v1_CheckCredentialsRequest, _hooks_v1_CheckCredentialsResponse, _hooks_v1_CheckCredentialsRequest__Output, _hooks_v1_CheckCredentialsResponse__Output>
  MapUser: MethodDefinition<_hooks_v1_MapUserRequest, _hooks_v1_MapUserResponse, _hooks_v1_MapUserRequest__Output, _hooks_v1_MapUserResponse__Output>
  ReadSecret: MethodDefinition<_hooks_v1_ReadSecretRequest, _hooks_v1_ReadSecretResponse, _hooks_v1_ReadSecretRequest__Output, _hooks_v1_ReadSecretResponse__Output>
  Send: MethodDefinition<_hooks_v1_SendRequest, _hooks_v1_SendResponse, _hooks_v1_SendRequest__Output, _hooks_v1_SendResponse__Output>
  UpdateClaims: MethodDefinition<_hooks_v1_UpdateClaimsRequest, _hooks_v1_UpdateClaimsResponse, _hooks_v1_UpdateClaimsRequest__Output, _hooks_v1_UpdateClaimsResponse__Output>
  UpdateUser: MethodDefinition<_hooks_v1_UpdateUserRequest, _hooks_v1_UpdateUserResponse, _hooks_v1_UpdateUserRequest__Output, _hooks_v1_UpdateUserResponse__Output>
  Validate: MethodDefinition<_hooks_v1_ValidateRequest, _hooks_v1_ValidateResponse, _hooks_v1_ValidateRequest__Output, _hooks_v1_ValidateResponse__Output>
}
