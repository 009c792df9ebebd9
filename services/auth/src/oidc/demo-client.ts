import type { PgClientStore } from './clients';

/** The demo client's id: `pnpm oidc-demo` (scripts/oidc-demo.ts) logs in as it. */
export const DEMO_CLIENT_ID = 'gatehouse-demo';

/**
 * A public client (PKCE, no secret) on loopback redirects, as a command-line tool is (RFC 8252): a
 * native client, so any loopback port is accepted at login, 8090 being the one registered and the
 * demo's default. No resource's scope: it logs a person in and reads userinfo, nothing else.
 */
export const DEMO_CLIENT_METADATA: Readonly<Record<string, unknown>> = {
  client_name: 'Gatehouse demo (pnpm oidc-demo)',
  application_type: 'native',
  redirect_uris: ['http://127.0.0.1:8090/callback', 'http://localhost:8090/callback'],
  post_logout_redirect_uris: ['http://127.0.0.1:8090/', 'http://localhost:8090/'],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
};

/**
 * Registers the demo client when it is missing (AUTH_OIDC_DEMO_CLIENT, on under `pnpm start`): every
 * replica may try at once, and the insert that loses changes nothing; a client of that id an operator
 * changed or made is kept as it is. Answers whether this start made it.
 */
export function ensureDemoClient(clients: PgClientStore): Promise<boolean> {
  return clients.create(DEMO_CLIENT_ID, { ...DEMO_CLIENT_METADATA }, null);
}
