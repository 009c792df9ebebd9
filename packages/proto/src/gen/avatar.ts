import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AvatarServiceClient as _avatar_v1_AvatarServiceClient, AvatarServiceDefinition as _avatar_v1_AvatarServiceDefinition } from './avatar/v1/AvatarService';
import type { GetAvatarRequest as _avatar_v1_GetAvatarRequest, GetAvatarRequest__Output as _avatar_v1_GetAvatarRequest__Output } from './avatar/v1/GetAvatarRequest';
import type { GetAvatarResponse as _avatar_v1_GetAvatarResponse, GetAvatarResponse__Output as _avatar_v1_GetAvatarResponse__Output } from './avatar/v1/GetAvatarResponse';
import type { ListAvatarsRequest as _avatar_v1_ListAvatarsRequest, ListAvatarsRequest__Output as _avatar_v1_ListAvatarsRequest__Output } from './avatar/v1/ListAvatarsRequest';
import type { ListAvatarsResponse as _avatar_v1_ListAvatarsResponse, ListAvatarsResponse__Output as _avatar_v1_ListAvatarsResponse__Output } from './avatar/v1/ListAvatarsResponse';
import type { MigrateAvatarsRequest as _avatar_v1_MigrateAvatarsRequest, MigrateAvatarsRequest__Output as _avatar_v1_MigrateAvatarsRequest__Output } from './avatar/v1/MigrateAvatarsRequest';
import type { MigrateAvatarsResponse as _avatar_v1_MigrateAvatarsResponse, MigrateAvatarsResponse__Output as _avatar_v1_MigrateAvatarsResponse__Output } from './avatar/v1/MigrateAvatarsResponse';
import type { RemoveAvatarRequest as _avatar_v1_RemoveAvatarRequest, RemoveAvatarRequest__Output as _avatar_v1_RemoveAvatarRequest__Output } from './avatar/v1/RemoveAvatarRequest';
import type { RemoveAvatarResponse as _avatar_v1_RemoveAvatarResponse, RemoveAvatarResponse__Output as _avatar_v1_RemoveAvatarResponse__Output } from './avatar/v1/RemoveAvatarResponse';
import type { StoreAvatarResponse as _avatar_v1_StoreAvatarResponse, StoreAvatarResponse__Output as _avatar_v1_StoreAvatarResponse__Output } from './avatar/v1/StoreAvatarResponse';
import type { StoreContentRequest as _avatar_v1_StoreContentRequest, StoreContentRequest__Output as _avatar_v1_StoreContentRequest__Output } from './avatar/v1/StoreContentRequest';
import type { StoreFromUrlRequest as _avatar_v1_StoreFromUrlRequest, StoreFromUrlRequest__Output as _avatar_v1_StoreFromUrlRequest__Output } from './avatar/v1/StoreFromUrlRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  avatar: {
    v1: {
      AvatarService: SubtypeConstructor<typeof grpc.Client, _avatar_v1_AvatarServiceClient> & { service: _avatar_v1_AvatarServiceDefinition }
      GetAvatarRequest: MessageTypeDefinition<_avatar_v1_GetAvatarRequest, _avatar_v1_GetAvatarRequest__Output>
      GetAvatarResponse: MessageTypeDefinition<_avatar_v1_GetAvatarResponse, _avatar_v1_GetAvatarResponse__Output>
      ListAvatarsRequest: MessageTypeDefinition<_avatar_v1_ListAvatarsRequest, _avatar_v1_ListAvatarsRequest__Output>
      ListAvatarsResponse: MessageTypeDefinition<_avatar_v1_ListAvatarsResponse, _avatar_v1_ListAvatarsResponse__Output>
      MigrateAvatarsRequest: MessageTypeDefinition<_avatar_v1_MigrateAvatarsRequest, _avatar_v1_MigrateAvatarsRequest__Output>
      MigrateAvatarsResponse: MessageTypeDefinition<_avatar_v1_MigrateAvatarsResponse, _avatar_v1_MigrateAvatarsResponse__Output>
      RemoveAvatarRequest: MessageTypeDefinition<_avatar_v1_RemoveAvatarRequest, _avatar_v1_RemoveAvatarRequest__Output>
      RemoveAvatarResponse: MessageTypeDefinition<_avatar_v1_RemoveAvatarResponse, _avatar_v1_RemoveAvatarResponse__Output>
      StoreAvatarResponse: MessageTypeDefinition<_avatar_v1_StoreAvatarResponse, _avatar_v1_StoreAvatarResponse__Output>
      StoreContentRequest: MessageTypeDefinition<_avatar_v1_StoreContentRequest, _avatar_v1_StoreContentRequest__Output>
      StoreFromUrlRequest: MessageTypeDefinition<_avatar_v1_StoreFromUrlRequest, _avatar_v1_StoreFromUrlRequest__Output>
    }
  }
}

