// The composition root: opens the gateway's clients and its authentication, builds its surfaces and
// listens on each. What a surface serves is the surface's own module (surfaces/); what it calls is
// clients.ts; how a request's caller is known is authentication.ts.
import type { Logger } from '@gatehouse/logger';
import { Metrics, type MetricsServer, serveMetrics } from '@gatehouse/metrics';
import { selfSignedAdminTls } from './admin-tls';
import type { Mount } from './app';
import { openAuthentication } from './authentication';
import { openClients } from './clients';
import type { GatewayConfig } from './config';
import { type Listener, listen } from './listening';
import { adminSurface } from './surfaces/admin';
import { publicSurface } from './surfaces/public';
import type { Surface } from './surfaces/surface';

export interface RunningGateway {
  port: number;
  url: string;
  /** What the app serves, by prefix: the OpenAPI route check walks it (openapi-routes.test.ts). */
  mounts: readonly Mount[];
  /** The admin listener's port (ADMIN_ADDR), undefined when it is off. */
  adminPort: number | undefined;
  /** The admin surface's mounts (empty when it is off). */
  adminMounts: readonly Mount[];
  stop(): Promise<void>;
}

/** Wires the gateway (gRPC clients, in-process token verification, surfaces) and starts listening. */
export async function startGateway(config: GatewayConfig, log: Logger): Promise<RunningGateway> {
  // Metrics cost nothing when off: no registry, no request middleware, the authenticator unwrapped.
  const metrics = config.metricsPort ? new Metrics('gateway') : undefined;
  const clients = await openClients(config, log, metrics);
  const authentication = await openAuthentication(config, clients, metrics, log);
  const deps = { config, clients, authentication, metrics, log };
  // Each surface listens on its own host and port; another (an admin API) is one more entry here.
  const publicOne = publicSurface(deps);
  const adminOne = adminSurface(deps);
  // No certificate given, but HTTPS asked for: one of its own, made (or read back) before listening.
  if (adminOne && config.admin?.selfSigned) adminOne.tls = await selfSignedAdminTls(config.admin.selfSigned.dir, log);
  const surfaces: Surface[] = adminOne ? [publicOne, adminOne] : [publicOne];
  // Its own listener on the gateway's host, never the public port: scrapes stay off the public API.
  const metricsServer: MetricsServer | undefined =
    metrics && (await serveMetrics(metrics, { host: config.metricsHost, port: config.metricsPort ?? 0 }));
  const listeners: Listener[] = [];
  for (const surface of surfaces) {
    const listener = await listen(surface, { shutdownTimeoutMs: config.shutdownTimeoutMs, log });
    listeners.push(listener);
    const scheme = surface.tls ? 'https' : 'http';
    log.info({ surface: surface.name, address: `${surface.host}:${listener.port}`, scheme }, 'gateway listening');
  }
  const { port } = listeners[0] as Listener;
  return {
    port,
    url: `http://${config.host}:${port}`,
    mounts: publicOne.mounts,
    adminPort: adminOne && listeners[1]?.port,
    adminMounts: adminOne?.mounts ?? [],
    async stop() {
      await Promise.all(listeners.map((l) => l.drain()));
      // Only now: requests still being answered above must hear of logouts too.
      authentication.close();
      clients.close();
      await metricsServer?.stop();
    },
  };
}
