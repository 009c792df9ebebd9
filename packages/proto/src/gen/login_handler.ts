import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { HttpRequest as _login_v1_HttpRequest, HttpRequest__Output as _login_v1_HttpRequest__Output } from './login/v1/HttpRequest';
import type { HttpResponse as _login_v1_HttpResponse, HttpResponse__Output as _login_v1_HttpResponse__Output } from './login/v1/HttpResponse';
import type { LoginHandlerClient as _login_v1_LoginHandlerClient, LoginHandlerDefinition as _login_v1_LoginHandlerDefinition } from './login/v1/LoginHandler';
import type { Pair as _login_v1_Pair, Pair__Output as _login_v1_Pair__Output } from './login/v1/Pair';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  login: {
    v1: {
      HttpRequest: MessageTypeDefinition<_login_v1_HttpRequest, _login_v1_HttpRequest__Output>
      HttpResponse: MessageTypeDefinition<_login_v1_HttpResponse, _login_v1_HttpResponse__Output>
      LoginHandler: SubtypeConstructor<typeof grpc.Client, _login_v1_LoginHandlerClient> & { service: _login_v1_LoginHandlerDefinition }
      Pair: MessageTypeDefinition<_login_v1_Pair, _login_v1_Pair__Output>
    }
  }
}

