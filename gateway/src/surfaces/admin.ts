// The admin surface (docs/accounts.md "Administration"): the user directory's administration under
// /admin/v1/, any card's load reversed and the unmatched disputes (docs/payments.md), the OpenID
// provider's clients (docs/openid-provider.md "Clients"), organisations (docs/organizations.md), and its OpenAPI
// document, on ADMIN_ADDR (loopback by default; beyond it only with ADMIN_ALLOW_REMOTE, over TLS), never
// on the public port.
// Its callers are operators' tools and admin users (routes/admin/caller.ts); nothing here is a lane.
import { buildApp, type Mount } from '../app';
import { adminOpenApiRoutes } from '../openapi/routes';
import { adminClientsRoutes } from '../routes/admin/clients.routes';
import { adminDisputeRoutes } from '../routes/admin/disputes.routes';
import { adminEventsRoutes } from '../routes/admin/events.routes';
import { adminImportRoutes } from '../routes/admin/import.routes';
import { adminLimitRoutes } from '../routes/admin/limits.routes';
import { adminMoneyRoutes } from '../routes/admin/money.routes';
import { adminOrgRoutes } from '../routes/admin/orgs.routes';
import { adminOverviewRoutes } from '../routes/admin/overview.routes';
import { adminPageRoutes } from '../routes/admin/page.routes';
import { adminPaymentRoutes } from '../routes/admin/payments.routes';
import { adminReconciliationRoutes } from '../routes/admin/reconciliation.routes';
import { adminRoutes } from '../routes/admin/users.routes';
import { adminVelocityRoutes } from '../routes/admin/velocity.routes';
import type { Surface, SurfaceDeps } from './surface';

/** The admin surface, or undefined when ADMIN_ADDR is `off`. */
export function adminSurface({ config, clients, authentication, log }: SurfaceDeps): Surface | undefined {
  if (!config.admin) return undefined;
  // Who may call: the same for every /admin/v1 router.
  const callers = {
    authenticator: authentication.authenticator,
    cookies: config.cookies,
    internalAuth: clients.internalAuth,
    adminUsers: config.adminUsers,
    log,
  };
  const routes = adminRoutes({ admin: clients.admin.call, passwordAdmin: clients.passwordAdmin.call, ...callers });
  // Users brought in with their password hashes (docs/password-import.md).
  const imports = adminImportRoutes({ admin: clients.admin.call, ...callers });
  const payments = adminPaymentRoutes({ payment: clients.payment.call, ...callers });
  // Settlement reconciliation (docs/payments.md "Reconciliation").
  const reconciliation = adminReconciliationRoutes({ payment: clients.payment.call, ...callers });
  // Dispute evidence (docs/payments.md "Dispute evidence").
  const disputes = adminDisputeRoutes({ payment: clients.payment.call, ...callers });
  // Limit policies and users' tiers (docs/payments.md "Limit policies").
  const limits = adminLimitRoutes({ payment: clients.payment.call, ...callers });
  // Velocity rules and the loads they flagged (docs/payments.md "Velocity rules").
  const velocity = adminVelocityRoutes({ payment: clients.payment.call, ...callers });
  const events = adminEventsRoutes({ events: clients.events.call, ...callers });
  const oidcClients = adminClientsRoutes({ oidcAdmin: clients.oidcAdmin.call, ...callers });
  // Every organisation (docs/organizations.md "Administration").
  const orgs = adminOrgRoutes({ orgAdmin: clients.orgAdmin.call, ...callers });
  // The console's first screen (issue 48), and its money views: any card, disputes by state.
  const overview = adminOverviewRoutes({
    admin: clients.admin.call,
    paymentAdmin: clients.paymentAdmin.call,
    ...callers,
  });
  const money = adminMoneyRoutes({ paymentAdmin: clients.paymentAdmin.call, ...callers });
  const mounts: Mount[] = [
    {
      prefix: '/admin/v1',
      routers: [
        adminOpenApiRoutes(),
        imports,
        routes,
        payments,
        reconciliation,
        disputes,
        limits,
        velocity,
        events,
        oidcClients,
        orgs,
        overview,
        money,
      ],
    },
    // The admin page; anything else is a JSON 404, as errorHandler writes every refusal.
    { prefix: '', routers: [adminPageRoutes()] },
  ];
  const app = buildApp({ log, trustedProxies: config.trustedProxies, mounts });
  const { host, port, tls } = config.admin;
  return { name: 'admin', host, port, tls, mounts, handle: app.callback() };
}
