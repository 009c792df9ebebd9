// Original file: protos/payment/v1/payment.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AdminGetCardRequest as _payment_v1_AdminGetCardRequest, AdminGetCardRequest__Output as _payment_v1_AdminGetCardRequest__Output } from '../../payment/v1/AdminGetCardRequest';
import type { AdminGetCardResponse as _payment_v1_AdminGetCardResponse, AdminGetCardResponse__Output as _payment_v1_AdminGetCardResponse__Output } from '../../payment/v1/AdminGetCardResponse';
import type { AdminListCardsRequest as _payment_v1_AdminListCardsRequest, AdminListCardsRequest__Output as _payment_v1_AdminListCardsRequest__Output } from '../../payment/v1/AdminListCardsRequest';
import type { AdminListCardsResponse as _payment_v1_AdminListCardsResponse, AdminListCardsResponse__Output as _payment_v1_AdminListCardsResponse__Output } from '../../payment/v1/AdminListCardsResponse';
import type { ListDisputesRequest as _payment_v1_ListDisputesRequest, ListDisputesRequest__Output as _payment_v1_ListDisputesRequest__Output } from '../../payment/v1/ListDisputesRequest';
import type { ListDisputesResponse as _payment_v1_ListDisputesResponse, ListDisputesResponse__Output as _payment_v1_ListDisputesResponse__Output } from '../../payment/v1/ListDisputesResponse';
import type { PaymentOverviewRequest as _payment_v1_PaymentOverviewRequest, PaymentOverviewRequest__Output as _payment_v1_PaymentOverviewRequest__Output } from '../../payment/v1/PaymentOverviewRequest';
import type { PaymentOverviewResponse as _payment_v1_PaymentOverviewResponse, PaymentOverviewResponse__Output as _payment_v1_PaymentOverviewResponse__Output } from '../../payment/v1/PaymentOverviewResponse';

export interface PaymentAdminServiceClient extends grpc.Client {
  AdminGetCard(argument: _payment_v1_AdminGetCardRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_AdminGetCardResponse__Output>): grpc.ClientUnaryCall;
  AdminGetCard(argument: _payment_v1_AdminGetCardRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_AdminGetCardResponse__Output>): grpc.ClientUnaryCall;
  AdminGetCard(argument: _payment_v1_AdminGetCardRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_AdminGetCardResponse__Output>): grpc.ClientUnaryCall;
  AdminGetCard(argument: _payment_v1_AdminGetCardRequest, callback: grpc.requestCallback<_payment_v1_AdminGetCardResponse__Output>): grpc.ClientUnaryCall;
  adminGetCard(argument: _payment_v1_AdminGetCardRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_AdminGetCardResponse__Output>): grpc.ClientUnaryCall;
  adminGetCard(argument: _payment_v1_AdminGetCardRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_AdminGetCardResponse__Output>): grpc.ClientUnaryCall;
  adminGetCard(argument: _payment_v1_AdminGetCardRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_AdminGetCardResponse__Output>): grpc.ClientUnaryCall;
  adminGetCard(argument: _payment_v1_AdminGetCardRequest, callback: grpc.requestCallback<_payment_v1_AdminGetCardResponse__Output>): grpc.ClientUnaryCall;
  
  AdminListCards(argument: _payment_v1_AdminListCardsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_AdminListCardsResponse__Output>): grpc.ClientUnaryCall;
  AdminListCards(argument: _payment_v1_AdminListCardsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_AdminListCardsResponse__Output>): grpc.ClientUnaryCall;
  AdminListCards(argument: _payment_v1_AdminListCardsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_AdminListCardsResponse__Output>): grpc.ClientUnaryCall;
  AdminListCards(argument: _payment_v1_AdminListCardsRequest, callback: grpc.requestCallback<_payment_v1_AdminListCardsResponse__Output>): grpc.ClientUnaryCall;
  adminListCards(argument: _payment_v1_AdminListCardsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_AdminListCardsResponse__Output>): grpc.ClientUnaryCall;
  adminListCards(argument: _payment_v1_AdminListCardsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_AdminListCardsResponse__Output>): grpc.ClientUnaryCall;
  adminListCards(argument: _payment_v1_AdminListCardsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_AdminListCardsResponse__Output>): grpc.ClientUnaryCall;
  adminListCards(argument: _payment_v1_AdminListCardsRequest, callback: grpc.requestCallback<_payment_v1_AdminListCardsResponse__Output>): grpc.ClientUnaryCall;
  
  ListDisputes(argument: _payment_v1_ListDisputesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListDisputesResponse__Output>): grpc.ClientUnaryCall;
  ListDisputes(argument: _payment_v1_ListDisputesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ListDisputesResponse__Output>): grpc.ClientUnaryCall;
  ListDisputes(argument: _payment_v1_ListDisputesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListDisputesResponse__Output>): grpc.ClientUnaryCall;
  ListDisputes(argument: _payment_v1_ListDisputesRequest, callback: grpc.requestCallback<_payment_v1_ListDisputesResponse__Output>): grpc.ClientUnaryCall;
  listDisputes(argument: _payment_v1_ListDisputesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListDisputesResponse__Output>): grpc.ClientUnaryCall;
  listDisputes(argument: _payment_v1_ListDisputesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ListDisputesResponse__Output>): grpc.ClientUnaryCall;
  listDisputes(argument: _payment_v1_ListDisputesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListDisputesResponse__Output>): grpc.ClientUnaryCall;
  listDisputes(argument: _payment_v1_ListDisputesRequest, callback: grpc.requestCallback<_payment_v1_ListDisputesResponse__Output>): grpc.ClientUnaryCall;
  
  Overview(argument: _payment_v1_PaymentOverviewRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_PaymentOverviewResponse__Output>): grpc.ClientUnaryCall;
  Overview(argument: _payment_v1_PaymentOverviewRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_PaymentOverviewResponse__Output>): grpc.ClientUnaryCall;
  Overview(argument: _payment_v1_PaymentOverviewRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_PaymentOverviewResponse__Output>): grpc.ClientUnaryCall;
  Overview(argument: _payment_v1_PaymentOverviewRequest, callback: grpc.requestCallback<_payment_v1_PaymentOverviewResponse__Output>): grpc.ClientUnaryCall;
  overview(argument: _payment_v1_PaymentOverviewRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_PaymentOverviewResponse__Output>): grpc.ClientUnaryCall;
  overview(argument: _payment_v1_PaymentOverviewRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_PaymentOverviewResponse__Output>): grpc.ClientUnaryCall;
  overview(argument: _payment_v1_PaymentOverviewRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_PaymentOverviewResponse__Output>): grpc.ClientUnaryCall;
  overview(argument: _payment_v1_PaymentOverviewRequest, callback: grpc.requestCallback<_payment_v1_PaymentOverviewResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface PaymentAdminServiceHandlers extends grpc.UntypedServiceImplementation {
  AdminGetCard: grpc.handleUnaryCall<_payment_v1_AdminGetCardRequest__Output, _payment_v1_AdminGetCardResponse>;
  
  AdminListCards: grpc.handleUnaryCall<_payment_v1_AdminListCardsRequest__Output, _payment_v1_AdminListCardsResponse>;
  
  ListDisputes: grpc.handleUnaryCall<_payment_v1_ListDisputesRequest__Output, _payment_v1_ListDisputesResponse>;
  
  Overview: grpc.handleUnaryCall<_payment_v1_PaymentOverviewRequest__Output, _payment_v1_PaymentOverviewResponse>;
  
}

export interface PaymentAdminServiceDefinition extends grpc.ServiceDefinition {
  AdminGetCard: MethodDefinition<_payment_v1_AdminGetCardRequest, _payment_v1_AdminGetCardResponse, _payment_v1_AdminGetCardRequest__Output, _payment_v1_AdminGetCardResponse__Output>
  AdminListCards: MethodDefinition<_payment_v1_AdminListCardsRequest, _payment_v1_AdminListCardsResponse, _payment_v1_AdminListCardsRequest__Output, _payment_v1_AdminListCardsResponse__Output>
  ListDisputes: MethodDefinition<_payment_v1_ListDisputesRequest, _payment_v1_ListDisputesResponse, _payment_v1_ListDisputesRequest__Output, _payment_v1_ListDisputesResponse__Output>
  Overview: MethodDefinition<_payment_v1_PaymentOverviewRequest, _payment_v1_PaymentOverviewResponse, _payment_v1_PaymentOverviewRequest__Output, _payment_v1_PaymentOverviewResponse__Output>
}
