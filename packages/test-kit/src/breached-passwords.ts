// A breached-password service on 127.0.0.1 in place of Have I Been Pwned's Pwned Passwords: the
// k-anonymity range API (GET /range/<5 hex of SHA-1>, `SUFFIX:COUNT` lines with CRLF) over the
// passwords a test gives, with decoy lines of count 0 when asked for `Add-Padding: true`, as the real
// service pads. It records what each request sent, so a test can see that only a prefix left, and can
// be told to hang (a deadline's test) or to answer 500.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RangeRequest {
  path: string;
  padding: boolean;
}

export class BreachedPasswordsServer {
  /** What every request is answered with: the range, no answer at all, or a server error. */
  mode: 'serve' | 'hang' | 'fail' = 'serve';
  readonly requests: RangeRequest[] = [];
  private readonly counts = new Map<string, number>();
  private server: http.Server | undefined;
  private port = 0;

  /**
   * `breached`: passwords the service knows, each seen `count` times; `zeroCount`: passwords listed with
   * count 0, as a padding line that happens to match (the client must take them as absent).
   */
  constructor(breached: Iterable<string> = [], options: { count?: number; zeroCount?: Iterable<string> } = {}) {
    for (const p of breached) this.counts.set(sha1(p), options.count ?? 42);
    for (const p of options.zeroCount ?? []) this.counts.set(sha1(p), 0);
  }

  /** The base URL (AUTH_BREACHED_PASSWORDS_URL); the client adds /range/<prefix>. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  add(password: string, count = 42): void {
    this.counts.set(sha1(password), count);
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const padding = String(req.headers['add-padding'] ?? '').toLowerCase() === 'true';
      this.requests.push({ path: req.url ?? '', padding });
      if (this.mode === 'hang') return; // never answered: the client's deadline ends it
      if (this.mode === 'fail') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
        return;
      }
      const m = /^\/range\/([0-9A-Fa-f]{5})$/.exec(req.url ?? '');
      if (req.method !== 'GET' || !m) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('The hash prefix was not in a valid format');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end(this.range((m[1] as string).toUpperCase(), padding));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  private range(prefix: string, padding: boolean): string {
    const lines: string[] = [];
    for (const [hash, count] of this.counts) if (hash.startsWith(prefix)) lines.push(`${hash.slice(5)}:${count}`);
    // A few hundred lines like the real answers: random suffixes that match nothing, count 0.
    if (padding)
      for (let i = 0; i < 200; i++) lines.push(`${randomBytes(18).toString('hex').slice(0, 35).toUpperCase()}:0`);
    return lines.sort().join('\r\n');
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function sha1(password: string): string {
  return createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
}
