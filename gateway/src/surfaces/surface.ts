import type http from 'node:http';
import type { Logger } from '@gatehouse/logger';
import type { Metrics } from '@gatehouse/metrics';
import type { Mount } from '../app';
import type { GatewayAuthentication } from '../authentication';
import type { GatewayClients } from '../clients';
import type { GatewayConfig } from '../config';
import type { Lane } from '../lanes/lane';

/**
 * One HTTP face of the gateway: where it listens, what it serves (its mounts, which the OpenAPI route
 * check walks), Koa's handler for them, and its lanes, tried on the raw request before Koa. The public
 * surface is surfaces/public.ts; another (an admin listener) is another module beside it, listened on
 * by gateway.ts the same way, with no edit to the public one.
 */
export interface Surface {
  /** For the log: `public`, `admin`... */
  name: string;
  host: string;
  port: number;
  mounts: readonly Mount[];
  handle: http.RequestListener;
  /** Serve HTTPS with this certificate chain and key (the admin listener beyond loopback); unset: HTTP. */
  tls?: { cert: Buffer; key: Buffer };
  lanes?: Lane;
}

/** What every surface is built from: the gateway's clients, its authentication, config, metrics, log. */
export interface SurfaceDeps {
  config: GatewayConfig;
  clients: GatewayClients;
  authentication: GatewayAuthentication;
  /** Undefined when the gateway's metrics are off. */
  metrics: Metrics | undefined;
  log: Logger;
}
