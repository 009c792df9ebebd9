export { eventCtes, type RowId, rowId, type StatementEvent } from './ctes';
export { secretProblem } from './guard';
export {
  checkedData,
  currentRequestId,
  eventStatement,
  firstIdAt,
  InvalidEventError,
  idTime,
  newEventId,
  type Queryable,
  recordEvent,
} from './record';
export { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule, retryDelay } from './schedule';
export {
  type AttemptResult,
  type DeliveredEvent,
  type DeliveryTarget,
  type SenderOptions,
  WebhookSender,
} from './sender';
export { deliveryBody, newWebhookSecret, signedHeaders } from './signing';
export { ForbiddenTargetError, forbiddenAddress, guardedLookup, literalAddressProblem } from './ssrf';
export { TrailMissingError, trailThere, waitForTrail } from './trail';
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
