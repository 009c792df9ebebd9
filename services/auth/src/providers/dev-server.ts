import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@gatehouse/logger';
import { safeEqual } from '@gatehouse/token';
import { readForm } from '../http/read-form';

export interface DevServerOptions {
  host: string;
  port: number;
  /** The only redirect_uri the server sends codes to (AUTH_URL + /auth/dev/callback). */
  callbackUrl: string;
  clientId: string;
  clientSecret: string;
  /** Adds `<name>@<domain>` as the user's email (the seed's optional email function). */
  emailDomain?: string;
  log: Logger;
}

const CODE_TTL_MS = 60_000;
const TOKEN_TTL_MS = 3_600_000;
/** Bounds memory if something hammers the form. */
const MAX_PENDING = 10_000;
const USERNAME = /^[\p{L}\p{N}_.@ -]{1,64}$/u;

interface PendingCode {
  username: string;
  challenge: string;
  redirectUri: string;
  expires: number;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function send(res: http.ServerResponse, status: number, body: string, type = 'application/json; charset=utf-8') {
  res.writeHead(status, { 'content-type': type, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
  res.end(body);
}

/**
 * A development OAuth2 authorization server (go-pkgz/auth's dev provider, made stricter): a form asks for
 * a user name, any name logs in. It still behaves like a real server: one-time codes bound to the PKCE
 * challenge and the redirect URI, client authentication, bearer tokens for /user. Loopback only by default.
 */
export class DevOAuthServer {
  private readonly codes = new Map<string, PendingCode>();
  private readonly tokens = new Map<string, { username: string; expires: number }>();
  private server: http.Server | undefined;

  constructor(private readonly options: DevServerOptions) {}

  async start(): Promise<number> {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        this.options.log.warn({ err }, 'dev server request failed');
        if (!res.headersSent) send(res, 400, JSON.stringify({ error: 'invalid_request' }));
      });
    });
    const server = this.server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    this.options.log.warn({ address: `${this.options.host}:${port}` }, 'dev OAuth2 server on: any user name logs in');
    return port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://dev.local');
    this.sweep();
    if (url.pathname === '/login/oauth/authorize' && req.method === 'GET') return this.authorizePage(url, res);
    if (url.pathname === '/login/oauth/authorize' && req.method === 'POST') return this.authorize(url, req, res);
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') return this.token(req, res);
    if (url.pathname === '/user' && req.method === 'GET') return this.user(req, res);
    send(res, 400, JSON.stringify({ error: 'unsupported request' }));
  }

  /** The authorize parameters a real server would insist on; null when they are acceptable. */
  private checkAuthorizeQuery(url: URL): string | null {
    const q = url.searchParams;
    if (q.get('response_type') !== 'code') return 'response_type must be code';
    if (q.get('client_id') !== this.options.clientId) return 'unknown client_id';
    if (q.get('redirect_uri') !== this.options.callbackUrl) return 'redirect_uri is not registered';
    if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return 'PKCE S256 is required';
    if (!q.get('state')) return 'state is required';
    return null;
  }

  private authorizePage(url: URL, res: http.ServerResponse): void {
    const problem = this.checkAuthorizeQuery(url);
    if (problem) {
      send(res, 400, JSON.stringify({ error: 'invalid_request', error_description: problem }));
      return;
    }
    const action = escapeHtml(`${url.pathname}${url.search}`);
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>Dev OAuth</title>
<style>body{font:16px system-ui;margin:4rem auto;max-width:22rem}input,button{font:inherit;padding:.4rem}</style></head>
<body><h1>Dev OAuth</h1><p>Development only: any user name logs in.</p>
<form method="post" action="${action}"><label>User name <input name="username" value="dev_user" autofocus required maxlength="64"></label>
<button type="submit">Log in</button></form></body></html>`;
    res.setHeader(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${new URL(this.options.callbackUrl).origin}; frame-ancestors 'none'`,
    );
    send(res, 200, html, 'text/html; charset=utf-8');
  }

  private async authorize(url: URL, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const problem = this.checkAuthorizeQuery(url);
    if (problem) return send(res, 400, JSON.stringify({ error: 'invalid_request', error_description: problem }));
    const username = ((await readForm(req)).get('username') ?? '').trim();
    if (!USERNAME.test(username)) return send(res, 400, JSON.stringify({ error: 'invalid user name' }));
    if (this.codes.size >= MAX_PENDING) return send(res, 503, JSON.stringify({ error: 'temporarily_unavailable' }));
    const code = randomBytes(24).toString('base64url');
    const q = url.searchParams;
    this.codes.set(code, {
      username,
      challenge: q.get('code_challenge') as string,
      redirectUri: q.get('redirect_uri') as string,
      expires: Date.now() + CODE_TTL_MS,
    });
    const target = new URL(this.options.callbackUrl);
    target.searchParams.set('code', code);
    target.searchParams.set('state', q.get('state') as string);
    res.writeHead(302, { location: target.href, 'cache-control': 'no-store' });
    res.end();
  }

  private async token(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const form = await readForm(req);
    const invalid = (description: string) =>
      send(res, 400, JSON.stringify({ error: 'invalid_grant', error_description: description }));
    if (form.get('grant_type') !== 'authorization_code') return invalid('grant_type must be authorization_code');
    if (
      form.get('client_id') !== this.options.clientId ||
      !safeEqual(form.get('client_secret') ?? '', this.options.clientSecret)
    ) {
      return send(res, 401, JSON.stringify({ error: 'invalid_client' }));
    }
    const code = form.get('code') ?? '';
    const pending = this.codes.get(code);
    this.codes.delete(code); // one use only, even when the rest of the request is wrong
    if (!pending || pending.expires < Date.now()) return invalid('unknown or expired code');
    if (form.get('redirect_uri') !== pending.redirectUri) return invalid('redirect_uri mismatch');
    const challenge = createHash('sha256')
      .update(form.get('code_verifier') ?? '')
      .digest('base64url');
    if (!safeEqual(challenge, pending.challenge)) return invalid('PKCE verification failed');
    const accessToken = randomBytes(24).toString('base64url');
    this.tokens.set(accessToken, { username: pending.username, expires: Date.now() + TOKEN_TTL_MS });
    send(
      res,
      200,
      JSON.stringify({ access_token: accessToken, token_type: 'bearer', expires_in: TOKEN_TTL_MS / 1000 }),
    );
  }

  private user(req: http.IncomingMessage, res: http.ServerResponse): void {
    const auth = req.headers.authorization ?? '';
    const session = auth.startsWith('Bearer ') ? this.tokens.get(auth.slice(7)) : undefined;
    if (!session || session.expires < Date.now()) {
      send(res, 401, JSON.stringify({ error: 'invalid_token' }));
      return;
    }
    const { username } = session;
    const body: Record<string, string> = { id: username, name: username };
    if (this.options.emailDomain) body.email = `${username}@${this.options.emailDomain}`;
    send(res, 200, JSON.stringify(body));
  }

  private sweep(): void {
    const now = Date.now();
    for (const [k, v] of this.codes) if (v.expires < now) this.codes.delete(k);
    for (const [k, v] of this.tokens) if (v.expires < now) this.tokens.delete(k);
  }
}
