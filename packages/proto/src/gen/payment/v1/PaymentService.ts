// Original file: protos/payment/v1/payment.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateCardRequest as _payment_v1_CreateCardRequest, CreateCardRequest__Output as _payment_v1_CreateCardRequest__Output } from '../../payment/v1/CreateCardRequest';
import type { CreateCardResponse as _payment_v1_CreateCardResponse, CreateCardResponse__Output as _payment_v1_CreateCardResponse__Output } from '../../payment/v1/CreateCardResponse';
import type { CreateClientTokenRequest as _payment_v1_CreateClientTokenRequest, CreateClientTokenRequest__Output as _payment_v1_CreateClientTokenRequest__Output } from '../../payment/v1/CreateClientTokenRequest';
import type { CreateClientTokenResponse as _payment_v1_CreateClientTokenResponse, CreateClientTokenResponse__Output as _payment_v1_CreateClientTokenResponse__Output } from '../../payment/v1/CreateClientTokenResponse';
import type { ListCardsRequest as _payment_v1_ListCardsRequest, ListCardsRequest__Output as _payment_v1_ListCardsRequest__Output } from '../../payment/v1/ListCardsRequest';
import type { ListCardsResponse as _payment_v1_ListCardsResponse, ListCardsResponse__Output as _payment_v1_ListCardsResponse__Output } from '../../payment/v1/ListCardsResponse';
import type { ListLoadsRequest as _payment_v1_ListLoadsRequest, ListLoadsRequest__Output as _payment_v1_ListLoadsRequest__Output } from '../../payment/v1/ListLoadsRequest';
import type { ListLoadsResponse as _payment_v1_ListLoadsResponse, ListLoadsResponse__Output as _payment_v1_ListLoadsResponse__Output } from '../../payment/v1/ListLoadsResponse';
import type { LoadCardRequest as _payment_v1_LoadCardRequest, LoadCardRequest__Output as _payment_v1_LoadCardRequest__Output } from '../../payment/v1/LoadCardRequest';
import type { LoadCardResponse as _payment_v1_LoadCardResponse, LoadCardResponse__Output as _payment_v1_LoadCardResponse__Output } from '../../payment/v1/LoadCardResponse';

export interface PaymentServiceClient extends grpc.Client {
  CreateCard(argument: _payment_v1_CreateCardRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateCardResponse__Output>): grpc.ClientUnaryCall;
  CreateCard(argument: _payment_v1_CreateCardRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_CreateCardResponse__Output>): grpc.ClientUnaryCall;
  CreateCard(argument: _payment_v1_CreateCardRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateCardResponse__Output>): grpc.ClientUnaryCall;
  CreateCard(argument: _payment_v1_CreateCardRequest, callback: grpc.requestCallback<_payment_v1_CreateCardResponse__Output>): grpc.ClientUnaryCall;
  createCard(argument: _payment_v1_CreateCardRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateCardResponse__Output>): grpc.ClientUnaryCall;
  createCard(argument: _payment_v1_CreateCardRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_CreateCardResponse__Output>): grpc.ClientUnaryCall;
  createCard(argument: _payment_v1_CreateCardRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateCardResponse__Output>): grpc.ClientUnaryCall;
  createCard(argument: _payment_v1_CreateCardRequest, callback: grpc.requestCallback<_payment_v1_CreateCardResponse__Output>): grpc.ClientUnaryCall;
  
  CreateClientToken(argument: _payment_v1_CreateClientTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  CreateClientToken(argument: _payment_v1_CreateClientTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  CreateClientToken(argument: _payment_v1_CreateClientTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  CreateClientToken(argument: _payment_v1_CreateClientTokenRequest, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  createClientToken(argument: _payment_v1_CreateClientTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  createClientToken(argument: _payment_v1_CreateClientTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  createClientToken(argument: _payment_v1_CreateClientTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  createClientToken(argument: _payment_v1_CreateClientTokenRequest, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  
  ListCards(argument: _payment_v1_ListCardsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListCardsResponse__Output>): grpc.ClientUnaryCall;
  ListCards(argument: _payment_v1_ListCardsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ListCardsResponse__Output>): grpc.ClientUnaryCall;
  ListCards(argument: _payment_v1_ListCardsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListCardsResponse__Output>): grpc.ClientUnaryCall;
  ListCards(argument: _payment_v1_ListCardsRequest, callback: grpc.requestCallback<_payment_v1_ListCardsResponse__Output>): grpc.ClientUnaryCall;
  listCards(argument: _payment_v1_ListCardsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListCardsResponse__Output>): grpc.ClientUnaryCall;
  listCards(argument: _payment_v1_ListCardsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ListCardsResponse__Output>): grpc.ClientUnaryCall;
  listCards(argument: _payment_v1_ListCardsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListCardsResponse__Output>): grpc.ClientUnaryCall;
  listCards(argument: _payment_v1_ListCardsRequest, callback: grpc.requestCallback<_payment_v1_ListCardsResponse__Output>): grpc.ClientUnaryCall;
  
  ListLoads(argument: _payment_v1_ListLoadsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListLoadsResponse__Output>): grpc.ClientUnaryCall;
  ListLoads(argument: _payment_v1_ListLoadsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ListLoadsResponse__Output>): grpc.ClientUnaryCall;
  ListLoads(argument: _payment_v1_ListLoadsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListLoadsResponse__Output>): grpc.ClientUnaryCall;
  ListLoads(argument: _payment_v1_ListLoadsRequest, callback: grpc.requestCallback<_payment_v1_ListLoadsResponse__Output>): grpc.ClientUnaryCall;
  listLoads(argument: _payment_v1_ListLoadsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListLoadsResponse__Output>): grpc.ClientUnaryCall;
  listLoads(argument: _payment_v1_ListLoadsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ListLoadsResponse__Output>): grpc.ClientUnaryCall;
  listLoads(argument: _payment_v1_ListLoadsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListLoadsResponse__Output>): grpc.ClientUnaryCall;
  listLoads(argument: _payment_v1_ListLoadsRequest, callback: grpc.requestCallback<_payment_v1_ListLoadsResponse__Output>): grpc.ClientUnaryCall;
  
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
  CreateCard: grpc.handleUnaryCall<_payment_v1_CreateCardRequest__Output, _payment_v1_CreateCardResponse>;
  
  CreateClientToken: grpc.handleUnaryCall<_payment_v1_CreateClientTokenRequest__Output, _payment_v1_CreateClientTokenResponse>;
  
  ListCards: grpc.handleUnaryCall<_payment_v1_ListCardsRequest__Output, _payment_v1_ListCardsResponse>;
  
  ListLoads: grpc.handleUnaryCall<_payment_v1_ListLoadsRequest__Output, _payment_v1_ListLoadsResponse>;
  
  LoadCard: grpc.handleUnaryCall<_payment_v1_LoadCardRequest__Output, _payment_v1_LoadCardResponse>;
  
}

export interface PaymentServiceDefinition extends grpc.ServiceDefinition {
  CreateCard: MethodDefinition<_payment_v1_CreateCardRequest, _payment_v1_CreateCardResponse, _payment_v1_CreateCardRequest__Output, _payment_v1_CreateCardResponse__Output>
  CreateClientToken: MethodDefinition<_payment_v1_CreateClientTokenRequest, _payment_v1_CreateClientTokenResponse, _payment_v1_CreateClientTokenRequest__Output, _payment_v1_CreateClientTokenResponse__Output>
  ListCards: MethodDefinition<_payment_v1_ListCardsRequest, _payment_v1_ListCardsResponse, _payment_v1_ListCardsRequest__Output, _payment_v1_ListCardsResponse__Output>
  ListLoads: MethodDefinition<_payment_v1_ListLoadsRequest, _payment_v1_ListLoadsResponse, _payment_v1_ListLoadsRequest__Output, _payment_v1_ListLoadsResponse__Output>
  LoadCard: MethodDefinition<_payment_v1_LoadCardRequest, _payment_v1_LoadCardResponse, _payment_v1_LoadCardRequest__Output, _payment_v1_LoadCardResponse__Output>
}
