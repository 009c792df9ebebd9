// Original file: protos/auth/v1/events.proto

import type { Event as _auth_v1_Event, Event__Output as _auth_v1_Event__Output } from '../../auth/v1/Event';

export interface QueryEventsResponse {
  'events'?: (_auth_v1_Event)[];
  'nextCursor'?: (string);
}

export interface QueryEventsResponse__Output {
  'events': (_auth_v1_Event__Output)[];
  'nextCursor': (string);
}
