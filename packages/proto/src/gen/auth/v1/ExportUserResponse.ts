// Original file: protos/auth/v1/admin.proto


export interface ExportUserResponse {
  'documentJson'?: (string);
}

export interface ExportUserResponse__Output {
  'documentJson': (string);
}
