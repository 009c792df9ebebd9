// The one writer of lane answers: the headers Koa's stack would add (X-Request-Id from requestTrace,
// nosniff from errorHandler, the type and length), a bug's 500, and the access line of errorHandler.
// A lane writes through here only, so its answers cannot drift from Koa's for the same request.
import type http from 'node:http';
import { type Logger, redactUrl } from '@gatehouse/logger';
import { NOSNIFF } from '../middleware/security-headers';
import { REQUEST_ID_HEADER } from '../middleware/trace';

export const JSON_TYPE = 'application/json; charset=utf-8';

export interface LaneAnswer {
  status: number;
  /** The trace id, sent as X-Request-Id. */
  requestId: string;
  /** The route's own headers, as a flat list (name, value, name, value). */
  headers: readonly string[];
  /** Without a body (a 304) no Content-Length is written. */
  body?: string | Buffer;
  type?: string;
  /** A HEAD: the length of the body, not the body. */
  head?: boolean;
}

/** Writes an answer in one writeHead of a raw list (Node then stores the headers without a setHeader each). */
export function writeAnswer(res: http.ServerResponse, answer: LaneAnswer): void {
  if (res.destroyed) return;
  const raw: string[] = [REQUEST_ID_HEADER, answer.requestId, ...NOSNIFF, ...answer.headers];
  if (answer.type !== undefined) raw.push('Content-Type', answer.type);
  if (answer.body !== undefined) raw.push('Content-Length', String(Buffer.byteLength(answer.body)));
  // A draining server has already set Connection: close; writeHead then merges the list into it.
  res.writeHead(answer.status, raw);
  if (answer.head || answer.body === undefined) res.end();
  else res.end(answer.body);
}

/** errorHandler's access line: refusals and failures at info (a lane's 2xx is debug, which never gets here). */
export function accessLine(log: Logger, req: http.IncomingMessage, status: number, startMs: number): void {
  if (status < 400 || !log.isLevelEnabled('info')) return;
  const ms = Math.round(performance.now() - startMs);
  log.info({ method: req.method, url: redactUrl(req.url ?? ''), status, ms }, 'request');
}

/**
 * A bug in a lane (every failure it expects has its answer): errorHandler's log line and 500, in the
 * area's error body, or a reset when an answer had already begun.
 */
export function answerBug(
  log: Logger,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  err: unknown,
  answer: Omit<LaneAnswer, 'status' | 'type'>,
): number {
  log.error({ err, method: req.method, url: redactUrl(req.url ?? '') }, 'request failed');
  if (res.headersSent) res.destroy();
  else writeAnswer(res, { ...answer, status: 500, type: JSON_TYPE });
  return 500;
}

/** errorHandler's line for a client that left mid-body: nothing was done, nobody hears an answer. */
export function clientLeft(log: Logger, req: http.IncomingMessage, res: http.ServerResponse, startMs: number): number {
  log.info({ method: req.method, url: redactUrl(req.url ?? '') }, 'client aborted the request');
  res.destroy();
  accessLine(log, req, 400, startMs);
  return 400;
}
