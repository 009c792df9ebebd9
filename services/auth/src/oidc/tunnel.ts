import type http from 'node:http';
import type { Logger } from '@gatehouse/logger';
import inject from 'light-my-request';
import type Provider from 'oidc-provider';
import type { Interactions } from './interaction';
import { type BrowserSession, SESSION_HEADER } from './session';
import { issuerPath, libraryUrl } from './well-known';

/** One HTTP request to the provider, as the gateway received it (auth.v1.OidcHttpRequest). */
export interface OidcRequest {
  method: string;
  url: string;
  headers: { name: string; value: string }[];
  body: Buffer;
  clientIp: string;
}

export interface OidcResponse {
  status: number;
  headers: { name: string; value: string }[];
  body: Buffer;
}

/** Hop-by-hop and length headers are the transports', and our own header is never taken from outside. */
const DROPPED_IN = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-for',
  SESSION_HEADER,
]);
const DROPPED_OUT = new Set(['connection', 'content-length', 'transfer-encoding', 'keep-alive', 'date']);

/**
 * The provider's HTTP surface inside the auth service: a request the gateway handed over (OidcService.Http)
 * is played into oidc-provider's own handler in memory (light-my-request), with the scheme and host of
 * AUTH_URL (the issuer) whatever the request said, the client's address, and the checked Gatehouse
 * session in a header of ours; the interaction pages (interaction.ts) answer their own paths.
 */
export class ProviderTunnel {
  private readonly handler: http.RequestListener;
  private readonly host: string;
  private readonly proto: string;
  /** The issuer's path ('' at the root): the prefix a proxy in front stripped (well-known.ts). */
  private readonly path: string;

  constructor(
    provider: Provider,
    private readonly interactions: Interactions,
    issuer: string,
    private readonly log: Logger,
  ) {
    const url = new URL(issuer);
    this.host = url.host;
    this.proto = url.protocol.replace(':', '');
    this.path = issuerPath(issuer);
    const library = provider.callback();
    this.handler = (req, res) => {
      // The library builds its endpoints' URLs from the prefix `originalUrl` has over `url` (Express's
      // mount path): an issuer's path, stripped by the proxy in front, is put back in discovery's URLs.
      (req as http.IncomingMessage & { originalUrl?: string }).originalUrl = `${this.path}${req.url ?? ''}`;
      if (!this.interactions.matches(req.url ?? '')) return library(req, res);
      this.interactions.handle(req, res).catch((err: unknown) => {
        this.log.error({ err }, 'OpenID provider interaction failed');
        if (!res.headersSent) {
          res.statusCode = 500;
          res.end();
        }
      });
    };
  }

  async handle(request: OidcRequest, session: BrowserSession | undefined): Promise<OidcResponse> {
    const headers: Record<string, string> = {};
    for (const h of request.headers) {
      const name = h.name.toLowerCase();
      if (!DROPPED_IN.has(name)) headers[name] = h.value;
    }
    headers.host = this.host;
    headers['x-forwarded-proto'] = this.proto;
    headers['x-forwarded-for'] = request.clientIp;
    if (session) headers[SESSION_HEADER] = JSON.stringify(session);
    const res = await inject(this.handler, {
      method: request.method as 'GET',
      url: libraryUrl(request.url, this.path),
      headers,
      payload: request.body.length > 0 ? request.body : undefined,
      remoteAddress: request.clientIp || '127.0.0.1',
    });
    const out: { name: string; value: string }[] = [];
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined || DROPPED_OUT.has(name)) continue;
      for (const v of Array.isArray(value) ? value : [String(value)]) out.push({ name, value: v });
    }
    return { status: res.statusCode, headers: out, body: res.rawPayload };
  }
}
