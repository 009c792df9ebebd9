// A loopback stand-in for the social OAuth2 providers: per provider name, an authorize endpoint that
// approves at once (after checking client, exact redirect URI, scope and PKCE S256), a token endpoint
// (client authentication in the provider's style, one-time codes, PKCE verification) and a user-info
// endpoint answering the provider's real JSON shape for the bearer token. Also serves pictures.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

export interface FakeClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** 'basic': HTTP Basic client authentication (X); 'post': form fields. */
  auth: 'basic' | 'post';
}

interface Pending {
  provider: string;
  challenge: string;
  redirectUri: string;
}

/** An 8x8 PNG of one colour: a real picture for the avatar service to validate and store. */
export function solidPng(rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(8, 0);
  ihdr.writeUInt32BE(8, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: 8 }, () => Buffer.from([0, ...Array(8).fill(rgb).flat()])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export class FakeSocialProviders {
  readonly clients = new Map<string, FakeClient>();
  /** The user-info JSON each provider answers next. */
  readonly infos = new Map<string, unknown>();
  /** A status the user-info endpoint answers instead (e.g. 500), per provider. */
  readonly infoFailures = new Map<string, number>();
  /** Scopes each provider's last authorize request asked for. */
  readonly scopesSeen = new Map<string, string | null>();
  readonly pictures = new Map<string, Buffer>();
  /** Authorization headers the Microsoft photo endpoint saw. */
  readonly photoAuth: string[] = [];
  private readonly codes = new Map<string, Pending>();
  private readonly tokens = new Map<string, string>();
  private server: http.Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch(() => {
        res.writeHead(500);
        res.end();
      });
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  endpoints(name: string) {
    return {
      authUrl: `${this.url}/${name}/authorize`,
      tokenUrl: `${this.url}/${name}/token`,
      infoUrl: `${this.url}/${name}/info`,
    };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname.startsWith('/pic/')) {
      const picture = this.pictures.get(url.pathname.slice(5));
      if (!picture) return json(404, { error: 'not found' });
      res.writeHead(200, { 'content-type': 'image/png' });
      return void res.end(picture);
    }
    if (url.pathname === '/beta/me/photo/$value') {
      this.photoAuth.push(req.headers.authorization ?? '');
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!this.tokens.has(token)) return json(401, { error: 'InvalidAuthenticationToken' });
      res.writeHead(200, { 'content-type': 'image/png' });
      return void res.end(this.pictures.get('microsoft.png'));
    }
    const [, provider, action] = url.pathname.split('/');
    const client = this.clients.get(provider ?? '');
    if (!client) return json(404, { error: 'unknown provider' });
    if (action === 'authorize') {
      const q = url.searchParams;
      this.scopesSeen.set(provider as string, q.get('scope'));
      if (
        q.get('response_type') !== 'code' ||
        q.get('client_id') !== client.clientId ||
        q.get('redirect_uri') !== client.redirectUri ||
        q.get('code_challenge_method') !== 'S256' ||
        !q.get('code_challenge') ||
        !q.get('state')
      ) {
        return json(400, { error: 'invalid_request' });
      }
      const code = randomBytes(16).toString('hex');
      this.codes.set(code, {
        provider: provider as string,
        challenge: q.get('code_challenge') as string,
        redirectUri: client.redirectUri,
      });
      const back = new URL(client.redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') as string);
      res.writeHead(302, { location: back.href });
      return void res.end();
    }
    if (action === 'token' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      let id = form.get('client_id');
      let secret = form.get('client_secret');
      if (client.auth === 'basic') {
        const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
        const [basicId, basicSecret] = basic.split(':').map(decodeURIComponent);
        id = basicId ?? null;
        secret = basicSecret ?? null;
        if (form.get('client_secret')) return json(401, { error: 'invalid_client' });
      }
      if (id !== client.clientId || !secret || !same(secret, client.clientSecret)) {
        return json(401, { error: 'invalid_client' });
      }
      const pending = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (!pending || pending.provider !== provider || form.get('redirect_uri') !== pending.redirectUri) {
        // GitHub reports a bad code with 200 and an error field.
        if (provider?.startsWith('github')) return json(200, { error: 'bad_verification_code' });
        return json(400, { error: 'invalid_grant' });
      }
      if (createHash('sha256').update(verifier).digest('base64url') !== pending.challenge) {
        return json(400, { error: 'invalid_grant', error_description: 'PKCE' });
      }
      const token = randomBytes(16).toString('hex');
      this.tokens.set(token, provider as string);
      return json(200, { access_token: token, token_type: 'bearer', expires_in: 3600 });
    }
    if (action === 'info') {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (this.tokens.get(token) !== provider) return json(401, { error: 'invalid_token' });
      const failure = this.infoFailures.get(provider as string);
      if (failure) return json(failure, { message: 'Bad credentials' });
      return json(200, this.infos.get(provider as string) ?? {});
    }
    json(404, { error: 'not found' });
  }
}

function same(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
