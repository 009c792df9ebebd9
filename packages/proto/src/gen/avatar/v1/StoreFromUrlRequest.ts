// Original file: protos/avatar/v1/avatar.proto


export interface StoreFromUrlRequest {
  'userId'?: (string);
  'url'?: (string);
  'bearerToken'?: (string);
}

export interface StoreFromUrlRequest__Output {
  'userId': (string);
  'url': (string);
  'bearerToken': (string);
}
