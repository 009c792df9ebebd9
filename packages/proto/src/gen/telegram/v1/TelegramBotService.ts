// Original file: protos/telegram/v1/telegram_bot.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CheckLoginRequestRequest as _telegram_v1_CheckLoginRequestRequest, CheckLoginRequestRequest__Output as _telegram_v1_CheckLoginRequestRequest__Output } from '../../telegram/v1/CheckLoginRequestRequest';
import type { CheckLoginRequestResponse as _telegram_v1_CheckLoginRequestResponse, CheckLoginRequestResponse__Output as _telegram_v1_CheckLoginRequestResponse__Output } from '../../telegram/v1/CheckLoginRequestResponse';
import type { CreateLoginRequestRequest as _telegram_v1_CreateLoginRequestRequest, CreateLoginRequestRequest__Output as _telegram_v1_CreateLoginRequestRequest__Output } from '../../telegram/v1/CreateLoginRequestRequest';
import type { CreateLoginRequestResponse as _telegram_v1_CreateLoginRequestResponse, CreateLoginRequestResponse__Output as _telegram_v1_CreateLoginRequestResponse__Output } from '../../telegram/v1/CreateLoginRequestResponse';

export interface TelegramBotServiceClient extends grpc.Client {
  CheckLoginRequest(argument: _telegram_v1_CheckLoginRequestRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_telegram_v1_CheckLoginRequestResponse__Output>): grpc.ClientUnaryCall;
  CheckLoginRequest(argument: _telegram_v1_CheckLoginRequestRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_telegram_v1_CheckLoginRequestResponse__Output>): grpc.ClientUnaryCall;
  CheckLoginRequest(argument: _telegram_v1_CheckLoginRequestRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_telegram_v1_CheckLoginRequestResponse__Output>): grpc.ClientUnaryCall;
  CheckLoginRequest(argument: _telegram_v1_CheckLoginRequestRequest, callback: grpc.requestCallback<_telegram_v1_CheckLoginRequestResponse__Output>): grpc.ClientUnaryCall;
  checkLoginRequest(argument: _telegram_v1_CheckLoginRequestRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_telegram_v1_CheckLoginRequestResponse__Output>): grpc.ClientUnaryCall;
  checkLoginRequest(argument: _telegram_v1_CheckLoginRequestRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_telegram_v1_CheckLoginRequestResponse__Output>): grpc.ClientUnaryCall;
  checkLoginRequest(argument: _telegram_v1_CheckLoginRequestRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_telegram_v1_CheckLoginRequestResponse__Output>): grpc.ClientUnaryCall;
  checkLoginRequest(argument: _telegram_v1_CheckLoginRequestRequest, callback: grpc.requestCallback<_telegram_v1_CheckLoginRequestResponse__Output>): grpc.ClientUnaryCall;
  
  CreateLoginRequest(argument: _telegram_v1_CreateLoginRequestRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_telegram_v1_CreateLoginRequestResponse__Output>): grpc.ClientUnaryCall;
  CreateLoginRequest(argument: _telegram_v1_CreateLoginRequestRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_telegram_v1_CreateLoginRequestResponse__Output>): grpc.ClientUnaryCall;
  CreateLoginRequest(argument: _telegram_v1_CreateLoginRequestRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_telegram_v1_CreateLoginRequestResponse__Output>): grpc.ClientUnaryCall;
  CreateLoginRequest(argument: _telegram_v1_CreateLoginRequestRequest, callback: grpc.requestCallback<_telegram_v1_CreateLoginRequestResponse__Output>): grpc.ClientUnaryCall;
  createLoginRequest(argument: _telegram_v1_CreateLoginRequestRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_telegram_v1_CreateLoginRequestResponse__Output>): grpc.ClientUnaryCall;
  createLoginRequest(argument: _telegram_v1_CreateLoginRequestRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_telegram_v1_CreateLoginRequestResponse__Output>): grpc.ClientUnaryCall;
  createLoginRequest(argument: _telegram_v1_CreateLoginRequestRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_telegram_v1_CreateLoginRequestResponse__Output>): grpc.ClientUnaryCall;
  createLoginRequest(argument: _telegram_v1_CreateLoginRequestRequest, callback: grpc.requestCallback<_telegram_v1_CreateLoginRequestResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface TelegramBotServiceHandlers extends grpc.UntypedServiceImplementation {
  CheckLoginRequest: grpc.handleUnaryCall<_telegram_v1_CheckLoginRequestRequest__Output, _telegram_v1_CheckLoginRequestResponse>;
  
  CreateLoginRequest: grpc.handleUnaryCall<_telegram_v1_CreateLoginRequestRequest__Output, _telegram_v1_CreateLoginRequestResponse>;
  
}

export interface TelegramBotServiceDefinition extends grpc.ServiceDefinition {
  CheckLoginRequest: MethodDefinition<_telegram_v1_CheckLoginRequestRequest, _telegram_v1_CheckLoginRequestResponse, _telegram_v1_CheckLoginRequestRequest__Output, _telegram_v1_CheckLoginRequestResponse__Output>
  CreateLoginRequest: MethodDefinition<_telegram_v1_CreateLoginRequestRequest, _telegram_v1_CreateLoginRequestResponse, _telegram_v1_CreateLoginRequestRequest__Output, _telegram_v1_CreateLoginRequestResponse__Output>
}
