import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { DeviceCodeRequest as _auth_v1_DeviceCodeRequest, DeviceCodeRequest__Output as _auth_v1_DeviceCodeRequest__Output } from './auth/v1/DeviceCodeRequest';
import type { DeviceCodeResponse as _auth_v1_DeviceCodeResponse, DeviceCodeResponse__Output as _auth_v1_DeviceCodeResponse__Output } from './auth/v1/DeviceCodeResponse';
import type { DeviceRequest as _auth_v1_DeviceRequest, DeviceRequest__Output as _auth_v1_DeviceRequest__Output } from './auth/v1/DeviceRequest';
import type { DeviceResource as _auth_v1_DeviceResource, DeviceResource__Output as _auth_v1_DeviceResource__Output } from './auth/v1/DeviceResource';
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
      DeviceCodeRequest: MessageTypeDefinition<_auth_v1_DeviceCodeRequest, _auth_v1_DeviceCodeRequest__Output>
      DeviceCodeResponse: MessageTypeDefinition<_auth_v1_DeviceCodeResponse, _auth_v1_DeviceCodeResponse__Output>
      DeviceRequest: MessageTypeDefinition<_auth_v1_DeviceRequest, _auth_v1_DeviceRequest__Output>
      DeviceResource: MessageTypeDefinition<_auth_v1_DeviceResource, _auth_v1_DeviceResource__Output>
      OidcHeader: MessageTypeDefinition<_auth_v1_OidcHeader, _auth_v1_OidcHeader__Output>
      OidcHttpRequest: MessageTypeDefinition<_auth_v1_OidcHttpRequest, _auth_v1_OidcHttpRequest__Output>
      OidcHttpResponse: MessageTypeDefinition<_auth_v1_OidcHttpResponse, _auth_v1_OidcHttpResponse__Output>
      OidcService: SubtypeConstructor<typeof grpc.Client, _auth_v1_OidcServiceClient> & { service: _auth_v1_OidcServiceDefinition }
    }
  }
}

