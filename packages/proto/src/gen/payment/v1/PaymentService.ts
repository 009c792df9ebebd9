// Original file: protos/payment/v1/payment.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateClientTokenRequest as _payment_v1_CreateClientTokenRequest, CreateClientTokenRequest__Output as _payment_v1_CreateClientTokenRequest__Output } from '../../payment/v1/CreateClientTokenRequest';
import type { CreateClientTokenResponse as _payment_v1_CreateClientTokenResponse, CreateClientTokenResponse__Output as _payment_v1_CreateClientTokenResponse__Output } from '../../payment/v1/CreateClientTokenResponse';
import type { LoadCardRequest as _payment_v1_LoadCardRequest, LoadCardRequest__Output as _payment_v1_LoadCardRequest__Output } from '../../payment/v1/LoadCardRequest';
import type { LoadCardResponse as _payment_v1_LoadCardResponse, LoadCardResponse__Output as _payment_v1_LoadCardResponse__Output } from '../../payment/v1/LoadCardResponse';

export interface PaymentServiceClient extends grpc.Client {
  CreateClientToken(argument: _payment_v1_CreateClientTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  CreateClientToken(argument: _payment_v1_CreateClientTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  CreateClientToken(argument: _payment_v1_CreateClientTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  CreateClientToken(argument: _payment_v1_CreateClientTokenRequest, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  createClientToken(argument: _payment_v1_CreateClientTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  createClientToken(argument: _payment_v1_CreateClientTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  createClientToken(argument: _payment_v1_CreateClientTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  createClientToken(argument: _payment_v1_CreateClientTokenRequest, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  
  LoadCard(argument: _payment_v1_LoadCardRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LoadCardResponse__Output>): grpc.ClientUnaryCall;
  LoadCard(argument: _payment_v1_LoadCardRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_LoadCardResponse__Output>): grpc.ClientUnaryCall;
  LoadCard(argument: _payment_v1_LoadCardRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LoadCardResponse__Output>): grpc.ClientUnaryCall;
  LoadCard(argument: _payment_v1_LoadCardRequest, callback: grpc.requestCallback<_payment_v1_LoadCardResponse__Output>): grpc.ClientUnaryCall;
  loadCard(argument: _payment_v1_LoadCardRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LoadCardResponse__Output>): grpc.ClientUnaryCall;
  loadCard(argument: _payment_v1_LoadCardRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_LoadCardResponse__Output>): grpc.ClientUnaryCall;
  loadCard(argument: _payment_v1_LoadCardRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LoadCardResponse__Output>): grpc.ClientUnaryCall;
  loadCard(argument: _payment_v1_LoadCardRequest, callback: grpc.requestCallback<_payment_v1_LoadCardResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface PaymentServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateClientToken: grpc.handleUnaryCall<_payment_v1_CreateClientTokenRequest__Output, _payment_v1_CreateClientTokenResponse>;
  
  LoadCard: grpc.handleUnaryCall<_payment_v1_LoadCardRequest__Output, _payment_v1_LoadCardResponse>;
  
}

export interface PaymentServiceDefinition extends grpc.ServiceDefinition {
  CreateClientToken: MethodDefinition<_payment_v1_CreateClientTokenRequest, _payment_v1_CreateClientTokenResponse, _payment_v1_CreateClientTokenRequest__Output, _payment_v1_CreateClientTokenResponse__Output>
  LoadCard: MethodDefinition<_payment_v1_LoadCardRequest, _payment_v1_LoadCardResponse, _payment_v1_LoadCardRequest__Output, _payment_v1_LoadCardResponse__Output>
}
