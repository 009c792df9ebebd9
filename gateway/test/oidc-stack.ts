// The OpenID provider's tests (docs/openid-provider.md): the directory stack (auth with its Postgres, avatar,
// payment, two gateways) with AUTH_OIDC_PROVIDER on, clients registered straight into auth's table (as
// the admin API does), and a browser that logs in at the gateway and answers the provider's pages.
import { randomBytes } from 'node:crypto';
import type { Browser } from '@gatehouse/test-kit/browser';
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
