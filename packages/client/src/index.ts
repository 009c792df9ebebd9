import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components as adminComponents, paths as adminPaths } from './admin-schema';
import type { components, paths } from './schema';

export type { components as AdminComponents, paths as AdminPaths } from './admin-schema';
export type { components, paths } from './schema';
/** The document's named shapes: `Schemas['Card']`, `Schemas['User']`, `Schemas['PaymentError']`. */
export type Schemas = components['schemas'];
export type GatehouseClient = Client<paths>;
/** The admin document's named shapes: `AdminSchemas['User']`... */
export type AdminSchemas = adminComponents['schemas'];
export type GatehouseAdminClient = Client<adminPaths>;

export interface GatehouseClientOptions extends ClientOptions {
  /**
   * The XSRF token a cookie session must send (the XSRF-TOKEN cookie's value), read before each request.
   * Leave it out for X-JWT or basic-auth callers, whose headers go in `headers`.
   */
  xsrfToken?: () => string | undefined | Promise<string | undefined>;
}

/**
 * A typed client of the Gatehouse gateway (openapi-fetch over the generated `paths`): every path,
 * parameter, body and answer, errors included, is checked by the compiler.
 *
 *     const gh = createGatehouseClient({ baseUrl: 'http://127.0.0.1:8080', headers: { 'X-JWT': token } });
 *     const { data, error } = await gh.POST('/cards/', { body: { name: 'Card-1' } });
 */
export function createGatehouseClient(options: GatehouseClientOptions = {}): GatehouseClient {
  const { xsrfToken, ...clientOptions } = options;
  const client = createClient<paths>(clientOptions);
  if (xsrfToken) {
    client.use({
      async onRequest({ request }) {
        const token = await xsrfToken();
        if (token) request.headers.set('X-XSRF-TOKEN', token);
        return request;
      },
    });
  }
  return client;
}

export interface GatehouseAdminClientOptions extends GatehouseClientOptions {
  /**
   * An operator's workload token for the audience `admin` (`pnpm -s internal-token admin`), sent as a
   * bearer token; read before each request, so a short-lived one can be renewed. Leave it out for an
   * admin user's cookie session, which sends `xsrfToken` instead.
   */
  token?: () => string | undefined | Promise<string | undefined>;
}

/**
 * A typed client of the admin listener (`ADMIN_ADDR`, docs/accounts.md "Administration"): every
 * /admin/v1 route of the admin OpenAPI document, checked by the compiler.
 *
 *     const admin = createGatehouseAdminClient({ baseUrl: 'http://127.0.0.1:8081', token: () => operatorToken });
 *     const { data } = await admin.GET('/admin/v1/reconciliation', { params: { query: { date: '2026-11-28' } } });
 */
export function createGatehouseAdminClient(options: GatehouseAdminClientOptions = {}): GatehouseAdminClient {
  const { token, xsrfToken, ...clientOptions } = options;
  const client = createClient<adminPaths>(clientOptions);
  if (token || xsrfToken) {
    client.use({
      async onRequest({ request }) {
        const bearer = await token?.();
        if (bearer) request.headers.set('Authorization', `Bearer ${bearer}`);
        const xsrf = await xsrfToken?.();
        if (xsrf) request.headers.set('X-XSRF-TOKEN', xsrf);
        return request;
      },
    });
  }
  return client;
}
