// A CAPTCHA provider's siteverify on 127.0.0.1 in place of Cloudflare Turnstile's or hCaptcha's:
// POST with `secret`, `response` (the token) and `remoteip`, as JSON or a form, answered
// `{"success", "hostname", "error-codes"}`. Tokens the test accepts pass once (both providers' tokens
// are single use), under the one right secret; it records each request, and can hang, fail or answer
// what is not JSON, to show the client fails closed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SiteverifyRequest {
  contentType: string;
  secret: string;
  response: string;
  remoteip: string | undefined;
}

export class CaptchaVerifyServer {
  mode: 'serve' | 'hang' | 'fail' | 'garbage' = 'serve';
  /** The hostname answered for a passing token (the site the widget ran on). */
  hostname = 'gatehouse.test';
  readonly requests: SiteverifyRequest[] = [];
  private readonly tokens = new Set<string>();
  private server: http.Server | undefined;
  private port = 0;

  constructor(readonly secret = 'test-secret') {}

  /** The siteverify URL (AUTH_CAPTCHA_VERIFY_URL). */
  get url(): string {
    return `http://127.0.0.1:${this.port}/siteverify`;
  }

  /** A token that passes (once). */
  accept(token: string): void {
    this.tokens.add(token);
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (this.mode === 'hang') return;
        if (this.mode === 'fail') return void res.writeHead(503).end('unavailable');
        if (this.mode === 'garbage') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
        const contentType = String(req.headers['content-type'] ?? '');
        const fields = parse(contentType, Buffer.concat(chunks).toString());
        if (req.method !== 'POST' || req.url !== '/siteverify' || !fields)
          return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"success":false}');
        const request: SiteverifyRequest = {
          contentType,
          secret: fields.secret ?? '',
          response: fields.response ?? '',
          remoteip: fields.remoteip,
        };
        this.requests.push(request);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(this.answer(request)));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  private answer(r: SiteverifyRequest): Record<string, unknown> {
    if (r.secret !== this.secret) return { success: false, 'error-codes': ['invalid-input-secret'] };
    if (!this.tokens.delete(r.response)) return { success: false, 'error-codes': ['invalid-input-response'] };
    return { success: true, hostname: this.hostname, challenge_ts: new Date().toISOString(), 'error-codes': [] };
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function parse(contentType: string, body: string): Record<string, string> | undefined {
  try {
    if (contentType.startsWith('application/json')) return JSON.parse(body) as Record<string, string>;
    if (contentType.startsWith('application/x-www-form-urlencoded'))
      return Object.fromEntries(new URLSearchParams(body));
  } catch {
    return undefined;
  }
  return undefined;
}
