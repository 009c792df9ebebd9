import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CreateWebhookRequest as _auth_v1_CreateWebhookRequest, CreateWebhookRequest__Output as _auth_v1_CreateWebhookRequest__Output } from './auth/v1/CreateWebhookRequest';
import type { CreateWebhookResponse as _auth_v1_CreateWebhookResponse, CreateWebhookResponse__Output as _auth_v1_CreateWebhookResponse__Output } from './auth/v1/CreateWebhookResponse';
import type { DeleteWebhookResponse as _auth_v1_DeleteWebhookResponse, DeleteWebhookResponse__Output as _auth_v1_DeleteWebhookResponse__Output } from './auth/v1/DeleteWebhookResponse';
import type { Delivery as _auth_v1_Delivery, Delivery__Output as _auth_v1_Delivery__Output } from './auth/v1/Delivery';
import type { DeliveryAttempt as _auth_v1_DeliveryAttempt, DeliveryAttempt__Output as _auth_v1_DeliveryAttempt__Output } from './auth/v1/DeliveryAttempt';
import type { Event as _auth_v1_Event, Event__Output as _auth_v1_Event__Output } from './auth/v1/Event';
import type { EventsServiceClient as _auth_v1_EventsServiceClient, EventsServiceDefinition as _auth_v1_EventsServiceDefinition } from './auth/v1/EventsService';
import type { ListDeliveriesRequest as _auth_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _auth_v1_ListDeliveriesRequest__Output } from './auth/v1/ListDeliveriesRequest';
import type { ListDeliveriesResponse as _auth_v1_ListDeliveriesResponse, ListDeliveriesResponse__Output as _auth_v1_ListDeliveriesResponse__Output } from './auth/v1/ListDeliveriesResponse';
import type { ListUserEventsRequest as _auth_v1_ListUserEventsRequest, ListUserEventsRequest__Output as _auth_v1_ListUserEventsRequest__Output } from './auth/v1/ListUserEventsRequest';
import type { ListWebhooksRequest as _auth_v1_ListWebhooksRequest, ListWebhooksRequest__Output as _auth_v1_ListWebhooksRequest__Output } from './auth/v1/ListWebhooksRequest';
import type { ListWebhooksResponse as _auth_v1_ListWebhooksResponse, ListWebhooksResponse__Output as _auth_v1_ListWebhooksResponse__Output } from './auth/v1/ListWebhooksResponse';
import type { QueryEventsRequest as _auth_v1_QueryEventsRequest, QueryEventsRequest__Output as _auth_v1_QueryEventsRequest__Output } from './auth/v1/QueryEventsRequest';
import type { QueryEventsResponse as _auth_v1_QueryEventsResponse, QueryEventsResponse__Output as _auth_v1_QueryEventsResponse__Output } from './auth/v1/QueryEventsResponse';
import type { RetryDeliveryRequest as _auth_v1_RetryDeliveryRequest, RetryDeliveryRequest__Output as _auth_v1_RetryDeliveryRequest__Output } from './auth/v1/RetryDeliveryRequest';
import type { RetryDeliveryResponse as _auth_v1_RetryDeliveryResponse, RetryDeliveryResponse__Output as _auth_v1_RetryDeliveryResponse__Output } from './auth/v1/RetryDeliveryResponse';
import type { RotateWebhookSecretResponse as _auth_v1_RotateWebhookSecretResponse, RotateWebhookSecretResponse__Output as _auth_v1_RotateWebhookSecretResponse__Output } from './auth/v1/RotateWebhookSecretResponse';
import type { WebhookInfo as _auth_v1_WebhookInfo, WebhookInfo__Output as _auth_v1_WebhookInfo__Output } from './auth/v1/WebhookInfo';
import type { WebhookRef as _auth_v1_WebhookRef, WebhookRef__Output as _auth_v1_WebhookRef__Output } from './auth/v1/WebhookRef';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  auth: {
    v1: {
      CreateWebhookRequest: MessageTypeDefinition<_auth_v1_CreateWebhookRequest, _auth_v1_CreateWebhookRequest__Output>
      CreateWebhookResponse: MessageTypeDefinition<_auth_v1_CreateWebhookResponse, _auth_v1_CreateWebhookResponse__Output>
      DeleteWebhookResponse: MessageTypeDefinition<_auth_v1_DeleteWebhookResponse, _auth_v1_DeleteWebhookResponse__Output>
      Delivery: MessageTypeDefinition<_auth_v1_Delivery, _auth_v1_Delivery__Output>
      DeliveryAttempt: MessageTypeDefinition<_auth_v1_DeliveryAttempt, _auth_v1_DeliveryAttempt__Output>
      Event: MessageTypeDefinition<_auth_v1_Event, _auth_v1_Event__Output>
      EventsService: SubtypeConstructor<typeof grpc.Client, _auth_v1_EventsServiceClient> & { service: _auth_v1_EventsServiceDefinition }
      ListDeliveriesRequest: MessageTypeDefinition<_auth_v1_ListDeliveriesRequest, _auth_v1_ListDeliveriesRequest__Output>
      ListDeliveriesResponse: MessageTypeDefinition<_auth_v1_ListDeliveriesResponse, _auth_v1_ListDeliveriesResponse__Output>
      ListUserEventsRequest: MessageTypeDefinition<_auth_v1_ListUserEventsRequest, _auth_v1_ListUserEventsRequest__Output>
      ListWebhooksRequest: MessageTypeDefinition<_auth_v1_ListWebhooksRequest, _auth_v1_ListWebhooksRequest__Output>
      ListWebhooksResponse: MessageTypeDefinition<_auth_v1_ListWebhooksResponse, _auth_v1_ListWebhooksResponse__Output>
      QueryEventsRequest: MessageTypeDefinition<_auth_v1_QueryEventsRequest, _auth_v1_QueryEventsRequest__Output>
      QueryEventsResponse: MessageTypeDefinition<_auth_v1_QueryEventsResponse, _auth_v1_QueryEventsResponse__Output>
      RetryDeliveryRequest: MessageTypeDefinition<_auth_v1_RetryDeliveryRequest, _auth_v1_RetryDeliveryRequest__Output>
      RetryDeliveryResponse: MessageTypeDefinition<_auth_v1_RetryDeliveryResponse, _auth_v1_RetryDeliveryResponse__Output>
      RotateWebhookSecretResponse: MessageTypeDefinition<_auth_v1_RotateWebhookSecretResponse, _auth_v1_RotateWebhookSecretResponse__Output>
      WebhookInfo: MessageTypeDefinition<_auth_v1_WebhookInfo, _auth_v1_WebhookInfo__Output>
      WebhookRef: MessageTypeDefinition<_auth_v1_WebhookRef, _auth_v1_WebhookRef__Output>
    }
  }
}

