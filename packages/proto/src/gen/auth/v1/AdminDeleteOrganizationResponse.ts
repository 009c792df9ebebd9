// Original file: protos/auth/v1/organizations.proto


export interface AdminDeleteOrganizationResponse {
  'members'?: (number);
}

export interface AdminDeleteOrganizationResponse__Output {
  'members': (number);
}
