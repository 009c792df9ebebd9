export { secretProblem } from './guard';
export { eventStatement, InvalidEventError, newEventId, type Queryable, recordEvent } from './record';
export { ensureTrail, TRAIL_DDL } from './trail';
export {
  type ActorKind,
  EVENT_DATA,
  EVENT_TYPES,
  type EventData,
  type EventType,
  matchesPattern,
  type NewEvent,
  patternProblem,
  type StoredEvent,
} from './types';
