import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { OidcHeader as _auth_v1_OidcHeader, OidcHeader__Output as _auth_v1_OidcHeader__Output } from './auth/v1/OidcHeader';
import type { OidcHttpRequest as _auth_v1_OidcHttpRequest, OidcHttpRequest__Output as _auth_v1_OidcHttpRequest__Output } from './auth/v1/OidcHttpRequest';
import type { OidcHttpResponse as _auth_v1_OidcHttpResponse, OidcHttpResponse__Output as _auth_v1_OidcHttpResponse__Output } from './auth/v1/OidcHttpResponse';
import type { OidcServiceClient as _auth_v1_OidcServiceClient, OidcServiceDefinition as _auth_v1_OidcServiceDefinition } from './auth/v1/OidcService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  auth: {
    v1: {
      OidcHeader: MessageTypeDefinition<_auth_v1_OidcHeader, _auth_v1_OidcHeader__Output>
      OidcHttpRequest: MessageTypeDefinition<_auth_v1_OidcHttpRequest, _auth_v1_OidcHttpRequest__Output>
      OidcHttpResponse: MessageTypeDefinition<_auth_v1_OidcHttpResponse, _auth_v1_OidcHttpResponse__Output>
      OidcService: SubtypeConstructor<typeof grpc.Client, _auth_v1_OidcServiceClient> & { service: _auth_v1_OidcServiceDefinition }
    }
  }
}

