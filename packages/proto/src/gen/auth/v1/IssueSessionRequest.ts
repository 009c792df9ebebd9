// Original file: protos/auth/v1/auth.proto

import type { ClientInfo as _auth_v1_ClientInfo, ClientInfo__Output as _auth_v1_ClientInfo__Output } from '../../auth/v1/ClientInfo';

export interface IssueSessionRequest {
  'provider'?: (string);
  'userJson'?: (string);
  'site'?: (string);
  'sessionOnly'?: (boolean);
  'redirectUrl'?: (string);
  'linkSessionToken'?: (string);
  'client'?: (_auth_v1_ClientInfo | null);
}

export interface IssueSessionRequest__Output {
  'provider': (string);
  'userJson': (string);
  'site': (string);
  'sessionOnly': (boolean);
  'redirectUrl': (string);
  'linkSessionToken': (string);
  'client': (_auth_v1_ClientInfo__Output | null);
}
