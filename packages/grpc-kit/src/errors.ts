import { AppError, type ErrorKind } from '@gatehouse/errors';
import * as grpc from '@grpc/grpc-js';

/** The one place a domain error kind becomes a gRPC status. */
const KIND_TO_STATUS: Record<ErrorKind, grpc.status> = {
  invalid_argument: grpc.status.INVALID_ARGUMENT,
  not_found: grpc.status.NOT_FOUND,
  already_exists: grpc.status.ALREADY_EXISTS,
  unauthenticated: grpc.status.UNAUTHENTICATED,
  permission_denied: grpc.status.PERMISSION_DENIED,
  failed_precondition: grpc.status.FAILED_PRECONDITION,
  resource_exhausted: grpc.status.RESOURCE_EXHAUSTED,
  unavailable: grpc.status.UNAVAILABLE,
  deadline_exceeded: grpc.status.DEADLINE_EXCEEDED,
  internal: grpc.status.INTERNAL,
};

/** Trailer that carries the stable UPPER_SNAKE domain code next to the gRPC status. */
export const ERROR_CODE_METADATA_KEY = 'x-error-code';

/**
 * The longest status message sent, in characters. A message may quote what the caller sent (a name
 * that was not found), and it travels as the grpc-message trailer: past a client's metadata limit
 * (grpc-js: 8 KiB, percent-encoded) the client cannot read the answer, the call hangs until its deadline,
 * and the other calls on that connection with it (found by fuzzing, with a name of 100 kB).
 */
export const MAX_DETAILS_CHARS = 300;

function bounded(message: string): string {
  if (message.length <= MAX_DETAILS_CHARS) return message;
  // By code point, so a cut never leaves half of a surrogate pair.
  const chars = Array.from(message.slice(0, MAX_DETAILS_CHARS * 2));
  return chars.length <= MAX_DETAILS_CHARS ? message : `${chars.slice(0, MAX_DETAILS_CHARS).join('')}…`;
}

/** A domain error as a gRPC status object; anything that is not an AppError becomes INTERNAL. */
export function toServiceError(err: unknown): Partial<grpc.StatusObject> {
  const metadata = new grpc.Metadata();
  if (err instanceof AppError && err.kind !== 'internal') {
    metadata.set(ERROR_CODE_METADATA_KEY, err.code);
    return { code: KIND_TO_STATUS[err.kind], details: bounded(err.message), metadata };
  }
  metadata.set(ERROR_CODE_METADATA_KEY, err instanceof AppError ? err.code : 'INTERNAL');
  return { code: grpc.status.INTERNAL, details: 'internal error', metadata };
}

/** gRPC status to HTTP status: grpc-gateway's HTTPStatusFromCode table, one for the whole gateway. */
const STATUS_TO_HTTP: Record<number, number> = {
  [grpc.status.OK]: 200,
  [grpc.status.CANCELLED]: 499,
  [grpc.status.UNKNOWN]: 500,
  [grpc.status.INVALID_ARGUMENT]: 400,
  [grpc.status.DEADLINE_EXCEEDED]: 504,
  [grpc.status.NOT_FOUND]: 404,
  [grpc.status.ALREADY_EXISTS]: 409,
  [grpc.status.PERMISSION_DENIED]: 403,
  [grpc.status.RESOURCE_EXHAUSTED]: 429,
  [grpc.status.FAILED_PRECONDITION]: 400, // deliberately not 412, as grpc-gateway explains
  [grpc.status.ABORTED]: 409,
  [grpc.status.OUT_OF_RANGE]: 400,
  [grpc.status.UNIMPLEMENTED]: 501,
  [grpc.status.INTERNAL]: 500,
  [grpc.status.UNAVAILABLE]: 503,
  [grpc.status.DATA_LOSS]: 500,
  [grpc.status.UNAUTHENTICATED]: 401,
};

export function httpStatusFromGrpc(code: number): number {
  return STATUS_TO_HTTP[code] ?? 500;
}

/** The kind a status stands for, KIND_TO_STATUS read backwards; a status no kind maps to is `other`. */
const STATUS_TO_KIND = new Map<number, ErrorKind>(
  Object.entries(KIND_TO_STATUS).map(([kind, code]) => [code, kind as ErrorKind]),
);

/**
 * What the gateway needs of a failed call: the HTTP status, a message safe to show, the domain code,
 * and the kind of failure in the domain's words. Callers decide on these, never on raw gRPC codes.
 */
export interface CallFailure {
  httpStatus: number;
  grpcCode: number;
  /** The failure's ErrorKind (`unauthenticated`, `unavailable`...), or `other` (cancelled, unknown...). */
  kind: ErrorKind | 'other';
  message: string;
  code: string;
  /**
   * The status is the service's own answer (its AppError, which carries a domain code), not one the
   * transport made up (a dropped connection, a deadline, a call never sent): the handler ran and
   * decided to fail. A service can give such a status a meaning (payment's LoadCard: UNAVAILABLE from
   * the service means nothing was charged), which the same status from the transport never has.
   */
  answeredByService: boolean;
}

export function describeCallError(err: unknown): CallFailure {
  const e = err as Partial<grpc.ServiceError>;
  const grpcCode = typeof e.code === 'number' ? e.code : grpc.status.UNKNOWN;
  const httpStatus = httpStatusFromGrpc(grpcCode);
  const code = String(e.metadata?.get(ERROR_CODE_METADATA_KEY)[0] ?? grpc.status[grpcCode] ?? 'UNKNOWN');
  // 5xx details may carry transport internals ("No connection established ..."): never shown, unless the
  // status came from our own AppError (it carries a domain code), whose messages are written for clients.
  const answeredByService = (e.metadata?.get(ERROR_CODE_METADATA_KEY).length ?? 0) > 0;
  const fromApp = answeredByService && grpcCode !== grpc.status.INTERNAL;
  const message = (httpStatus < 500 || fromApp) && e.details ? e.details : 'internal error';
  const kind = STATUS_TO_KIND.get(grpcCode) ?? 'other';
  return { httpStatus, grpcCode, kind, message, code, answeredByService };
}

/**
 * grpc-js's picker fails a call with these details when no connection is ready (or no address is known):
 * the call was never written to any server, so even a call with side effects is safe to send again.
 */
const NEVER_SENT = /^(\w+: )?No connection established|^Name resolution failed/;

/** Whether a failed call never left this process (see NEVER_SENT); any other failure may have run. */
export function callNeverSent(err: unknown): boolean {
  const { code, details } = err as Partial<grpc.ServiceError>;
  return code === grpc.status.UNAVAILABLE && typeof details === 'string' && NEVER_SENT.test(details);
}
