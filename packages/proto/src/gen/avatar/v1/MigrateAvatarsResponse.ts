// Original file: protos/avatar/v1/avatar.proto


export interface MigrateAvatarsResponse {
  'listed'?: (number);
  'copied'?: (number);
  'failedIds'?: (string)[];
}

export interface MigrateAvatarsResponse__Output {
  'listed': (number);
  'copied': (number);
  'failedIds': (string)[];
}
