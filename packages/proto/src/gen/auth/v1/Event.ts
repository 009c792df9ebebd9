// Original file: protos/auth/v1/events.proto


export interface Event {
  'id'?: (string);
  'time'?: (string);
  'type'?: (string);
  'source'?: (string);
  'actorKind'?: (string);
  'actorId'?: (string);
  'subjectUser'?: (string);
  'requestId'?: (string);
  'clientAddress'?: (string);
  'userAgent'?: (string);
  'dataJson'?: (string);
}

export interface Event__Output {
  'id': (string);
  'time': (string);
  'type': (string);
  'source': (string);
  'actorKind': (string);
  'actorId': (string);
  'subjectUser': (string);
  'requestId': (string);
  'clientAddress': (string);
  'userAgent': (string);
  'dataJson': (string);
}
