// The OpenID provider's tests (docs/openid-provider.md): the directory stack (auth with its Postgres, avatar,
// payment, two gateways) with AUTH_OIDC_PROVIDER on, clients registered straight into auth's table (as
// the admin API does), and a browser that logs in at the gateway and answers the provider's pages.
import { randomBytes } from 'node:crypto';
import type { Answer, Browser } from '@gatehouse/test-kit/browser';
import * as oidc from 'openid-client';
import { Client } from 'pg';
import { hashSecret } from '../../services/auth/src/oidc/clients';
import { type DirectoryStack, startDirectoryStack } from './directory-stack';

export interface OidcStack extends DirectoryStack {
  issuer: string;
  /** Registers a client (RFC 7591 metadata); answers its id and, when confidential, its secret. */
  registerClient(metadata: Record<string, unknown>): Promise<{ clientId: string; clientSecret?: string }>;
  sql<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
}

export async function startOidcStack(env: Record<string, string> = {}): Promise<OidcStack> {
  const dir = await startDirectoryStack({
    AUTH_OIDC_PROVIDER: 'true',
    AUTH_TOTP_KEY: randomBytes(32).toString('hex'),
    ...env,
  });
  const sql = async <T>(text: string, values: unknown[] = []) => {
    const client = new Client({ connectionString: dir.authDb.url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  };
  return {
    ...dir,
    issuer: dir.stack.url,
    sql,
    async registerClient(metadata) {
      const clientId = `client-${randomBytes(6).toString('hex')}`;
      const confidential = (metadata.token_endpoint_auth_method ?? 'client_secret_basic') !== 'none';
      const clientSecret = confidential ? randomBytes(32).toString('base64url') : undefined;
      await sql('INSERT INTO auth.oidc_clients (client_id, metadata, secret_hash) VALUES ($1, $2, $3)', [
        clientId,
        JSON.stringify(metadata),
        clientSecret ? hashSecret(clientSecret) : null,
      ]);
      return { clientId, clientSecret };
    },
  };
}

/**
 * Follows an authorization request in `browser` as a person does: the provider's redirects, the login
 * page (logging in with the dev provider as `name` when it is shown), the consent page (allowing), until
 * the provider sends the browser to the client's redirect URI, which is returned.
 */
export async function authorizeInBrowser(
  browser: Browser,
  authorizationUrl: string,
  name: string,
  { consent = 'allow' }: { consent?: 'allow' | 'deny' } = {},
): Promise<URL> {
  let next = authorizationUrl;
  for (let hops = 0; hops < 20; hops++) {
    const url = new URL(next, browser.base);
    if (url.origin !== new URL(browser.base).origin) return url; // the client's redirect URI
    const res = await browser.request('GET', url.href);
    if (res.status === 302 || res.status === 303) {
      next = res.headers.get('location') as string;
      continue;
    }
    if (res.status !== 200) throw new Error(`${url.pathname} answered ${res.status}: ${res.text.slice(0, 300)}`);
    const login = /href="(\/auth\/dev\/login\?from=[^"]+)"/.exec(res.text);
    if (login) {
      const done = await browser.devLogin(name, login[1]?.replace('/auth/dev/login', '').replace(/&amp;/g, '&'));
      if (done.status !== 303) throw new Error(`dev login answered ${done.status}: ${done.text}`);
      next = done.headers.get('location') as string;
      continue;
    }
    const form = /<form method="post" action="([^"]+\/consent)">.*?name="form_token" value="([^"]+)"/s.exec(res.text);
    if (form) {
      const posted = await browser.request('POST', form[1] as string, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ form_token: form[2] as string, decision: consent }).toString(),
      });
      if (posted.status !== 303) throw new Error(`consent answered ${posted.status}: ${posted.text.slice(0, 300)}`);
      next = posted.headers.get('location') as string;
      continue;
    }
    throw new Error(`an unexpected page at ${url.pathname}: ${res.text.slice(0, 400)}`);
  }
  throw new Error('too many redirects');
}

/** Where an authorization led: the provider's page it stopped at (login, consent, an error), or the client. */
export type Arrival = { page: Answer; at: URL; back?: undefined } | { back: URL; page?: undefined; at?: undefined };

/**
 * Follows `url` in `browser` through the provider's redirects only: answers the first page the browser
 * is shown (whatever its status), or the client's redirect URI it is sent to.
 */
export async function follow(browser: Browser, url: string): Promise<Arrival> {
  let next = url;
  for (let hops = 0; hops < 20; hops++) {
    const at = new URL(next, browser.base);
    if (at.origin !== new URL(browser.base).origin) return { back: at };
    const res = await browser.request('GET', at.href);
    if (res.status !== 302 && res.status !== 303) return { page: res, at };
    next = res.headers.get('location') as string;
  }
  throw new Error('too many redirects');
}

/** The dev provider's link a login page offers (its `from` is the interaction). */
export function devLinkOf(page: Answer): string {
  const link = /href="(\/auth\/dev\/login\?from=[^"]+)"/.exec(page.text)?.[1];
  if (!link) throw new Error(`no dev login on the page: ${page.text.slice(0, 300)}`);
  return link.replace(/&amp;/g, '&');
}

/** Logs in with the dev provider from a login page's link; answers where the login sent the browser. */
export async function devLoginFrom(browser: Browser, page: Answer, name: string): Promise<string> {
  const done = await browser.devLogin(name, devLinkOf(page).replace('/auth/dev/login', ''));
  if (done.status !== 303) throw new Error(`dev login answered ${done.status}: ${done.text}`);
  return done.headers.get('location') as string;
}

/** Posts the consent page's form with `decision`; answers where the provider sent the browser. */
export async function decide(browser: Browser, page: Answer, decision: 'allow' | 'deny'): Promise<string> {
  const form = /<form method="post" action="([^"]+\/consent)">.*?name="form_token" value="([^"]+)"/s.exec(page.text);
  if (!form) throw new Error(`no consent form on the page: ${page.text.slice(0, 300)}`);
  const posted = await browser.request('POST', form[1] as string, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ form_token: form[2] as string, decision }).toString(),
  });
  if (posted.status !== 303) throw new Error(`consent answered ${posted.status}: ${posted.text.slice(0, 300)}`);
  return posted.headers.get('location') as string;
}

/** A code flow begun as openid-client begins one (PKCE, state, nonce), and its end at the token endpoint. */
export async function codeRequest(config: oidc.Configuration, params: Record<string, string>) {
  const verifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    nonce,
    state,
    ...params,
  });
  return {
    url: url.href,
    state,
    /** The token request for the client's callback (a URL, or the Request a form_post made). */
    exchange: (back: URL | Request) =>
      oidc.authorizationCodeGrant(config, back, {
        pkceCodeVerifier: verifier,
        expectedNonce: nonce,
        expectedState: state,
        idTokenExpected: true,
      }),
  };
}

/** openid-client's configuration of a client at `issuer` (http is allowed: the stack is on loopback). */
export function discoverClient(issuer: string, clientId: string, secret?: string): Promise<oidc.Configuration> {
  return oidc.discovery(
    new URL(issuer),
    clientId,
    secret ? { client_secret: secret } : undefined,
    secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
    { execute: [oidc.allowInsecureRequests] },
  );
}

/** The page an authorization stopped at; throws when it went back to the client instead. */
export function pageOf(arrival: Arrival): Answer {
  if (!arrival.page) throw new Error(`no page: the browser went back to ${arrival.back?.href}`);
  return arrival.page;
}
