// Original file: protos/avatar/v1/avatar.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetAvatarRequest as _avatar_v1_GetAvatarRequest, GetAvatarRequest__Output as _avatar_v1_GetAvatarRequest__Output } from '../../avatar/v1/GetAvatarRequest';
import type { GetAvatarResponse as _avatar_v1_GetAvatarResponse, GetAvatarResponse__Output as _avatar_v1_GetAvatarResponse__Output } from '../../avatar/v1/GetAvatarResponse';
import type { ListAvatarsRequest as _avatar_v1_ListAvatarsRequest, ListAvatarsRequest__Output as _avatar_v1_ListAvatarsRequest__Output } from '../../avatar/v1/ListAvatarsRequest';
import type { ListAvatarsResponse as _avatar_v1_ListAvatarsResponse, ListAvatarsResponse__Output as _avatar_v1_ListAvatarsResponse__Output } from '../../avatar/v1/ListAvatarsResponse';
import type { MigrateAvatarsRequest as _avatar_v1_MigrateAvatarsRequest, MigrateAvatarsRequest__Output as _avatar_v1_MigrateAvatarsRequest__Output } from '../../avatar/v1/MigrateAvatarsRequest';
import type { MigrateAvatarsResponse as _avatar_v1_MigrateAvatarsResponse, MigrateAvatarsResponse__Output as _avatar_v1_MigrateAvatarsResponse__Output } from '../../avatar/v1/MigrateAvatarsResponse';
import type { RemoveAvatarRequest as _avatar_v1_RemoveAvatarRequest, RemoveAvatarRequest__Output as _avatar_v1_RemoveAvatarRequest__Output } from '../../avatar/v1/RemoveAvatarRequest';
import type { RemoveAvatarResponse as _avatar_v1_RemoveAvatarResponse, RemoveAvatarResponse__Output as _avatar_v1_RemoveAvatarResponse__Output } from '../../avatar/v1/RemoveAvatarResponse';
import type { StoreAvatarResponse as _avatar_v1_StoreAvatarResponse, StoreAvatarResponse__Output as _avatar_v1_StoreAvatarResponse__Output } from '../../avatar/v1/StoreAvatarResponse';
import type { StoreContentRequest as _avatar_v1_StoreContentRequest, StoreContentRequest__Output as _avatar_v1_StoreContentRequest__Output } from '../../avatar/v1/StoreContentRequest';
import type { StoreFromUrlRequest as _avatar_v1_StoreFromUrlRequest, StoreFromUrlRequest__Output as _avatar_v1_StoreFromUrlRequest__Output } from '../../avatar/v1/StoreFromUrlRequest';

export interface AvatarServiceClient extends grpc.Client {
  GetAvatar(argument: _avatar_v1_GetAvatarRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_GetAvatarResponse__Output>): grpc.ClientUnaryCall;
  GetAvatar(argument: _avatar_v1_GetAvatarRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_avatar_v1_GetAvatarResponse__Output>): grpc.ClientUnaryCall;
  GetAvatar(argument: _avatar_v1_GetAvatarRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_GetAvatarResponse__Output>): grpc.ClientUnaryCall;
  GetAvatar(argument: _avatar_v1_GetAvatarRequest, callback: grpc.requestCallback<_avatar_v1_GetAvatarResponse__Output>): grpc.ClientUnaryCall;
  getAvatar(argument: _avatar_v1_GetAvatarRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_GetAvatarResponse__Output>): grpc.ClientUnaryCall;
  getAvatar(argument: _avatar_v1_GetAvatarRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_avatar_v1_GetAvatarResponse__Output>): grpc.ClientUnaryCall;
  getAvatar(argument: _avatar_v1_GetAvatarRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_GetAvatarResponse__Output>): grpc.ClientUnaryCall;
  getAvatar(argument: _avatar_v1_GetAvatarRequest, callback: grpc.requestCallback<_avatar_v1_GetAvatarResponse__Output>): grpc.ClientUnaryCall;
  
  ListAvatars(argument: _avatar_v1_ListAvatarsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_ListAvatarsResponse__Output>): grpc.ClientUnaryCall;
  ListAvatars(argument: _avatar_v1_ListAvatarsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_avatar_v1_ListAvatarsResponse__Output>): grpc.ClientUnaryCall;
  ListAvatars(argument: _avatar_v1_ListAvatarsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_ListAvatarsResponse__Output>): grpc.ClientUnaryCall;
  ListAvatars(argument: _avatar_v1_ListAvatarsRequest, callback: grpc.requestCallback<_avatar_v1_ListAvatarsResponse__Output>): grpc.ClientUnaryCall;
  listAvatars(argument: _avatar_v1_ListAvatarsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_ListAvatarsResponse__Output>): grpc.ClientUnaryCall;
  listAvatars(argument: _avatar_v1_ListAvatarsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_avatar_v1_ListAvatarsResponse__Output>): grpc.ClientUnaryCall;
  listAvatars(argument: _avatar_v1_ListAvatarsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_ListAvatarsResponse__Output>): grpc.ClientUnaryCall;
  listAvatars(argument: _avatar_v1_ListAvatarsRequest, callback: grpc.requestCallback<_avatar_v1_ListAvatarsResponse__Output>): grpc.ClientUnaryCall;
  
  MigrateAvatars(argument: _avatar_v1_MigrateAvatarsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_MigrateAvatarsResponse__Output>): grpc.ClientUnaryCall;
  MigrateAvatars(argument: _avatar_v1_MigrateAvatarsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_avatar_v1_MigrateAvatarsResponse__Output>): grpc.ClientUnaryCall;
  MigrateAvatars(argument: _avatar_v1_MigrateAvatarsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_MigrateAvatarsResponse__Output>): grpc.ClientUnaryCall;
  MigrateAvatars(argument: _avatar_v1_MigrateAvatarsRequest, callback: grpc.requestCallback<_avatar_v1_MigrateAvatarsResponse__Output>): grpc.ClientUnaryCall;
  migrateAvatars(argument: _avatar_v1_MigrateAvatarsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_MigrateAvatarsResponse__Output>): grpc.ClientUnaryCall;
  migrateAvatars(argument: _avatar_v1_MigrateAvatarsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_avatar_v1_MigrateAvatarsResponse__Output>): grpc.ClientUnaryCall;
  migrateAvatars(argument: _avatar_v1_MigrateAvatarsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_MigrateAvatarsResponse__Output>): grpc.ClientUnaryCall;
  migrateAvatars(argument: _avatar_v1_MigrateAvatarsRequest, callback: grpc.requestCallback<_avatar_v1_MigrateAvatarsResponse__Output>): grpc.ClientUnaryCall;
  
  RemoveAvatar(argument: _avatar_v1_RemoveAvatarRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_RemoveAvatarResponse__Output>): grpc.ClientUnaryCall;
  RemoveAvatar(argument: _avatar_v1_RemoveAvatarRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_avatar_v1_RemoveAvatarResponse__Output>): grpc.ClientUnaryCall;
  RemoveAvatar(argument: _avatar_v1_RemoveAvatarRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_RemoveAvatarResponse__Output>): grpc.ClientUnaryCall;
  RemoveAvatar(argument: _avatar_v1_RemoveAvatarRequest, callback: grpc.requestCallback<_avatar_v1_RemoveAvatarResponse__Output>): grpc.ClientUnaryCall;
  removeAvatar(argument: _avatar_v1_RemoveAvatarRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_RemoveAvatarResponse__Output>): grpc.ClientUnaryCall;
  removeAvatar(argument: _avatar_v1_RemoveAvatarRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_avatar_v1_RemoveAvatarResponse__Output>): grpc.ClientUnaryCall;
  removeAvatar(argument: _avatar_v1_RemoveAvatarRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_RemoveAvatarResponse__Output>): grpc.ClientUnaryCall;
  removeAvatar(argument: _avatar_v1_RemoveAvatarRequest, callback: grpc.requestCallback<_avatar_v1_RemoveAvatarResponse__Output>): grpc.ClientUnaryCall;
  
  StoreContent(argument: _avatar_v1_StoreContentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_StoreAvatarResponse__Output>): grpc.ClientUnaryCall;
  StoreContent(argument: _avatar_v1_StoreContentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_avatar_v1_StoreAvatarResponse__Output>): grpc.ClientUnaryCall;
  StoreContent(argument: _avatar_v1_StoreContentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_StoreAvatarResponse__Output>): grpc.ClientUnaryCall;
  StoreContent(argument: _avatar_v1_StoreContentRequest, callback: grpc.requestCallback<_avatar_v1_StoreAvatarResponse__Output>): grpc.ClientUnaryCall;
  storeContent(argument: _avatar_v1_StoreContentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_StoreAvatarResponse__Output>): grpc.ClientUnaryCall;
  storeContent(argument: _avatar_v1_StoreContentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_avatar_v1_StoreAvatarResponse__Output>): grpc.ClientUnaryCall;
  storeContent(argument: _avatar_v1_StoreContentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_StoreAvatarResponse__Output>): grpc.ClientUnaryCall;
  storeContent(argument: _avatar_v1_StoreContentRequest, callback: grpc.requestCallback<_avatar_v1_StoreAvatarResponse__Output>): grpc.ClientUnaryCall;
  
  StoreFromUrl(argument: _avatar_v1_StoreFromUrlRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_StoreAvatarResponse__Output>): grpc.ClientUnaryCall;
  StoreFromUrl(argument: _avatar_v1_StoreFromUrlRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_avatar_v1_StoreAvatarResponse__Output>): grpc.ClientUnaryCall;
  StoreFromUrl(argument: _avatar_v1_StoreFromUrlRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_StoreAvatarResponse__Output>): grpc.ClientUnaryCall;
  StoreFromUrl(argument: _avatar_v1_StoreFromUrlRequest, callback: grpc.requestCallback<_avatar_v1_StoreAvatarResponse__Output>): grpc.ClientUnaryCall;
  storeFromUrl(argument: _avatar_v1_StoreFromUrlRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_StoreAvatarResponse__Output>): grpc.ClientUnaryCall;
  storeFromUrl(argument: _avatar_v1_StoreFromUrlRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_avatar_v1_StoreAvatarResponse__Output>): grpc.ClientUnaryCall;
  storeFromUrl(argument: _avatar_v1_StoreFromUrlRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_avatar_v1_StoreAvatarResponse__Output>): grpc.ClientUnaryCall;
  storeFromUrl(argument: _avatar_v1_StoreFromUrlRequest, callback: grpc.requestCallback<_avatar_v1_StoreAvatarResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface AvatarServiceHandlers extends grpc.UntypedServiceImplementation {
  GetAvatar: grpc.handleUnaryCall<_avatar_v1_GetAvatarRequest__Output, _avatar_v1_GetAvatarResponse>;
  
  ListAvatars: grpc.handleUnaryCall<_avatar_v1_ListAvatarsRequest__Output, _avatar_v1_ListAvatarsResponse>;
  
  MigrateAvatars: grpc.handleUnaryCall<_avatar_v1_MigrateAvatarsRequest__Output, _avatar_v1_MigrateAvatarsResponse>;
  
  RemoveAvatar: grpc.handleUnaryCall<_avatar_v1_RemoveAvatarRequest__Output, _avatar_v1_RemoveAvatarResponse>;
  
  StoreContent: grpc.handleUnaryCall<_avatar_v1_StoreContentRequest__Output, _avatar_v1_StoreAvatarResponse>;
  
  StoreFromUrl: grpc.handleUnaryCall<_avatar_v1_StoreFromUrlRequest__Output, _avatar_v1_StoreAvatarResponse>;
  
}

export interface AvatarServiceDefinition extends grpc.ServiceDefinition {
  GetAvatar: MethodDefinition<_avatar_v1_GetAvatarRequest, _avatar_v1_GetAvatarResponse, _avatar_v1_GetAvatarRequest__Output, _avatar_v1_GetAvatarResponse__Output>
  ListAvatars: MethodDefinition<_avatar_v1_ListAvatarsRequest, _avatar_v1_ListAvatarsResponse, _avatar_v1_ListAvatarsRequest__Output, _avatar_v1_ListAvatarsResponse__Output>
  MigrateAvatars: MethodDefinition<_avatar_v1_MigrateAvatarsRequest, _avatar_v1_MigrateAvatarsResponse, _avatar_v1_MigrateAvatarsRequest__Output, _avatar_v1_MigrateAvatarsResponse__Output>
  RemoveAvatar: MethodDefinition<_avatar_v1_RemoveAvatarRequest, _avatar_v1_RemoveAvatarResponse, _avatar_v1_RemoveAvatarRequest__Output, _avatar_v1_RemoveAvatarResponse__Output>
  StoreContent: MethodDefinition<_avatar_v1_StoreContentRequest, _avatar_v1_StoreAvatarResponse, _avatar_v1_StoreContentRequest__Output, _avatar_v1_StoreAvatarResponse__Output>
  StoreFromUrl: MethodDefinition<_avatar_v1_StoreFromUrlRequest, _avatar_v1_StoreAvatarResponse, _avatar_v1_StoreFromUrlRequest__Output, _avatar_v1_StoreAvatarResponse__Output>
}
