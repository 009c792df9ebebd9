// Original file: protos/auth/v1/oidc.proto


export interface DeviceCodeRequest {
  'sessionToken'?: (string);
  'userCode'?: (string);
  'action'?: (string);
  'clientIp'?: (string);
}

export interface DeviceCodeRequest__Output {
  'sessionToken': (string);
  'userCode': (string);
  'action': (string);
  'clientIp': (string);
}
