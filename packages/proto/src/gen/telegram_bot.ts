import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CheckLoginRequestRequest as _telegram_v1_CheckLoginRequestRequest, CheckLoginRequestRequest__Output as _telegram_v1_CheckLoginRequestRequest__Output } from './telegram/v1/CheckLoginRequestRequest';
import type { CheckLoginRequestResponse as _telegram_v1_CheckLoginRequestResponse, CheckLoginRequestResponse__Output as _telegram_v1_CheckLoginRequestResponse__Output } from './telegram/v1/CheckLoginRequestResponse';
import type { CreateLoginRequestRequest as _telegram_v1_CreateLoginRequestRequest, CreateLoginRequestRequest__Output as _telegram_v1_CreateLoginRequestRequest__Output } from './telegram/v1/CreateLoginRequestRequest';
import type { CreateLoginRequestResponse as _telegram_v1_CreateLoginRequestResponse, CreateLoginRequestResponse__Output as _telegram_v1_CreateLoginRequestResponse__Output } from './telegram/v1/CreateLoginRequestResponse';
import type { TelegramBotServiceClient as _telegram_v1_TelegramBotServiceClient, TelegramBotServiceDefinition as _telegram_v1_TelegramBotServiceDefinition } from './telegram/v1/TelegramBotService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  telegram: {
    v1: {
      CheckLoginRequestRequest: MessageTypeDefinition<_telegram_v1_CheckLoginRequestRequest, _telegram_v1_CheckLoginRequestRequest__Output>
      CheckLoginRequestResponse: MessageTypeDefinition<_telegram_v1_CheckLoginRequestResponse, _telegram_v1_CheckLoginRequestResponse__Output>
      CreateLoginRequestRequest: MessageTypeDefinition<_telegram_v1_CreateLoginRequestRequest, _telegram_v1_CreateLoginRequestRequest__Output>
      CreateLoginRequestResponse: MessageTypeDefinition<_telegram_v1_CreateLoginRequestResponse, _telegram_v1_CreateLoginRequestResponse__Output>
      TelegramBotService: SubtypeConstructor<typeof grpc.Client, _telegram_v1_TelegramBotServiceClient> & { service: _telegram_v1_TelegramBotServiceDefinition }
    }
  }
}

