/** A login request as the gateway forwards it (login.v1.HttpRequest without the gRPC types). */
export interface LoginRequest {
  method: string;
  query: Record<string, string>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Buffer;
  clientIp: string;
}

/** What a built-in provider answers; `userJson` means "issue a session for this user". */
export interface LoginAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  userJson?: string;
  /** The audience to issue the session for. */
  site?: string;
  /** An allowed post-login redirect target. */
  redirectUrl?: string;
  /**
   * A refused or limited attempt, for the trail (events/login-events.ts), never sent: the user id the
   * attempt was for, and the limit that refused it with what it counts per and its window.
   */
  attempt?: { user?: string; limit?: { per: LimitScope; windowMs: number } };
}

/** What a login limit counts per: a user from one address, an address, a user from every address, a mailbox. */
export type LimitScope = 'user_ip' | 'ip' | 'user' | 'address';

/** Same limit as go-pkgz's MaxHTTPBodySize (the gateway enforces it first). */
export const MAX_BODY_BYTES = 1024 * 1024;

export function answer(status: number, body: unknown, headers: Record<string, string> = {}): LoginAnswer {
  return { status, body, headers };
}

/** go-pkgz rest.SendErrorJSON: `{"error": msg}`. */
export function failure(status: number, message: string, headers: Record<string, string> = {}): LoginAnswer {
  return answer(status, { error: message }, headers);
}

export class BadRequestBody extends Error {}

/**
 * The request's fields: the query for GET; for POST the body as JSON (application/json) or as a form
 * (application/x-www-form-urlencoded, or no Content-Type, as go-pkgz does). Only string values are
 * kept; a body that is none of these, or not parseable, throws BadRequestBody.
 */
export function requestFields(req: LoginRequest): Record<string, string> {
  if (req.method !== 'POST') return req.query;
  if (req.body.length > MAX_BODY_BYTES) throw new BadRequestBody('body too large');
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(req.body.toString('utf8'));
    } catch {
      throw new BadRequestBody('body is not JSON');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new BadRequestBody('body is not an object');
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(parsed)) {
      if (typeof v === 'string') fields[k] = v;
      else if (v !== null && v !== undefined) throw new BadRequestBody(`${k} is not a string`);
    }
    return fields;
  }
  if (type === '' || type === 'application/x-www-form-urlencoded') {
    const fields: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(req.body.toString('utf8'))) if (!(k in fields)) fields[k] = v;
    return fields;
  }
  throw new BadRequestBody(`content type ${type} is not supported`);
}
