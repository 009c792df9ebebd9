import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CreateClientTokenRequest as _payment_v1_CreateClientTokenRequest, CreateClientTokenRequest__Output as _payment_v1_CreateClientTokenRequest__Output } from './payment/v1/CreateClientTokenRequest';
import type { CreateClientTokenResponse as _payment_v1_CreateClientTokenResponse, CreateClientTokenResponse__Output as _payment_v1_CreateClientTokenResponse__Output } from './payment/v1/CreateClientTokenResponse';
import type { LoadCardRequest as _payment_v1_LoadCardRequest, LoadCardRequest__Output as _payment_v1_LoadCardRequest__Output } from './payment/v1/LoadCardRequest';
import type { LoadCardResponse as _payment_v1_LoadCardResponse, LoadCardResponse__Output as _payment_v1_LoadCardResponse__Output } from './payment/v1/LoadCardResponse';
import type { PaymentServiceClient as _payment_v1_PaymentServiceClient, PaymentServiceDefinition as _payment_v1_PaymentServiceDefinition } from './payment/v1/PaymentService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  payment: {
    v1: {
      CreateClientTokenRequest: MessageTypeDefinition<_payment_v1_CreateClientTokenRequest, _payment_v1_CreateClientTokenRequest__Output>
      CreateClientTokenResponse: MessageTypeDefinition<_payment_v1_CreateClientTokenResponse, _payment_v1_CreateClientTokenResponse__Output>
      LoadCardRequest: MessageTypeDefinition<_payment_v1_LoadCardRequest, _payment_v1_LoadCardRequest__Output>
      LoadCardResponse: MessageTypeDefinition<_payment_v1_LoadCardResponse, _payment_v1_LoadCardResponse__Output>
      PaymentService: SubtypeConstructor<typeof grpc.Client, _payment_v1_PaymentServiceClient> & { service: _payment_v1_PaymentServiceDefinition }
    }
  }
}

