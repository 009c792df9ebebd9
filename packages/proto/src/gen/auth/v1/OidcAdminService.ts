// Original file: protos/auth/v1/oidc_admin.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ClientRef as _auth_v1_ClientRef, ClientRef__Output as _auth_v1_ClientRef__Output } from '../../auth/v1/ClientRef';
import type { ClientWithSecret as _auth_v1_ClientWithSecret, ClientWithSecret__Output as _auth_v1_ClientWithSecret__Output } from '../../auth/v1/ClientWithSecret';
import type { CreateClientRequest as _auth_v1_CreateClientRequest, CreateClientRequest__Output as _auth_v1_CreateClientRequest__Output } from '../../auth/v1/CreateClientRequest';
import type { DeleteClientResponse as _auth_v1_DeleteClientResponse, DeleteClientResponse__Output as _auth_v1_DeleteClientResponse__Output } from '../../auth/v1/DeleteClientResponse';
import type { ListClientsRequest as _auth_v1_ListClientsRequest, ListClientsRequest__Output as _auth_v1_ListClientsRequest__Output } from '../../auth/v1/ListClientsRequest';
import type { ListClientsResponse as _auth_v1_ListClientsResponse, ListClientsResponse__Output as _auth_v1_ListClientsResponse__Output } from '../../auth/v1/ListClientsResponse';
import type { OidcClientInfo as _auth_v1_OidcClientInfo, OidcClientInfo__Output as _auth_v1_OidcClientInfo__Output } from '../../auth/v1/OidcClientInfo';
import type { UpdateClientRequest as _auth_v1_UpdateClientRequest, UpdateClientRequest__Output as _auth_v1_UpdateClientRequest__Output } from '../../auth/v1/UpdateClientRequest';

export interface OidcAdminServiceClient extends grpc.Client {
  CreateClient(argument: _auth_v1_CreateClientRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  CreateClient(argument: _auth_v1_CreateClientRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  CreateClient(argument: _auth_v1_CreateClientRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  CreateClient(argument: _auth_v1_CreateClientRequest, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  createClient(argument: _auth_v1_CreateClientRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  createClient(argument: _auth_v1_CreateClientRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  createClient(argument: _auth_v1_CreateClientRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  createClient(argument: _auth_v1_CreateClientRequest, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  
  DeleteClient(argument: _auth_v1_ClientRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeleteClientResponse__Output>): grpc.ClientUnaryCall;
  DeleteClient(argument: _auth_v1_ClientRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_DeleteClientResponse__Output>): grpc.ClientUnaryCall;
  DeleteClient(argument: _auth_v1_ClientRef, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeleteClientResponse__Output>): grpc.ClientUnaryCall;
  DeleteClient(argument: _auth_v1_ClientRef, callback: grpc.requestCallback<_auth_v1_DeleteClientResponse__Output>): grpc.ClientUnaryCall;
  deleteClient(argument: _auth_v1_ClientRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeleteClientResponse__Output>): grpc.ClientUnaryCall;
  deleteClient(argument: _auth_v1_ClientRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_DeleteClientResponse__Output>): grpc.ClientUnaryCall;
  deleteClient(argument: _auth_v1_ClientRef, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeleteClientResponse__Output>): grpc.ClientUnaryCall;
  deleteClient(argument: _auth_v1_ClientRef, callback: grpc.requestCallback<_auth_v1_DeleteClientResponse__Output>): grpc.ClientUnaryCall;
  
  GetClient(argument: _auth_v1_ClientRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OidcClientInfo__Output>): grpc.ClientUnaryCall;
  GetClient(argument: _auth_v1_ClientRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OidcClientInfo__Output>): grpc.ClientUnaryCall;
  GetClient(argument: _auth_v1_ClientRef, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OidcClientInfo__Output>): grpc.ClientUnaryCall;
  GetClient(argument: _auth_v1_ClientRef, callback: grpc.requestCallback<_auth_v1_OidcClientInfo__Output>): grpc.ClientUnaryCall;
  getClient(argument: _auth_v1_ClientRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OidcClientInfo__Output>): grpc.ClientUnaryCall;
  getClient(argument: _auth_v1_ClientRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OidcClientInfo__Output>): grpc.ClientUnaryCall;
  getClient(argument: _auth_v1_ClientRef, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OidcClientInfo__Output>): grpc.ClientUnaryCall;
  getClient(argument: _auth_v1_ClientRef, callback: grpc.requestCallback<_auth_v1_OidcClientInfo__Output>): grpc.ClientUnaryCall;
  
  ListClients(argument: _auth_v1_ListClientsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListClientsResponse__Output>): grpc.ClientUnaryCall;
  ListClients(argument: _auth_v1_ListClientsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListClientsResponse__Output>): grpc.ClientUnaryCall;
  ListClients(argument: _auth_v1_ListClientsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListClientsResponse__Output>): grpc.ClientUnaryCall;
  ListClients(argument: _auth_v1_ListClientsRequest, callback: grpc.requestCallback<_auth_v1_ListClientsResponse__Output>): grpc.ClientUnaryCall;
  listClients(argument: _auth_v1_ListClientsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListClientsResponse__Output>): grpc.ClientUnaryCall;
  listClients(argument: _auth_v1_ListClientsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListClientsResponse__Output>): grpc.ClientUnaryCall;
  listClients(argument: _auth_v1_ListClientsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListClientsResponse__Output>): grpc.ClientUnaryCall;
  listClients(argument: _auth_v1_ListClientsRequest, callback: grpc.requestCallback<_auth_v1_ListClientsResponse__Output>): grpc.ClientUnaryCall;
  
  RotateClientSecret(argument: _auth_v1_ClientRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  RotateClientSecret(argument: _auth_v1_ClientRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  RotateClientSecret(argument: _auth_v1_ClientRef, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  RotateClientSecret(argument: _auth_v1_ClientRef, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  rotateClientSecret(argument: _auth_v1_ClientRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  rotateClientSecret(argument: _auth_v1_ClientRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  rotateClientSecret(argument: _auth_v1_ClientRef, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  rotateClientSecret(argument: _auth_v1_ClientRef, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  
  UpdateClient(argument: _auth_v1_UpdateClientRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  UpdateClient(argument: _auth_v1_UpdateClientRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  UpdateClient(argument: _auth_v1_UpdateClientRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  UpdateClient(argument: _auth_v1_UpdateClientRequest, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  updateClient(argument: _auth_v1_UpdateClientRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  updateClient(argument: _auth_v1_UpdateClientRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  updateClient(argument: _auth_v1_UpdateClientRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  updateClient(argument: _auth_v1_UpdateClientRequest, callback: grpc.requestCallback<_auth_v1_ClientWithSecret__Output>): grpc.ClientUnaryCall;
  
}

export interface OidcAdminServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateClient: grpc.handleUnaryCall<_auth_v1_CreateClientRequest__Output, _auth_v1_ClientWithSecret>;
  
  DeleteClient: grpc.handleUnaryCall<_auth_v1_ClientRef__Output, _auth_v1_DeleteClientResponse>;
  
  GetClient: grpc.handleUnaryCall<_auth_v1_ClientRef__Output, _auth_v1_OidcClientInfo>;
  
  ListClients: grpc.handleUnaryCall<_auth_v1_ListClientsRequest__Output, _auth_v1_ListClientsResponse>;
  
  RotateClientSecret: grpc.handleUnaryCall<_auth_v1_ClientRef__Output, _auth_v1_ClientWithSecret>;
  
  UpdateClient: grpc.handleUnaryCall<_auth_v1_UpdateClientRequest__Output, _auth_v1_ClientWithSecret>;
  
}

export interface OidcAdminServiceDefinition extends grpc.ServiceDefinition {
  CreateClient: MethodDefinition<_auth_v1_CreateClientRequest, _auth_v1_ClientWithSecret, _auth_v1_CreateClientRequest__Output, _auth_v1_ClientWithSecret__Output>
  DeleteClient: MethodDefinition<_auth_v1_ClientRef, _auth_v1_DeleteClientResponse, _auth_v1_ClientRef__Output, _auth_v1_DeleteClientResponse__Output>
  GetClient: MethodDefinition<_auth_v1_ClientRef, _auth_v1_OidcClientInfo, _auth_v1_ClientRef__Output, _auth_v1_OidcClientInfo__Output>
  ListClients: MethodDefinition<_auth_v1_ListClientsRequest, _auth_v1_ListClientsResponse, _auth_v1_ListClientsRequest__Output, _auth_v1_ListClientsResponse__Output>
  RotateClientSecret: MethodDefinition<_auth_v1_ClientRef, _auth_v1_ClientWithSecret, _auth_v1_ClientRef__Output, _auth_v1_ClientWithSecret__Output>
  UpdateClient: MethodDefinition<_auth_v1_UpdateClientRequest, _auth_v1_ClientWithSecret, _auth_v1_UpdateClientRequest__Output, _auth_v1_ClientWithSecret__Output>
}
