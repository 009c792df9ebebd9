import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import * as oidc from 'openid-client';
import { Agent, type Dispatcher, request } from 'undici';

/**
 * The HTTP client of every call to a provider (code exchange, user info, discovery): undici's
 * `request` on one keep-alive pool, in place of the global `fetch` openid-client uses by default.
 * Node's fetch runs the WHATWG machinery (streams, request and response objects, abort plumbing) around
 * the same undici: about 0.9 ms of CPU a call here against 0.3 ms (issue 36), twice per login. It takes
 * what openid-client gives a fetch (method, headers, a body, `redirect: 'manual'`, a signal if any),
 * gives up at the provider timeout (withProviderFetch), and answers the Response it expects;
 * redirects are never followed (undici's default, as 'manual'), and the body is read whole, as
 * openid-client reads it.
 */
const pool = new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });

/** Statuses whose Response must have no body (the Fetch standard's null body statuses). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function requestBody(body: oidc.CustomFetchOptions['body']): Dispatcher.DispatchOptions['body'] {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  // The code exchange's form: fetch would send it as text with a content-type openid-client sets itself.
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (body instanceof Uint8Array) return body;
  return Readable.fromWeb(body as WebReadableStream);
}

function responseHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

/**
 * One call, given up (the request or the reading of its body) at `options.signal` or after
 * `deadlineMs`, whichever comes first. The deadline is a timer cleared when the call ends and an
 * EventEmitter undici takes as its signal: openid-client's own timeout is an `AbortSignal.timeout`
 * a call, whose timer is never cleared and fires later with a DOMException and an abort event (seen
 * in the profile at about 75 µs of CPU a login, issue 36).
 */
export async function providerFetch(
  url: string,
  options: oidc.CustomFetchOptions,
  deadlineMs?: number,
): Promise<Response> {
  const deadline = deadlineMs ? new EventEmitter() : undefined;
  const timer = deadline && setTimeout(() => deadline.emit('abort'), deadlineMs);
  try {
    const answer = await request(url, {
      method: options.method as Dispatcher.HttpMethod,
      headers: options.headers,
      body: requestBody(options.body),
      signal: options.signal ?? deadline,
      dispatcher: pool,
    });
    const body = NULL_BODY.has(answer.statusCode) ? null : Buffer.from(await answer.body.arrayBuffer());
    if (body === null) await answer.body.dump();
    return new Response(body, { status: answer.statusCode, headers: responseHeaders(answer.headers) });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Makes a provider's configuration call the provider through providerFetch (above), each call given
 * up after `timeoutMs` (openid-client's own timeout is off, see providerFetch); returns it.
 */
export function withProviderFetch(config: oidc.Configuration, timeoutMs: number): oidc.Configuration {
  config.timeout = 0;
  config[oidc.customFetch] = (url, options) => providerFetch(url, options, timeoutMs);
  return config;
}
