import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AvatarServiceClient as _avatar_v1_AvatarServiceClient, AvatarServiceDefinition as _avatar_v1_AvatarServiceDefinition } from './avatar/v1/AvatarService';
import type { GetAvatarRequest as _avatar_v1_GetAvatarRequest, GetAvatarRequest__Output as _avatar_v1_GetAvatarRequest__Output } from './avatar/v1/GetAvatarRequest';
import type { GetAvatarResponse as _avatar_v1_GetAvatarResponse, GetAvatarResponse__Output as _avatar_v1_GetAvatarResponse__Output } from './avatar/v1/GetAvatarResponse';
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
      StoreAvatarResponse: MessageTypeDefinition<_avatar_v1_StoreAvatarResponse, _avatar_v1_StoreAvatarResponse__Output>
      StoreContentRequest: MessageTypeDefinition<_avatar_v1_StoreContentRequest, _avatar_v1_StoreContentRequest__Output>
      StoreFromUrlRequest: MessageTypeDefinition<_avatar_v1_StoreFromUrlRequest, _avatar_v1_StoreFromUrlRequest__Output>
    }
  }
}

