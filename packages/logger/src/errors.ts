// How an error appears in a log line. pino's standard serializer copies every enumerable property, and
// libraries hang whole objects on their errors: pg-pool puts the pg Client (its connection parameters,
// socket and parser, about 5 KB of JSON) on an idle connection's error as `err.client`; HTTP and gRPC
// errors carry requests, responses and sockets. A line needs what happened and where in our code.

import { types } from 'node:util';
import { redactSecrets } from './redact';

export interface SerializedError {
  type: string;
  message: string;
  /** `code`, and the other short facts errors carry (errno, syscall, Postgres severity, gRPC details). */
  [fact: string]: unknown;
}

/** Own properties copied when they are short primitives: the facts, never the objects. */
const FACTS = [
  'code',
  'errno',
  'syscall',
  'address',
  'port',
  'status',
  'statusCode',
  'details',
  'severity',
  'detail',
  'hint',
  'routine',
  'table',
  'constraint',
] as const;
const MAX_FACT_LENGTH = 300;
/** Frames of our own code kept from the stack: where it happened, not the whole way there. */
const MAX_FRAMES = 3;
const MAX_CAUSES = 3;

/** The first frames of the stack that are our code: not node_modules, not Node's own modules. */
export function ownFrames(stack: string | undefined, max = MAX_FRAMES): string[] {
  if (!stack) return [];
  const frames: string[] = [];
  for (const line of stack.split('\n')) {
    const frame = line.trim();
    if (!frame.startsWith('at ') || frame.includes('node_modules') || frame.includes('node:')) continue;
    frames.push(frame.slice(3));
    if (frames.length === max) break;
  }
  return frames;
}

function isFact(value: unknown): value is string | number | boolean {
  return (
    (typeof value === 'string' && value.length <= MAX_FACT_LENGTH) ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  );
}

/**
 * The error's type (its name), message and facts, at most the first frames of our own code, and its
 * cause the same way (a few levels); anything that is not an Error is written as its type and text.
 */
export function serializeError(err: unknown, depth = 0): SerializedError {
  // isNativeError: errors made in another realm (Node's own under a test runner's vm) are errors too.
  if (!(err instanceof Error || types.isNativeError(err))) {
    return { type: err === null ? 'null' : typeof err, message: redactSecrets(String(err).slice(0, MAX_FACT_LENGTH)) };
  }
  // The class when the name says nothing more (pg's DatabaseError is named "error").
  const named = err.name && err.name.toLowerCase() !== 'error' ? err.name : undefined;
  // Messages can quote what failed (a URL with a Bot API token, a JWT): redacted as log text is.
  const out: SerializedError = { type: named ?? err.constructor?.name ?? 'Error', message: redactSecrets(err.message) };
  const props = err as unknown as Record<string, unknown>;
  for (const fact of FACTS) {
    const value = props[fact];
    if (isFact(value)) out[fact] = typeof value === 'string' ? redactSecrets(value) : value;
  }
  const frames = ownFrames(err.stack);
  if (frames.length > 0) out.stack = frames;
  const inner = props.errors;
  if (Array.isArray(inner) && inner.length > 0 && depth < MAX_CAUSES) {
    out.errors = inner.slice(0, 3).map((e) => serializeError(e, depth + 1));
  }
  if (err.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(err.cause, depth + 1);
  return out;
}
