// Original file: protos/auth/v1/organizations.proto


export interface GetMembershipRequest {
  'userId'?: (string);
  'org'?: (string);
}

export interface GetMembershipRequest__Output {
  'userId': (string);
  'org': (string);
}
