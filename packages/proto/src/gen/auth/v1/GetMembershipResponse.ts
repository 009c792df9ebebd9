// Original file: protos/auth/v1/organizations.proto


export interface GetMembershipResponse {
  'member'?: (boolean);
  'orgId'?: (string);
  'slug'?: (string);
  'roles'?: (string)[];
  'perms'?: (string)[];
}

export interface GetMembershipResponse__Output {
  'member': (boolean);
  'orgId': (string);
  'slug': (string);
  'roles': (string)[];
  'perms': (string)[];
}
