/**
 * The domain's error words, free of any transport: domain code throws AppError, and only the transport
 * kit (@gatehouse/grpc-kit, errors.ts) turns a kind into a gRPC status. Nothing here may import a
 * transport library; test/boundaries.test.ts checks that.
 */

/** What went wrong, in the terms a caller acts on; each maps to one gRPC status in grpc-kit. */
export type ErrorKind =
  | 'invalid_argument'
  | 'not_found'
  | 'already_exists'
  | 'unauthenticated'
  | 'permission_denied'
  | 'failed_precondition'
  | 'resource_exhausted'
  | 'unavailable'
  | 'deadline_exceeded'
  | 'internal';

/**
 * A domain error. Its message is meant for the caller (it crosses the wire), except for the kind
 * `internal`, whose message is logged and replaced by "internal error". `code` is a stable
 * UPPER_SNAKE word from the service's one code registry (see `errorCodes`).
 */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export const invalidArgument = (code: string, message: string) => new AppError('invalid_argument', code, message);
export const notFound = (code: string, message: string) => new AppError('not_found', code, message);
export const unauthenticated = (code: string, message: string) => new AppError('unauthenticated', code, message);
export const permissionDenied = (code: string, message: string) => new AppError('permission_denied', code, message);
export const unavailable = (code: string, message: string, cause?: unknown) =>
  new AppError('unavailable', code, message, { cause });

/**
 * A service's registry of error codes: each code spelled once, as a key, and used through the returned
 * object (`AvatarErrors.AVATAR_NOT_FOUND`), so a typo is a type error rather than a new code.
 */
export function errorCodes<const C extends readonly string[]>(...codes: C): { readonly [K in C[number]]: K } {
  return Object.freeze(Object.fromEntries(codes.map((c) => [c, c]))) as { readonly [K in C[number]]: K };
}
