// Original file: protos/auth/v1/totp.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ActivateTotpRequest as _auth_v1_ActivateTotpRequest, ActivateTotpRequest__Output as _auth_v1_ActivateTotpRequest__Output } from '../../auth/v1/ActivateTotpRequest';
import type { ActivateTotpResponse as _auth_v1_ActivateTotpResponse, ActivateTotpResponse__Output as _auth_v1_ActivateTotpResponse__Output } from '../../auth/v1/ActivateTotpResponse';
import type { DisableTotpResponse as _auth_v1_DisableTotpResponse, DisableTotpResponse__Output as _auth_v1_DisableTotpResponse__Output } from '../../auth/v1/DisableTotpResponse';
import type { RegenerateRecoveryCodesResponse as _auth_v1_RegenerateRecoveryCodesResponse, RegenerateRecoveryCodesResponse__Output as _auth_v1_RegenerateRecoveryCodesResponse__Output } from '../../auth/v1/RegenerateRecoveryCodesResponse';
import type { SetupTotpResponse as _auth_v1_SetupTotpResponse, SetupTotpResponse__Output as _auth_v1_SetupTotpResponse__Output } from '../../auth/v1/SetupTotpResponse';
import type { TotpFactorRequest as _auth_v1_TotpFactorRequest, TotpFactorRequest__Output as _auth_v1_TotpFactorRequest__Output } from '../../auth/v1/TotpFactorRequest';
import type { TotpStatus as _auth_v1_TotpStatus, TotpStatus__Output as _auth_v1_TotpStatus__Output } from '../../auth/v1/TotpStatus';
import type { TotpUserRequest as _auth_v1_TotpUserRequest, TotpUserRequest__Output as _auth_v1_TotpUserRequest__Output } from '../../auth/v1/TotpUserRequest';
import type { VerifyTotpRequest as _auth_v1_VerifyTotpRequest, VerifyTotpRequest__Output as _auth_v1_VerifyTotpRequest__Output } from '../../auth/v1/VerifyTotpRequest';
import type { VerifyTotpResponse as _auth_v1_VerifyTotpResponse, VerifyTotpResponse__Output as _auth_v1_VerifyTotpResponse__Output } from '../../auth/v1/VerifyTotpResponse';

export interface TotpServiceClient extends grpc.Client {
  ActivateTotp(argument: _auth_v1_ActivateTotpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ActivateTotpResponse__Output>): grpc.ClientUnaryCall;
  ActivateTotp(argument: _auth_v1_ActivateTotpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ActivateTotpResponse__Output>): grpc.ClientUnaryCall;
  ActivateTotp(argument: _auth_v1_ActivateTotpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ActivateTotpResponse__Output>): grpc.ClientUnaryCall;
  ActivateTotp(argument: _auth_v1_ActivateTotpRequest, callback: grpc.requestCallback<_auth_v1_ActivateTotpResponse__Output>): grpc.ClientUnaryCall;
  activateTotp(argument: _auth_v1_ActivateTotpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ActivateTotpResponse__Output>): grpc.ClientUnaryCall;
  activateTotp(argument: _auth_v1_ActivateTotpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ActivateTotpResponse__Output>): grpc.ClientUnaryCall;
  activateTotp(argument: _auth_v1_ActivateTotpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ActivateTotpResponse__Output>): grpc.ClientUnaryCall;
  activateTotp(argument: _auth_v1_ActivateTotpRequest, callback: grpc.requestCallback<_auth_v1_ActivateTotpResponse__Output>): grpc.ClientUnaryCall;
  
  DisableTotp(argument: _auth_v1_TotpFactorRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DisableTotpResponse__Output>): grpc.ClientUnaryCall;
  DisableTotp(argument: _auth_v1_TotpFactorRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_DisableTotpResponse__Output>): grpc.ClientUnaryCall;
  DisableTotp(argument: _auth_v1_TotpFactorRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DisableTotpResponse__Output>): grpc.ClientUnaryCall;
  DisableTotp(argument: _auth_v1_TotpFactorRequest, callback: grpc.requestCallback<_auth_v1_DisableTotpResponse__Output>): grpc.ClientUnaryCall;
  disableTotp(argument: _auth_v1_TotpFactorRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DisableTotpResponse__Output>): grpc.ClientUnaryCall;
  disableTotp(argument: _auth_v1_TotpFactorRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_DisableTotpResponse__Output>): grpc.ClientUnaryCall;
  disableTotp(argument: _auth_v1_TotpFactorRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DisableTotpResponse__Output>): grpc.ClientUnaryCall;
  disableTotp(argument: _auth_v1_TotpFactorRequest, callback: grpc.requestCallback<_auth_v1_DisableTotpResponse__Output>): grpc.ClientUnaryCall;
  
  GetTotpStatus(argument: _auth_v1_TotpUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_TotpStatus__Output>): grpc.ClientUnaryCall;
  GetTotpStatus(argument: _auth_v1_TotpUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_TotpStatus__Output>): grpc.ClientUnaryCall;
  GetTotpStatus(argument: _auth_v1_TotpUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_TotpStatus__Output>): grpc.ClientUnaryCall;
  GetTotpStatus(argument: _auth_v1_TotpUserRequest, callback: grpc.requestCallback<_auth_v1_TotpStatus__Output>): grpc.ClientUnaryCall;
  getTotpStatus(argument: _auth_v1_TotpUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_TotpStatus__Output>): grpc.ClientUnaryCall;
  getTotpStatus(argument: _auth_v1_TotpUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_TotpStatus__Output>): grpc.ClientUnaryCall;
  getTotpStatus(argument: _auth_v1_TotpUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_TotpStatus__Output>): grpc.ClientUnaryCall;
  getTotpStatus(argument: _auth_v1_TotpUserRequest, callback: grpc.requestCallback<_auth_v1_TotpStatus__Output>): grpc.ClientUnaryCall;
  
  RegenerateRecoveryCodes(argument: _auth_v1_TotpFactorRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RegenerateRecoveryCodesResponse__Output>): grpc.ClientUnaryCall;
  RegenerateRecoveryCodes(argument: _auth_v1_TotpFactorRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_RegenerateRecoveryCodesResponse__Output>): grpc.ClientUnaryCall;
  RegenerateRecoveryCodes(argument: _auth_v1_TotpFactorRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RegenerateRecoveryCodesResponse__Output>): grpc.ClientUnaryCall;
  RegenerateRecoveryCodes(argument: _auth_v1_TotpFactorRequest, callback: grpc.requestCallback<_auth_v1_RegenerateRecoveryCodesResponse__Output>): grpc.ClientUnaryCall;
  regenerateRecoveryCodes(argument: _auth_v1_TotpFactorRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RegenerateRecoveryCodesResponse__Output>): grpc.ClientUnaryCall;
  regenerateRecoveryCodes(argument: _auth_v1_TotpFactorRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_RegenerateRecoveryCodesResponse__Output>): grpc.ClientUnaryCall;
  regenerateRecoveryCodes(argument: _auth_v1_TotpFactorRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RegenerateRecoveryCodesResponse__Output>): grpc.ClientUnaryCall;
  regenerateRecoveryCodes(argument: _auth_v1_TotpFactorRequest, callback: grpc.requestCallback<_auth_v1_RegenerateRecoveryCodesResponse__Output>): grpc.ClientUnaryCall;
  
  SetupTotp(argument: _auth_v1_TotpUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_SetupTotpResponse__Output>): grpc.ClientUnaryCall;
  SetupTotp(argument: _auth_v1_TotpUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_SetupTotpResponse__Output>): grpc.ClientUnaryCall;
  SetupTotp(argument: _auth_v1_TotpUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_SetupTotpResponse__Output>): grpc.ClientUnaryCall;
  SetupTotp(argument: _auth_v1_TotpUserRequest, callback: grpc.requestCallback<_auth_v1_SetupTotpResponse__Output>): grpc.ClientUnaryCall;
  setupTotp(argument: _auth_v1_TotpUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_SetupTotpResponse__Output>): grpc.ClientUnaryCall;
  setupTotp(argument: _auth_v1_TotpUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_SetupTotpResponse__Output>): grpc.ClientUnaryCall;
  setupTotp(argument: _auth_v1_TotpUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_SetupTotpResponse__Output>): grpc.ClientUnaryCall;
  setupTotp(argument: _auth_v1_TotpUserRequest, callback: grpc.requestCallback<_auth_v1_SetupTotpResponse__Output>): grpc.ClientUnaryCall;
  
  VerifyTotp(argument: _auth_v1_VerifyTotpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_VerifyTotpResponse__Output>): grpc.ClientUnaryCall;
  VerifyTotp(argument: _auth_v1_VerifyTotpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_VerifyTotpResponse__Output>): grpc.ClientUnaryCall;
  VerifyTotp(argument: _auth_v1_VerifyTotpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_VerifyTotpResponse__Output>): grpc.ClientUnaryCall;
  VerifyTotp(argument: _auth_v1_VerifyTotpRequest, callback: grpc.requestCallback<_auth_v1_VerifyTotpResponse__Output>): grpc.ClientUnaryCall;
  verifyTotp(argument: _auth_v1_VerifyTotpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_VerifyTotpResponse__Output>): grpc.ClientUnaryCall;
  verifyTotp(argument: _auth_v1_VerifyTotpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_VerifyTotpResponse__Output>): grpc.ClientUnaryCall;
  verifyTotp(argument: _auth_v1_VerifyTotpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_VerifyTotpResponse__Output>): grpc.ClientUnaryCall;
  verifyTotp(argument: _auth_v1_VerifyTotpRequest, callback: grpc.requestCallback<_auth_v1_VerifyTotpResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface TotpServiceHandlers extends grpc.UntypedServiceImplementation {
  ActivateTotp: grpc.handleUnaryCall<_auth_v1_ActivateTotpRequest__Output, _auth_v1_ActivateTotpResponse>;
  
  DisableTotp: grpc.handleUnaryCall<_auth_v1_TotpFactorRequest__Output, _auth_v1_DisableTotpResponse>;
  
  GetTotpStatus: grpc.handleUnaryCall<_auth_v1_TotpUserRequest__Output, _auth_v1_TotpStatus>;
  
  RegenerateRecoveryCodes: grpc.handleUnaryCall<_auth_v1_TotpFactorRequest__Output, _auth_v1_RegenerateRecoveryCodesResponse>;
  
  SetupTotp: grpc.handleUnaryCall<_auth_v1_TotpUserRequest__Output, _auth_v1_SetupTotpResponse>;
  
  VerifyTotp: grpc.handleUnaryCall<_auth_v1_VerifyTotpRequest__Output, _auth_v1_VerifyTotpResponse>;
  
}

export interface TotpServiceDefinition extends grpc.ServiceDefinition {
  ActivateTotp: MethodDefinition<_auth_v1_ActivateTotpRequest, _auth_v1_ActivateTotpResponse, _auth_v1_ActivateTotpRequest__Output, _auth_v1_ActivateTotpResponse__Output>
  DisableTotp: MethodDefinition<_auth_v1_TotpFactorRequest, _auth_v1_DisableTotpResponse, _auth_v1_TotpFactorRequest__Output, _auth_v1_DisableTotpResponse__Output>
  GetTotpStatus: MethodDefinition<_auth_v1_TotpUserRequest, _auth_v1_TotpStatus, _auth_v1_TotpUserRequest__Output, _auth_v1_TotpStatus__Output>
  RegenerateRecoveryCodes: MethodDefinition<_auth_v1_TotpFactorRequest, _auth_v1_RegenerateRecoveryCodesResponse, _auth_v1_TotpFactorRequest__Output, _auth_v1_RegenerateRecoveryCodesResponse__Output>
  SetupTotp: MethodDefinition<_auth_v1_TotpUserRequest, _auth_v1_SetupTotpResponse, _auth_v1_TotpUserRequest__Output, _auth_v1_SetupTotpResponse__Output>
  VerifyTotp: MethodDefinition<_auth_v1_VerifyTotpRequest, _auth_v1_VerifyTotpResponse, _auth_v1_VerifyTotpRequest__Output, _auth_v1_VerifyTotpResponse__Output>
}
