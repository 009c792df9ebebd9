import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AuthHooksClient as _hooks_v1_AuthHooksClient, AuthHooksDefinition as _hooks_v1_AuthHooksDefinition } from './hooks/v1/AuthHooks';
import type { CheckBasicAuthRequest as _hooks_v1_CheckBasicAuthRequest, CheckBasicAuthRequest__Output as _hooks_v1_CheckBasicAuthRequest__Output } from './hooks/v1/CheckBasicAuthRequest';
import type { CheckBasicAuthResponse as _hooks_v1_CheckBasicAuthResponse, CheckBasicAuthResponse__Output as _hooks_v1_CheckBasicAuthResponse__Output } from './hooks/v1/CheckBasicAuthResponse';
import type { CheckCredentialsRequest as _hooks_v1_CheckCredentialsRequest, CheckCredentialsRequest__Output as _hooks_v1_CheckCredentialsRequest__Output } from './hooks/v1/CheckCredentialsRequest';
import type { CheckCredentialsResponse as _hooks_v1_CheckCredentialsResponse, CheckCredentialsResponse__Output as _hooks_v1_CheckCredentialsResponse__Output } from './hooks/v1/CheckCredentialsResponse';
import type { MapUserRequest as _hooks_v1_MapUserRequest, MapUserRequest__Output as _hooks_v1_MapUserRequest__Output } from './hooks/v1/MapUserRequest';
import type { MapUserResponse as _hooks_v1_MapUserResponse, MapUserResponse__Output as _hooks_v1_MapUserResponse__Output } from './hooks/v1/MapUserResponse';
import type { ReadSecretRequest as _hooks_v1_ReadSecretRequest, ReadSecretRequest__Output as _hooks_v1_ReadSecretRequest__Output } from './hooks/v1/ReadSecretRequest';
import type { ReadSecretResponse as _hooks_v1_ReadSecretResponse, ReadSecretResponse__Output as _hooks_v1_ReadSecretResponse__Output } from './hooks/v1/ReadSecretResponse';
import type { SendRequest as _hooks_v1_SendRequest, SendRequest__Output as _hooks_v1_SendRequest__Output } from './hooks/v1/SendRequest';
import type { SendResponse as _hooks_v1_SendResponse, SendResponse__Output as _hooks_v1_SendResponse__Output } from './hooks/v1/SendResponse';
import type { UpdateClaimsRequest as _hooks_v1_UpdateClaimsRequest, UpdateClaimsRequest__Output as _hooks_v1_UpdateClaimsRequest__Output } from './hooks/v1/UpdateClaimsRequest';
import type { UpdateClaimsResponse as _hooks_v1_UpdateClaimsResponse, UpdateClaimsResponse__Output as _hooks_v1_UpdateClaimsResponse__Output } from './hooks/v1/UpdateClaimsResponse';
import type { UpdateUserRequest as _hooks_v1_UpdateUserRequest, UpdateUserRequest__Output as _hooks_v1_UpdateUserRequest__Output } from './hooks/v1/UpdateUserRequest';
import type { UpdateUserResponse as _hooks_v1_UpdateUserResponse, UpdateUserResponse__Output as _hooks_v1_UpdateUserResponse__Output } from './hooks/v1/UpdateUserResponse';
import type { ValidateRequest as _hooks_v1_ValidateRequest, ValidateRequest__Output as _hooks_v1_ValidateRequest__Output } from './hooks/v1/ValidateRequest';
import type { ValidateResponse as _hooks_v1_ValidateResponse, ValidateResponse__Output as _hooks_v1_ValidateResponse__Output } from './hooks/v1/ValidateResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  hooks: {
    v1: {
      AuthHooks: SubtypeConstructor<typeof grpc.Client, _hooks_v1_AuthHooksClient> & { service: _hooks_v1_AuthHooksDefinition }
      CheckBasicAuthRequest: MessageTypeDefinition<_hooks_v1_CheckBasicAuthRequest, _hooks_v1_CheckBasicAuthRequest__Output>
      CheckBasicAuthResponse: MessageTypeDefinition<_hooks_v1_CheckBasicAuthResponse, _hooks_v1_CheckBasicAuthResponse__Output>
      CheckCredentialsRequest: MessageTypeDefinition<_hooks_v1_CheckCredentialsRequest, _hooks_v1_CheckCredentialsRequest__Output>
      CheckCredentialsResponse: MessageTypeDefinition<_hooks_v1_CheckCredentialsResponse, _hooks_v1_CheckCredentialsResponse__Output>
      MapUserRequest: MessageTypeDefinition<_hooks_v1_MapUserRequest, _hooks_v1_MapUserRequest__Output>
      MapUserResponse: MessageTypeDefinition<_hooks_v1_MapUserResponse, _hooks_v1_MapUserResponse__Output>
      ReadSecretRequest: MessageTypeDefinition<_hooks_v1_ReadSecretRequest, _hooks_v1_ReadSecretRequest__Output>
      ReadSecretResponse: MessageTypeDefinition<_hooks_v1_ReadSecretResponse, _hooks_v1_ReadSecretResponse__Output>
      SendRequest: MessageTypeDefinition<_hooks_v1_SendRequest, _hooks_v1_SendRequest__Output>
      SendResponse: MessageTypeDefinition<_hooks_v1_SendResponse, _hooks_v1_SendResponse__Output>
      UpdateClaimsRequest: MessageTypeDefinition<_hooks_v1_UpdateClaimsRequest, _hooks_v1_UpdateClaimsRequest__Output>
      UpdateClaimsResponse: MessageTypeDefinition<_hooks_v1_UpdateClaimsResponse, _hooks_v1_UpdateClaimsResponse__Output>
      UpdateUserRequest: MessageTypeDefinition<_hooks_v1_UpdateUserRequest, _hooks_v1_UpdateUserRequest__Output>
      UpdateUserResponse: MessageTypeDefinition<_hooks_v1_UpdateUserResponse, _hooks_v1_UpdateUserResponse__Output>
      ValidateRequest: MessageTypeDefinition<_hooks_v1_ValidateRequest, _hooks_v1_ValidateRequest__Output>
      ValidateResponse: MessageTypeDefinition<_hooks_v1_ValidateResponse, _hooks_v1_ValidateResponse__Output>
    }
  }
}

