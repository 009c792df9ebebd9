// What a lane reads off the request as Koa's stack would: the client's address and the body.
import type http from 'node:http';

/** The client's address as Koa's `ctx.ip` gives it: the nearest untrusted hop of X-Forwarded-For. */
export function clientAddress(req: http.IncomingMessage, trustedProxies: number): string {
  const forwarded = req.headers['x-forwarded-for'];
  if (trustedProxies > 0 && typeof forwarded === 'string' && forwarded) {
    const hops = forwarded.split(/\s*,\s*/).slice(-trustedProxies);
    if (hops[0]) return hops[0];
  }
  return req.socket.remoteAddress ?? '';
}

/**
 * The body, or undefined when the client went away before its end. A lane takes a request only once
 * its declared length has been checked against the route's limit, so the body is read whole.
 */
export function requestBody(req: http.IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('close', () => resolve(undefined)); // after 'end' this changes nothing
    req.once('error', () => resolve(undefined));
  });
}
