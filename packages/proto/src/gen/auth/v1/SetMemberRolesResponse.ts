// Original file: protos/auth/v1/organizations.proto


export interface SetMemberRolesResponse {
  'roles'?: (string)[];
}

export interface SetMemberRolesResponse__Output {
  'roles': (string)[];
}
