// Original file: protos/payment/v1/payment.proto


export interface ActOnDisputeRequest {
  'admin'?: (string);
  'disputeId'?: (string);
  'action'?: (string);
  'content'?: (string);
  'category'?: (string);
  'fileName'?: (string);
  'file'?: (Buffer | Uint8Array | string);
}

export interface ActOnDisputeRequest__Output {
  'admin': (string);
  'disputeId': (string);
  'action': (string);
  'content': (string);
  'category': (string);
  'fileName': (string);
  'file': (Buffer);
}
