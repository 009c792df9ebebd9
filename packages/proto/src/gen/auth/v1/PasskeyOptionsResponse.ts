// Original file: protos/auth/v1/auth.proto


export interface PasskeyOptionsResponse {
  'optionsJson'?: (string);
  'retryAfterSeconds'?: (number);
}

export interface PasskeyOptionsResponse__Output {
  'optionsJson': (string);
  'retryAfterSeconds': (number);
}
