// Original file: protos/auth/v1/identities.proto


export interface ExportMyDataResponse {
  'documentJson'?: (string);
}

export interface ExportMyDataResponse__Output {
  'documentJson': (string);
}
