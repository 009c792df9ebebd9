// Original file: protos/auth/v1/oidc.proto


export interface DeviceResource {
  'uri'?: (string);
  'scopes'?: (string)[];
}

export interface DeviceResource__Output {
  'uri': (string);
  'scopes': (string)[];
}
