// Original file: protos/avatar/v1/avatar.proto


export interface MigrateAvatarsRequest {
  'from'?: (string);
  'to'?: (string);
}

export interface MigrateAvatarsRequest__Output {
  'from': (string);
  'to': (string);
}
