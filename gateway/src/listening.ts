import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@gatehouse/logger';
import { SERVED_METHODS } from './app';
import type { Surface } from './surfaces/surface';

export interface Listener {
  port: number;
  /** Stops accepting, lets requests in flight finish, and closes what is left at the deadline. */
  drain(): Promise<void>;
}

export interface ListenOptions {
  shutdownTimeoutMs: number;
  log: Logger;
}

/**
 * A surface's HTTP (or, given a certificate, HTTPS) listener (its host and port) and its drain: after SIGTERM every answer says
 * Connection: close, so kept-alive clients leave as they are served, and answers still being worked on
 * are waited for. The surface's lanes see each request first; Koa gets what they leave.
 */
export async function listen(surface: Surface, options: ListenOptions): Promise<Listener> {
  const { handle, lanes } = surface;
  const { log } = options;
  let draining = false;
  const unanswered = new Set<http.ServerResponse>();
  const track = (res: http.ServerResponse) => {
    if (draining) return;
    unanswered.add(res);
    res.once('close', () => unanswered.delete(res));
  };
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (draining) res.setHeader('Connection', 'close');
    // A lane's cached answer is written at once and is never among the unanswered; one that calls a
    // service (a card load, a refresh) is answered later, and is waited for like Koa's.
    if (lanes?.(req, res)) {
      if (!res.writableEnded) track(res);
      return;
    }
    track(res);
    void handle(req, res);
  };
  // A surface with a certificate (the admin listener beyond loopback) serves HTTPS only.
  const server = surface.tls ? https.createServer({ ...surface.tls }, onRequest) : http.createServer(onRequest);
  // Node hands CONNECT to this event, not to Koa: without an answer the client would only see a reset.
  server.on('connect', (_req, socket) => {
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${SERVED_METHODS.join(', ')}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  });
  server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(surface.port, surface.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    async drain() {
      // Stop accepting, let requests in flight finish, close each kept-alive socket as it goes idle;
      // at the deadline, close whatever is left (shorter than compose's 10 s before SIGKILL).
      draining = true;
      for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
      let deadline: NodeJS.Timeout | undefined;
      await Promise.race([
        closed,
        new Promise<void>((resolve) => {
          deadline = setTimeout(() => {
            log.warn('shutdown deadline reached: closing the remaining connections');
            server.closeAllConnections();
            resolve();
          }, options.shutdownTimeoutMs);
        }),
      ]);
      clearInterval(idleSweep);
      clearTimeout(deadline);
    },
  };
}
