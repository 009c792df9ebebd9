// A loopback stand-in for Sign in with Apple: the authorize endpoint (answering with the form Apple's
// page would post back), the token endpoint (checking the ES256 client secret against the team's public
// key, the one-time code, redirect URI and PKCE) and the key set (RS256, rotatable, fetches counted).
import { createHash, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, type JWTPayload, jwtVerify, SignJWT } from 'jose';

export interface AppleClient {
  clientId: string;
  teamId: string;
  keyId: string;
  /** The public half of the key the team downloaded from Apple (the .p8 file). */
  teamPublicKey: KeyObject;
  redirectUri: string;
}

interface Pending {
  nonce: string;
  challenge: string | null;
  sub: string;
}

export class FakeApple {
  url = '';
  client: AppleClient | undefined;
  nextSub = '000123.abc';
  keyFetches = 0;
  /** Rewrites the ID token claims before signing (wrong aud, iss...). */
  tamper: ((claims: JWTPayload) => JWTPayload) | undefined;
  /** The last client secret the token endpoint accepted, decoded. */
  lastClientSecret: JWTPayload | undefined;
  private signing = FakeApple.newKey();
  private readonly codes = new Map<string, Pending>();
  private server: http.Server | undefined;

  static newKey() {
    return { ...generateKeyPairSync('rsa', { modulusLength: 2048 }), kid: randomBytes(5).toString('hex') };
  }

  get issuer(): string {
    return this.url;
  }

  rotateKey(): void {
    this.signing = FakeApple.newKey();
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        res.writeHead(500);
        res.end(String(err));
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

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const client = this.client as AppleClient;
    if (url.pathname === '/auth/keys') {
      this.keyFetches += 1;
      const jwk = await exportJWK(this.signing.publicKey);
      return json(200, { keys: [{ ...jwk, kid: this.signing.kid, alg: 'RS256', use: 'sig' }] });
    }
    if (url.pathname === '/auth/authorize') {
      const q = url.searchParams;
      if (
        q.get('client_id') !== client.clientId ||
        q.get('redirect_uri') !== client.redirectUri ||
        q.get('response_type') !== 'code' ||
        q.get('response_mode') !== 'form_post' ||
        q.get('scope') !== 'name' ||
        !q.get('state') ||
        !q.get('nonce')
      ) {
        return json(400, { error: 'invalid_request' });
      }
      const code = `c${randomBytes(16).toString('hex')}`;
      this.codes.set(code, { nonce: q.get('nonce') as string, challenge: q.get('code_challenge'), sub: this.nextSub });
      // Apple's page answers with a form the browser posts to redirect_uri; these are its fields.
      return json(200, { action: client.redirectUri, fields: { code, state: q.get('state') } });
    }
    if (url.pathname === '/auth/token' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      try {
        const { payload, protectedHeader } = await jwtVerify(form.get('client_secret') ?? '', client.teamPublicKey, {
          algorithms: ['ES256'],
          issuer: client.teamId,
          subject: client.clientId,
          audience: this.issuer,
        });
        if (protectedHeader.kid !== client.keyId || form.get('client_id') !== client.clientId) throw new Error('kid');
        this.lastClientSecret = payload;
      } catch {
        return json(400, { error: 'invalid_client' });
      }
      const pending = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      if (!pending || form.get('redirect_uri') !== client.redirectUri) return json(400, { error: 'invalid_grant' });
      const verifier = form.get('code_verifier') ?? '';
      if (pending.challenge && createHash('sha256').update(verifier).digest('base64url') !== pending.challenge) {
        return json(400, { error: 'invalid_grant' });
      }
      const now = Math.floor(Date.now() / 1000);
      const claims: JWTPayload = {
        iss: this.issuer,
        aud: client.clientId,
        sub: pending.sub,
        iat: now,
        exp: now + 600,
        nonce: pending.nonce,
        nonce_supported: true,
        email: 'private@privaterelay.appleid.com',
      };
      const idToken = await new SignJWT(this.tamper ? this.tamper(claims) : claims)
        .setProtectedHeader({ alg: 'RS256', kid: this.signing.kid })
        .sign(this.signing.privateKey);
      return json(200, {
        access_token: randomBytes(16).toString('hex'),
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: randomBytes(16).toString('hex'),
        id_token: idToken,
      });
    }
    json(404, { error: 'not found' });
  }
}
