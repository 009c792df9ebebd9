// Original file: protos/avatar/v1/avatar.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetAvatarRequest as _avatar_v1_GetAvatarRequest, GetAvatarRequest__Output as _avatar_v1_GetAvatarRequest__Output } from '../../avatar/v1/GetAvatarRequest';
import type { GetAvatarResponse as _avatar_v1_GetAvatarResponse, GetAvatarResponse__Output as _avatar_v1_GetAvatarResponse__Output } from '../../avatar/v1/GetAvatarResponse';
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
  
  StoreContent: grpc.handleUnaryCall<_avatar_v1_StoreContentRequest__Output, _avatar_v1_StoreAvatarResponse>;
  
  StoreFromUrl: grpc.handleUnaryCall<_avatar_v1_StoreFromUrlRequest__Output, _avatar_v1_StoreAvatarResponse>;
  
}

export interface AvatarServiceDefinition extends grpc.ServiceDefinition {
  GetAvatar: MethodDefinition<_avatar_v1_GetAvatarRequest, _avatar_v1_GetAvatarResponse, _avatar_v1_GetAvatarRequest__Output, _avatar_v1_GetAvatarResponse__Output>
  StoreContent: MethodDefinition<_avatar_v1_StoreContentRequest, _avatar_v1_StoreAvatarResponse, _avatar_v1_StoreContentRequest__Output, _avatar_v1_StoreAvatarResponse__Output>
  StoreFromUrl: MethodDefinition<_avatar_v1_StoreFromUrlRequest, _avatar_v1_StoreAvatarResponse, _avatar_v1_StoreFromUrlRequest__Output, _avatar_v1_StoreAvatarResponse__Output>
}
