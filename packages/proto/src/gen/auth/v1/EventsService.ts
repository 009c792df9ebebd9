// Original file: protos/auth/v1/events.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateWebhookRequest as _auth_v1_CreateWebhookRequest, CreateWebhookRequest__Output as _auth_v1_CreateWebhookRequest__Output } from '../../auth/v1/CreateWebhookRequest';
import type { CreateWebhookResponse as _auth_v1_CreateWebhookResponse, CreateWebhookResponse__Output as _auth_v1_CreateWebhookResponse__Output } from '../../auth/v1/CreateWebhookResponse';
import type { DeleteWebhookResponse as _auth_v1_DeleteWebhookResponse, DeleteWebhookResponse__Output as _auth_v1_DeleteWebhookResponse__Output } from '../../auth/v1/DeleteWebhookResponse';
import type { DisableWebhookRequest as _auth_v1_DisableWebhookRequest, DisableWebhookRequest__Output as _auth_v1_DisableWebhookRequest__Output } from '../../auth/v1/DisableWebhookRequest';
import type { ListDeliveriesRequest as _auth_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _auth_v1_ListDeliveriesRequest__Output } from '../../auth/v1/ListDeliveriesRequest';
import type { ListDeliveriesResponse as _auth_v1_ListDeliveriesResponse, ListDeliveriesResponse__Output as _auth_v1_ListDeliveriesResponse__Output } from '../../auth/v1/ListDeliveriesResponse';
import type { ListUserEventsRequest as _auth_v1_ListUserEventsRequest, ListUserEventsRequest__Output as _auth_v1_ListUserEventsRequest__Output } from '../../auth/v1/ListUserEventsRequest';
import type { ListWebhooksRequest as _auth_v1_ListWebhooksRequest, ListWebhooksRequest__Output as _auth_v1_ListWebhooksRequest__Output } from '../../auth/v1/ListWebhooksRequest';
import type { ListWebhooksResponse as _auth_v1_ListWebhooksResponse, ListWebhooksResponse__Output as _auth_v1_ListWebhooksResponse__Output } from '../../auth/v1/ListWebhooksResponse';
import type { QueryEventsRequest as _auth_v1_QueryEventsRequest, QueryEventsRequest__Output as _auth_v1_QueryEventsRequest__Output } from '../../auth/v1/QueryEventsRequest';
import type { QueryEventsResponse as _auth_v1_QueryEventsResponse, QueryEventsResponse__Output as _auth_v1_QueryEventsResponse__Output } from '../../auth/v1/QueryEventsResponse';
import type { RetryDeliveryRequest as _auth_v1_RetryDeliveryRequest, RetryDeliveryRequest__Output as _auth_v1_RetryDeliveryRequest__Output } from '../../auth/v1/RetryDeliveryRequest';
import type { RetryDeliveryResponse as _auth_v1_RetryDeliveryResponse, RetryDeliveryResponse__Output as _auth_v1_RetryDeliveryResponse__Output } from '../../auth/v1/RetryDeliveryResponse';
import type { RotateWebhookSecretResponse as _auth_v1_RotateWebhookSecretResponse, RotateWebhookSecretResponse__Output as _auth_v1_RotateWebhookSecretResponse__Output } from '../../auth/v1/RotateWebhookSecretResponse';
import type { UpdateWebhookRequest as _auth_v1_UpdateWebhookRequest, UpdateWebhookRequest__Output as _auth_v1_UpdateWebhookRequest__Output } from '../../auth/v1/UpdateWebhookRequest';
import type { WebhookInfo as _auth_v1_WebhookInfo, WebhookInfo__Output as _auth_v1_WebhookInfo__Output } from '../../auth/v1/WebhookInfo';
import type { WebhookRef as _auth_v1_WebhookRef, WebhookRef__Output as _auth_v1_WebhookRef__Output } from '../../auth/v1/WebhookRef';

export interface EventsServiceClient extends grpc.Client {
  CreateWebhook(argument: _auth_v1_CreateWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  CreateWebhook(argument: _auth_v1_CreateWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  CreateWebhook(argument: _auth_v1_CreateWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  CreateWebhook(argument: _auth_v1_CreateWebhookRequest, callback: grpc.requestCallback<_auth_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  createWebhook(argument: _auth_v1_CreateWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  createWebhook(argument: _auth_v1_CreateWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  createWebhook(argument: _auth_v1_CreateWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  createWebhook(argument: _auth_v1_CreateWebhookRequest, callback: grpc.requestCallback<_auth_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteWebhook(argument: _auth_v1_WebhookRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeleteWebhookResponse__Output>): grpc.ClientUnaryCall;
  DeleteWebhook(argument: _auth_v1_WebhookRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_DeleteWebhookResponse__Output>): grpc.ClientUnaryCall;
  DeleteWebhook(argument: _auth_v1_WebhookRef, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeleteWebhookResponse__Output>): grpc.ClientUnaryCall;
  DeleteWebhook(argument: _auth_v1_WebhookRef, callback: grpc.requestCallback<_auth_v1_DeleteWebhookResponse__Output>): grpc.ClientUnaryCall;
  deleteWebhook(argument: _auth_v1_WebhookRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeleteWebhookResponse__Output>): grpc.ClientUnaryCall;
  deleteWebhook(argument: _auth_v1_WebhookRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_DeleteWebhookResponse__Output>): grpc.ClientUnaryCall;
  deleteWebhook(argument: _auth_v1_WebhookRef, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeleteWebhookResponse__Output>): grpc.ClientUnaryCall;
  deleteWebhook(argument: _auth_v1_WebhookRef, callback: grpc.requestCallback<_auth_v1_DeleteWebhookResponse__Output>): grpc.ClientUnaryCall;
  
  DisableWebhook(argument: _auth_v1_DisableWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  DisableWebhook(argument: _auth_v1_DisableWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  DisableWebhook(argument: _auth_v1_DisableWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  DisableWebhook(argument: _auth_v1_DisableWebhookRequest, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  disableWebhook(argument: _auth_v1_DisableWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  disableWebhook(argument: _auth_v1_DisableWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  disableWebhook(argument: _auth_v1_DisableWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  disableWebhook(argument: _auth_v1_DisableWebhookRequest, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  
  EnableWebhook(argument: _auth_v1_WebhookRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  EnableWebhook(argument: _auth_v1_WebhookRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  EnableWebhook(argument: _auth_v1_WebhookRef, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  EnableWebhook(argument: _auth_v1_WebhookRef, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  enableWebhook(argument: _auth_v1_WebhookRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  enableWebhook(argument: _auth_v1_WebhookRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  enableWebhook(argument: _auth_v1_WebhookRef, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  enableWebhook(argument: _auth_v1_WebhookRef, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  
  ListDeliveries(argument: _auth_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _auth_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _auth_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _auth_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_auth_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _auth_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _auth_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _auth_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _auth_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_auth_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  
  ListUserEvents(argument: _auth_v1_ListUserEventsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_QueryEventsResponse__Output>): grpc.ClientUnaryCall;
  ListUserEvents(argument: _auth_v1_ListUserEventsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_QueryEventsResponse__Output>): grpc.ClientUnaryCall;
  ListUserEvents(argument: _auth_v1_ListUserEventsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_QueryEventsResponse__Output>): grpc.ClientUnaryCall;
  ListUserEvents(argument: _auth_v1_ListUserEventsRequest, callback: grpc.requestCallback<_auth_v1_QueryEventsResponse__Output>): grpc.ClientUnaryCall;
  listUserEvents(argument: _auth_v1_ListUserEventsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_QueryEventsResponse__Output>): grpc.ClientUnaryCall;
  listUserEvents(argument: _auth_v1_ListUserEventsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_QueryEventsResponse__Output>): grpc.ClientUnaryCall;
  listUserEvents(argument: _auth_v1_ListUserEventsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_QueryEventsResponse__Output>): grpc.ClientUnaryCall;
  listUserEvents(argument: _auth_v1_ListUserEventsRequest, callback: grpc.requestCallback<_auth_v1_QueryEventsResponse__Output>): grpc.ClientUnaryCall;
  
  ListWebhooks(argument: _auth_v1_ListWebhooksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  ListWebhooks(argument: _auth_v1_ListWebhooksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  ListWebhooks(argument: _auth_v1_ListWebhooksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  ListWebhooks(argument: _auth_v1_ListWebhooksRequest, callback: grpc.requestCallback<_auth_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  listWebhooks(argument: _auth_v1_ListWebhooksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  listWebhooks(argument: _auth_v1_ListWebhooksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  listWebhooks(argument: _auth_v1_ListWebhooksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  listWebhooks(argument: _auth_v1_ListWebhooksRequest, callback: grpc.requestCallback<_auth_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  
  QueryEvents(argument: _auth_v1_QueryEventsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_QueryEventsResponse__Output>): grpc.ClientUnaryCall;
  QueryEvents(argument: _auth_v1_QueryEventsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_QueryEventsResponse__Output>): grpc.ClientUnaryCall;
  QueryEvents(argument: _auth_v1_QueryEventsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_QueryEventsResponse__Output>): grpc.ClientUnaryCall;
  QueryEvents(argument: _auth_v1_QueryEventsRequest, callback: grpc.requestCallback<_auth_v1_QueryEventsResponse__Output>): grpc.ClientUnaryCall;
  queryEvents(argument: _auth_v1_QueryEventsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_QueryEventsResponse__Output>): grpc.ClientUnaryCall;
  queryEvents(argument: _auth_v1_QueryEventsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_QueryEventsResponse__Output>): grpc.ClientUnaryCall;
  queryEvents(argument: _auth_v1_QueryEventsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_QueryEventsResponse__Output>): grpc.ClientUnaryCall;
  queryEvents(argument: _auth_v1_QueryEventsRequest, callback: grpc.requestCallback<_auth_v1_QueryEventsResponse__Output>): grpc.ClientUnaryCall;
  
  RetryDelivery(argument: _auth_v1_RetryDeliveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RetryDeliveryResponse__Output>): grpc.ClientUnaryCall;
  RetryDelivery(argument: _auth_v1_RetryDeliveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_RetryDeliveryResponse__Output>): grpc.ClientUnaryCall;
  RetryDelivery(argument: _auth_v1_RetryDeliveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RetryDeliveryResponse__Output>): grpc.ClientUnaryCall;
  RetryDelivery(argument: _auth_v1_RetryDeliveryRequest, callback: grpc.requestCallback<_auth_v1_RetryDeliveryResponse__Output>): grpc.ClientUnaryCall;
  retryDelivery(argument: _auth_v1_RetryDeliveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RetryDeliveryResponse__Output>): grpc.ClientUnaryCall;
  retryDelivery(argument: _auth_v1_RetryDeliveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_RetryDeliveryResponse__Output>): grpc.ClientUnaryCall;
  retryDelivery(argument: _auth_v1_RetryDeliveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RetryDeliveryResponse__Output>): grpc.ClientUnaryCall;
  retryDelivery(argument: _auth_v1_RetryDeliveryRequest, callback: grpc.requestCallback<_auth_v1_RetryDeliveryResponse__Output>): grpc.ClientUnaryCall;
  
  RotateWebhookSecret(argument: _auth_v1_WebhookRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RotateWebhookSecretResponse__Output>): grpc.ClientUnaryCall;
  RotateWebhookSecret(argument: _auth_v1_WebhookRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_RotateWebhookSecretResponse__Output>): grpc.ClientUnaryCall;
  RotateWebhookSecret(argument: _auth_v1_WebhookRef, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RotateWebhookSecretResponse__Output>): grpc.ClientUnaryCall;
  RotateWebhookSecret(argument: _auth_v1_WebhookRef, callback: grpc.requestCallback<_auth_v1_RotateWebhookSecretResponse__Output>): grpc.ClientUnaryCall;
  rotateWebhookSecret(argument: _auth_v1_WebhookRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RotateWebhookSecretResponse__Output>): grpc.ClientUnaryCall;
  rotateWebhookSecret(argument: _auth_v1_WebhookRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_RotateWebhookSecretResponse__Output>): grpc.ClientUnaryCall;
  rotateWebhookSecret(argument: _auth_v1_WebhookRef, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RotateWebhookSecretResponse__Output>): grpc.ClientUnaryCall;
  rotateWebhookSecret(argument: _auth_v1_WebhookRef, callback: grpc.requestCallback<_auth_v1_RotateWebhookSecretResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateWebhook(argument: _auth_v1_UpdateWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  UpdateWebhook(argument: _auth_v1_UpdateWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  UpdateWebhook(argument: _auth_v1_UpdateWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  UpdateWebhook(argument: _auth_v1_UpdateWebhookRequest, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  updateWebhook(argument: _auth_v1_UpdateWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  updateWebhook(argument: _auth_v1_UpdateWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  updateWebhook(argument: _auth_v1_UpdateWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  updateWebhook(argument: _auth_v1_UpdateWebhookRequest, callback: grpc.requestCallback<_auth_v1_WebhookInfo__Output>): grpc.ClientUnaryCall;
  
}

export interface EventsServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateWebhook: grpc.handleUnaryCall<_auth_v1_CreateWebhookRequest__Output, _auth_v1_CreateWebhookResponse>;
  
  DeleteWebhook: grpc.handleUnaryCall<_auth_v1_WebhookRef__Output, _auth_v1_DeleteWebhookResponse>;
  
  DisableWebhook: grpc.handleUnaryCall<_auth_v1_DisableWebhookRequest__Output, _auth_v1_WebhookInfo>;
  
  EnableWebhook: grpc.handleUnaryCall<_auth_v1_WebhookRef__Output, _auth_v1_WebhookInfo>;
  
  ListDeliveries: grpc.handleUnaryCall<_auth_v1_ListDeliveriesRequest__Output, _auth_v1_ListDeliveriesResponse>;
  
  ListUserEvents: grpc.handleUnaryCall<_auth_v1_ListUserEventsRequest__Output, _auth_v1_QueryEventsResponse>;
  
  ListWebhooks: grpc.handleUnaryCall<_auth_v1_ListWebhooksRequest__Output, _auth_v1_ListWebhooksResponse>;
  
  QueryEvents: grpc.handleUnaryCall<_auth_v1_QueryEventsRequest__Output, _auth_v1_QueryEventsResponse>;
  
  RetryDelivery: grpc.handleUnaryCall<_auth_v1_RetryDeliveryRequest__Output, _auth_v1_RetryDeliveryResponse>;
  
  RotateWebhookSecret: grpc.handleUnaryCall<_auth_v1_WebhookRef__Output, _auth_v1_RotateWebhookSecretResponse>;
  
  UpdateWebhook: grpc.handleUnaryCall<_auth_v1_UpdateWebhookRequest__Output, _auth_v1_WebhookInfo>;
  
}

export interface EventsServiceDefinition extends grpc.ServiceDefinition {
  CreateWebhook: MethodDefinition<_auth_v1_CreateWebhookRequest, _auth_v1_CreateWebhookResponse, _auth_v1_CreateWebhookRequest__Output, _auth_v1_CreateWebhookResponse__Output>
  DeleteWebhook: MethodDefinition<_auth_v1_WebhookRef, _auth_v1_DeleteWebhookResponse, _auth_v1_WebhookRef__Output, _auth_v1_DeleteWebhookResponse__Output>
  DisableWebhook: MethodDefinition<_auth_v1_DisableWebhookRequest, _auth_v1_WebhookInfo, _auth_v1_DisableWebhookRequest__Output, _auth_v1_WebhookInfo__Output>
  EnableWebhook: MethodDefinition<_auth_v1_WebhookRef, _auth_v1_WebhookInfo, _auth_v1_WebhookRef__Output, _auth_v1_WebhookInfo__Output>
  ListDeliveries: MethodDefinition<_auth_v1_ListDeliveriesRequest, _auth_v1_ListDeliveriesResponse, _auth_v1_ListDeliveriesRequest__Output, _auth_v1_ListDeliveriesResponse__Output>
  ListUserEvents: MethodDefinition<_auth_v1_ListUserEventsRequest, _auth_v1_QueryEventsResponse, _auth_v1_ListUserEventsRequest__Output, _auth_v1_QueryEventsResponse__Output>
  ListWebhooks: MethodDefinition<_auth_v1_ListWebhooksRequest, _auth_v1_ListWebhooksResponse, _auth_v1_ListWebhooksRequest__Output, _auth_v1_ListWebhooksResponse__Output>
  QueryEvents: MethodDefinition<_auth_v1_QueryEventsRequest, _auth_v1_QueryEventsResponse, _auth_v1_QueryEventsRequest__Output, _auth_v1_QueryEventsResponse__Output>
  RetryDelivery: MethodDefinition<_auth_v1_RetryDeliveryRequest, _auth_v1_RetryDeliveryResponse, _auth_v1_RetryDeliveryRequest__Output, _auth_v1_RetryDeliveryResponse__Output>
  RotateWebhookSecret: MethodDefinition<_auth_v1_WebhookRef, _auth_v1_RotateWebhookSecretResponse, _auth_v1_WebhookRef__Output, _auth_v1_RotateWebhookSecretResponse__Output>
  UpdateWebhook: MethodDefinition<_auth_v1_UpdateWebhookRequest, _auth_v1_WebhookInfo, _auth_v1_UpdateWebhookRequest__Output, _auth_v1_WebhookInfo__Output>
}
