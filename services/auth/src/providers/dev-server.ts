import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@gatehouse/logger';
import { safeEqual } from '@gatehouse/token';
import { readForm } from '../http/read-form';
import type { UsedTokens } from '../stores/used-tokens';
import { Sealer } from './sealed';

export interface DevServerOptions {
  host: string;
  port: number;
  /** The only redirect_uri the server sends codes to (AUTH_URL + /auth/dev/callback). */
  callbackUrl: string;
  clientId: string;
  clientSecret: string;
  /** Adds `<name>@<domain>` as the user's email (the seed's optional email function). */
  emailDomain?: string;
  /**
   * Seals codes and access tokens (AES-256-GCM, 32 bytes): every auth replica given the same key reads
   * what another issued, so the form, the code exchange and /user may each reach a different replica.
   */
  sealKey: Uint8Array;
  /** Marks a code used, once across replicas (Redis when REDIS_URL is set). */
  usedCodes: UsedTokens;
  log: Logger;
}

const CODE_TTL_S = 60;
const TOKEN_TTL_S = 3_600;
const USERNAME = /^[\p{L}\p{N}_.@ -]{1,64}$/u;
/** What a sealed value is for: a code never passes as a token, nor the other way round. */
const CODE = 'dev-oauth-code';
const TOKEN = 'dev-oauth-token';

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
 * It keeps nothing in the process: codes and tokens are sealed, and a code's single use is marked in the
 * shared store, so any number of auth replicas serve it as one (docs/deployment.md "Scaling out").
 */
export class DevOAuthServer {
  private server: http.Server | undefined;
  private readonly sealer: Sealer;

  constructor(private readonly options: DevServerOptions) {
    this.sealer = new Sealer(options.sealKey);
  }

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
    const q = url.searchParams;
    const code = this.seal(CODE, CODE_TTL_S, {
      u: username,
      c: q.get('code_challenge') as string,
      r: q.get('redirect_uri') as string,
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
    const pending = this.open(CODE, form.get('code') ?? '');
    if (!pending) return invalid('unknown or expired code');
    // One use only, across replicas, even when the rest of the request is wrong.
    if (!(await this.options.usedCodes.markUsed(`dev-code:${pending.jti}`, CODE_TTL_S * 1000))) {
      return invalid('unknown or expired code');
    }
    if (form.get('redirect_uri') !== pending.r) return invalid('redirect_uri mismatch');
    const challenge = createHash('sha256')
      .update(form.get('code_verifier') ?? '')
      .digest('base64url');
    if (!safeEqual(challenge, String(pending.c))) return invalid('PKCE verification failed');
    const accessToken = this.seal(TOKEN, TOKEN_TTL_S, { u: String(pending.u) });
    send(res, 200, JSON.stringify({ access_token: accessToken, token_type: 'bearer', expires_in: TOKEN_TTL_S }));
  }

  private async user(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const auth = req.headers.authorization ?? '';
    const session = auth.startsWith('Bearer ') ? this.open(TOKEN, auth.slice(7)) : undefined;
    if (!session || typeof session.u !== 'string') {
      send(res, 401, JSON.stringify({ error: 'invalid_token' }));
      return;
    }
    const username = session.u;
    const body: Record<string, string> = { id: username, name: username };
    if (this.options.emailDomain) body.email = `${username}@${this.options.emailDomain}`;
    send(res, 200, JSON.stringify(body));
  }

  private seal(purpose: string, ttlSeconds: number, claims: Record<string, string>): string {
    return this.sealer.seal(purpose, ttlSeconds, claims);
  }

  /** The claims of a sealed value made for `purpose` and still valid; undefined for anything else. */
  private open(purpose: string, sealed: string): Record<string, unknown> | undefined {
    return this.sealer.open(purpose, sealed);
  }
}
