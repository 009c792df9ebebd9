import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@gatehouse/logger';
import { hashId } from '@gatehouse/token';
import Provider, { type Adapter, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { CredentialChecker } from '../credentials/checker';
import { readForm } from '../http/read-form';
import { type PasswordLimits, passwordAttemptKeys, type RateLimiter } from '../stores/limits';
import { loginPage } from './login-page';
import type { LocalServerKeys } from './shared-state';

export type { CredentialChecker };

export interface LocalServerOptions {
  /** Browser-facing base URL; it is the issuer. A `:0` port is replaced with the bound one. */
  url: string;
  host: string;
  port: number;
  /** The application's login page; absent means the built-in one. */
  loginPageUrl?: string;
  /** The one client: this auth service, with its exact callback URL. */
  client: { clientId: string; clientSecret: string; redirectUri: string };
  checkCredentials: CredentialChecker;
  /** The provider name: the rate-limit counters are kept per provider. */
  name: string;
  /**
   * Password attempts are counted like direct login's (AUTH_LIMIT_DIRECT_USER / _IP) before the
   * checker runs, per user name and per client address.
   */
  limiter: RateLimiter;
  limits: PasswordLimits;
  /** Signing key and cookie key, the same on every instance (localServerKeys). */
  keys: Pick<LocalServerKeys, 'signingKey' | 'cookieKey'>;
  /** Where logins in progress are kept: Redis for several instances; absent, this process's memory. */
  adapter?: new (
    model: string,
  ) => Adapter;
  log: Logger;
}

const USERNAME = /^[\p{L}\p{N}_.@-]{1,64}$/u;
const INTERACTION = /^\/interaction\/([A-Za-z0-9_-]{1,64})(\/login)?$/;

/**
 * The local OAuth2/OpenID Connect server (go-pkgz NewCustomServer, on the `oidc-provider` package rather
 * than by hand): one confidential client (this service) with an exact redirect URI, PKCE S256 required,
 * users checked by the application's credential checker on a login page. Bound to loopback by default.
 */
export class LocalOAuthServer {
  private server: http.Server | undefined;
  private provider: Provider | undefined;
  private issuer = '';

  constructor(private readonly options: LocalServerOptions) {}

  async start(): Promise<{ port: number; url: string }> {
    const server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        this.options.log.warn({ err }, 'local OAuth2 server request failed');
        if (!res.headersSent) {
          res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
          res.end('bad request');
        }
      });
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    this.issuer = this.options.url.replace(/\/+$/, '').replace(/:0$/, `:${port}`);
    this.provider = new Provider(this.issuer, this.configuration());
    // This server speaks plain http: an https issuer means a TLS-terminating proxy in front, whose
    // X-Forwarded-Proto oidc-provider must trust to issue its cookies Secure.
    this.provider.proxy = this.issuer.startsWith('https:');
    this.options.log.info({ issuer: this.issuer }, 'local OAuth2 server listening');
    return { port, url: this.issuer };
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private configuration(): Configuration {
    const { client, keys } = this.options;
    return {
      ...(this.options.adapter ? { adapter: this.options.adapter } : {}),
      clients: [
        {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uris: [client.redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
          id_token_signed_response_alg: 'ES256',
        },
      ],
      jwks: { keys: [keys.signingKey] } as Configuration['jwks'],
      cookies: { keys: [keys.cookieKey] },
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
      // The ID token carries the profile, so this service needs no userinfo call.
      conformIdTokenClaims: false,
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      findAccount: async (_ctx, sub) => ({
        accountId: sub,
        claims: async () => ({ sub, name: sub, preferred_username: sub }),
      }),
      // A first-party client: the user is not asked to consent to this service reading their name.
      loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
        const { oidc } = ctx;
        if (!oidc.session?.accountId || !oidc.client) return undefined;
        const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
        if (grantId) return oidc.provider.Grant.find(grantId);
        const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
        grant.addOIDCScope('openid profile');
        await grant.save();
        oidc.session.grantIdFor(oidc.client.clientId, grant.jti);
        return grant;
      },
      ttl: { Interaction: 10 * 60, Session: 10 * 60, Grant: 10 * 60, AccessToken: 10 * 60, IdToken: 10 * 60 },
    };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const provider = this.provider as Provider;
    const path = new URL(req.url ?? '/', this.issuer).pathname;
    const match = INTERACTION.exec(path);
    if (!match) return provider.callback()(req, res);
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name !== 'login') {
      // Consent is granted by loadExistingGrant; anything else is finished as it stands.
      return provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
    }
    const action = `${this.issuer}/interaction/${details.uid}/login`;
    if (!match[2] && req.method === 'GET') {
      if (this.options.loginPageUrl) {
        const target = new URL(this.options.loginPageUrl);
        target.searchParams.set('uid', details.uid);
        target.searchParams.set('action', action);
        res.writeHead(303, { location: target.href, 'cache-control': 'no-store' });
        return void res.end();
      }
      return this.page(res, 200, action, '');
    }
    if (match[2] && req.method === 'POST') {
      const form = await readForm(req);
      const user = (form.get('username') ?? '').trim();
      const password = form.get('password') ?? '';
      const limited = await this.overLimit(req, user);
      if (limited !== undefined) {
        return this.page(res, 429, action, 'too many login attempts, try again later', {
          'retry-after': String(limited),
        });
      }
      const ok = USERNAME.test(user) && password !== '' && (await this.options.checkCredentials(user, password));
      if (ok) await this.options.limiter.reset(this.attemptKeys(req, user).reset);
      if (!ok) {
        this.options.log.info('local login refused');
        return this.page(res, 403, action, 'incorrect user or password');
      }
      return provider.interactionFinished(req, res, { login: { accountId: user } }, { mergeWithLastSubmission: false });
    }
    res.writeHead(405, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('method not allowed');
  }

  private attemptKeys(req: http.IncomingMessage, user: string) {
    const ip = req.socket.remoteAddress ?? 'unknown';
    return passwordAttemptKeys(`local:${this.options.name}`, hashId(user), ip, this.options.limits);
  }

  /**
   * Counts a password attempt; the seconds to wait (Retry-After) when over a limit. The address is the
   * socket's: browsers reach this server directly, so X-Forwarded-For would be the attacker's to choose.
   */
  private async overLimit(req: http.IncomingMessage, user: string): Promise<number | undefined> {
    const { limiter } = this.options;
    for (const [key, limit] of this.attemptKeys(req, user).hits) {
      const verdict = await limiter.hit(key, limit);
      if (!verdict.allowed) {
        this.options.log.warn({ key: key.split(':')[2] }, 'local login limit reached');
        return verdict.retryAfterSeconds;
      }
    }
    return undefined;
  }

  private page(
    res: http.ServerResponse,
    status: number,
    action: string,
    error: string,
    headers: Record<string, string> = {},
  ): void {
    const callbackOrigin = new URL(this.options.client.redirectUri).origin;
    res.writeHead(status, {
      ...headers,
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // form-action covers the redirects after the POST too: our own origin, then the callback's.
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${callbackOrigin}; frame-ancestors 'none'`,
    });
    res.end(loginPage(action, error));
  }
}
