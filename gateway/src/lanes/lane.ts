import type http from 'node:http';

/**
 * A lane: an answer the HTTP server gives on the raw request, before Koa. True when it has taken the
 * request (answered at once, or answering when a service has), false to leave it to Koa, having
 * written nothing. See lanes/index.ts for why lanes exist and which there are.
 */
export type Lane = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
