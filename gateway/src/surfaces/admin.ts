// The admin surface (docs/accounts.md "Administration"): the user directory's administration under
// /admin/v1/ and its OpenAPI document, on ADMIN_ADDR (loopback by default), never on the public port.
// Its callers are operators' tools and admin users (auth/admin-caller.ts); nothing here is a lane.
import type Koa from 'koa';
import { buildApp, type Mount } from '../app';
import { HttpError } from '../middleware/errors';
import { adminRoutes } from '../routes/admin.routes';
import { adminOpenApiRoutes } from '../routes/admin-openapi.routes';
import type { Surface, SurfaceDeps } from './surface';

const notFound: Koa.Middleware = () => {
  throw new HttpError(404, 'not found');
};

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
    // Anything else: a JSON 404, as errorHandler writes every refusal.
    { prefix: '', middleware: [notFound] },
  ];
  const app = buildApp({ log, trustedProxies: config.trustedProxies, mounts });
  return { name: 'admin', host: config.admin.host, port: config.admin.port, mounts, handle: app.callback() };
}
