// A relying party's back-channel logout endpoint (OpenID Connect Back-Channel Logout 1.0 §2.5): a real HTTP
// server on 127.0.0.1 that takes each POSTed logout_token (a form) and records it with the moment it
// arrived, answering 200 (or the status a test sets, to play an application that refuses).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedLogout {
  /** The logout_token as it came (a JWT the test verifies). */
  token: string;
  /** When it arrived (Date.now()). */
  atMs: number;
  contentType: string;
}

export class BackchannelReceiver {
  readonly received: ReceivedLogout[] = [];
  /** The status every POST is answered with; 200 and 204 are the successes the provider expects. */
  status = 200;
  private server: http.Server | undefined;
  private port = 0;

  /** The endpoint to register as the client's backchannel_logout_uri. */
  get uri(): string {
    return `http://127.0.0.1:${this.port}/backchannel-logout`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/backchannel-logout') {
          const token = new URLSearchParams(Buffer.concat(chunks).toString()).get('logout_token') ?? '';
          this.received.push({ token, atMs: Date.now(), contentType: req.headers['content-type'] ?? '' });
          res.writeHead(this.status, { 'cache-control': 'no-store' }).end();
        } else {
          res.writeHead(404).end();
        }
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
