// The admin surface (docs/accounts.md "Administration"): the user directory's administration under
// /admin/v1/ and its OpenAPI document, on ADMIN_ADDR (loopback by default), never on the public port.
// Its callers are operators' tools and admin users (auth/admin-caller.ts); nothing here is a lane.
import { buildApp, type Mount } from '../app';
import { adminRoutes } from '../routes/admin.routes';
import { adminOpenApiRoutes } from '../routes/admin-openapi.routes';
import { adminPageRoutes } from '../routes/admin-page.routes';
import type { Surface, SurfaceDeps } from './surface';

/** The admin surface, or undefined when ADMIN_ADDR is `off`. */
export function adminSurface({ config, clients, authentication, log }: SurfaceDeps): Surface | undefined {
  if (!config.admin) return undefined;
  const routes = adminRoutes({
    admin: clients.admin.call,
    authenticator: authentication.authenticator,
    cookies: config.cookies,
    internalAuth: clients.internalAuth,
    adminUsers: config.adminUsers,
    log,
  });
  const mounts: Mount[] = [
    { prefix: '/admin/v1', routers: [adminOpenApiRoutes(), routes] },
    // The admin page; anything else is a JSON 404, as errorHandler writes every refusal.
    { prefix: '', routers: [adminPageRoutes()] },
  ];
  const app = buildApp({ log, trustedProxies: config.trustedProxies, mounts });
  return { name: 'admin', host: config.admin.host, port: config.admin.port, mounts, handle: app.callback() };
}
