// Original file: protos/auth/v1/organizations.proto


export interface SwitchOrganizationRequest {
  'token'?: (string);
  'orgId'?: (string);
}

export interface SwitchOrganizationRequest__Output {
  'token': (string);
  'orgId': (string);
}
