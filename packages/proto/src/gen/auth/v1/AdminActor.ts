// Original file: protos/auth/v1/admin.proto


export interface AdminActor {
  'id'?: (string);
}

export interface AdminActor__Output {
  'id': (string);
}
