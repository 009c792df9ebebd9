import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, paths } from './schema';
/** The document's named shapes: `Schemas['Card']`, `Schemas['User']`, `Schemas['PaymentError']`. */
export type Schemas = components['schemas'];
export type GatehouseClient = Client<paths>;

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
