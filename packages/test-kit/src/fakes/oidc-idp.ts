// A real OpenID Connect provider (the `oidc-provider` package) on loopback, as the identity provider
// of OIDC and custom-OAuth2 tests. It logs in whoever `nextUser` names without a page, can rotate its
// signing key (a new instance with a new key, same issuer), counts key-set fetches, and can re-sign the
// ID tokens it issues with other claims or keys to play a broken or hostile provider.
import { generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, type JWTPayload, SignJWT } from 'jose';
import Provider, { type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';

function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(6).toString('hex');
  return { privateKey, kid, jwk: { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' } };
}

export type IdTokenTamper = (claims: JWTPayload) => { claims: JWTPayload; key?: KeyObject; kid?: string };

export class FakeOidcIdp {
  url = '';
  nextUser = { sub: 'user-1', name: 'Ida Provider', email: 'ida@example.com' };
  jwksFetches = 0;
  tamper: IdTokenTamper | undefined;
  private key = signingKey();
  private clients: ClientMetadata[] = [];
  private provider: Provider | undefined;
  private server: http.Server | undefined;

  async start(): Promise<void> {
    const server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        res.writeHead(500);
        res.end(String(err));
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    this.build();
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  setClients(clients: ClientMetadata[]): void {
    this.clients = clients;
    this.build();
  }

  /** A new signing key (and kid): relying parties must fetch the key set again. */
  rotateKey(): void {
    this.key = signingKey();
    this.build();
  }

  /** The current signing key, for tests that forge tokens with it. */
  get currentKey() {
    return this.key;
  }

  private build(): void {
    const provider = new Provider(this.url, {
      clients: this.clients,
      jwks: { keys: [this.key.jwk] } as never,
      cookies: { keys: ['test-cookie-key'] },
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      claims: { openid: ['sub'], profile: ['name'], email: ['email'] },
      conformIdTokenClaims: false,
      ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      findAccount: async (_ctx, sub) => ({
        accountId: sub,
        claims: async () => ({ ...this.nextUser, sub }),
      }),
      loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
        const { oidc } = ctx;
        if (!oidc.session?.accountId || !oidc.client) return undefined;
        const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
        grant.addOIDCScope('openid profile email');
        await grant.save();
        return grant;
      },
    });
    provider.use(async (ctx, next) => {
      if (ctx.path === '/jwks') this.jwksFetches += 1;
      await next();
      const body = ctx.body as { id_token?: string } | undefined;
      if (ctx.path === '/token' && this.tamper && body?.id_token) {
        const changed = this.tamper(decodeJwt(body.id_token));
        const kid = changed.kid ?? decodeProtectedHeader(body.id_token).kid;
        body.id_token = await new SignJWT(changed.claims)
          .setProtectedHeader({ alg: 'RS256', kid })
          .sign(changed.key ?? this.key.privateKey);
      }
    });
    this.provider = provider;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const provider = this.provider as Provider;
    if ((req.url ?? '').startsWith('/interaction/')) {
      return provider.interactionFinished(req, res, { login: { accountId: this.nextUser.sub } });
    }
    return provider.callback()(req, res);
  }
}
