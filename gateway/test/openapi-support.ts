// The two sides the OpenAPI tests compare: routes as the Koa routers register them, and routes as the
// document describes them, both as METHOD + path template (`{name}` for a parameter).
import type Router from '@koa/router';
import type { Mount } from '../src/app';

export interface Route {
  method: string;
  path: string;
}

/**
 * Routes registered for every method (`router.all`) answer only some of them; what each serves is
 * declared here, from its handler. A parameter listed under `params` takes only those values (the
 * handler's switch answers 404 to the others). An `all` route not listed here fails the check.
 */
const ALL_METHOD_ROUTES: Record<
  string,
  { methods: string[]; params?: Record<string, string[]> } | 'fallback' | 'own metadata'
> = {
  // routes/auth/go-pkgz.routes.ts: 405 for other methods; actions other than these three answer 404.
  '/auth/:provider/:action': { methods: ['GET', 'POST'], params: { action: ['login', 'callback', 'logout'] } },
  // routes/auth/fallback.routes.ts: any other /auth path answers 400 `provider ... not supported` (go-pkgz): no route.
  '/auth/*rest': 'fallback',
  // routes/auth/totp.routes.ts: a TOTP route's other methods answer 405 with Allow, other paths under it 404.
  '/auth/totp': 'fallback',
  '/auth/totp/{*rest}': 'fallback',
  // routes/auth/password.routes.ts: the same.
  '/auth/password': 'fallback',
  '/auth/password/{*rest}': 'fallback',
  // routes/auth/sessions.routes.ts: a sessions route's other methods answer 405 with Allow.
  '/auth/sessions': 'fallback',
  '/auth/sessions/revoke-others': 'fallback',
  '/auth/sessions/:id': 'fallback',
  // routes/auth/identities.routes.ts: the same.
  '/auth/identities': 'fallback',
  '/auth/identities/:id': 'fallback',
  '/auth/me/export': 'fallback',
  // routes/auth/orgs.routes.ts: the same.
  '/auth/orgs': 'fallback',
  '/auth/orgs/:id/members': 'fallback',
  '/auth/orgs/:id/members/:user_id': 'fallback',
  '/auth/orgs/:id/invitations': 'fallback',
  '/auth/orgs/:id/invitations/:invitation_id': 'fallback',
  '/auth/invitations/:token/accept': 'fallback',
  '/auth/orgs/:id/leave': 'fallback',
  '/auth/orgs/:id/transfer': 'fallback',
  '/auth/orgs/:id/switch': 'fallback',
  // routes/auth/grants.routes.ts: the same.
  '/auth/grants': 'fallback',
  '/auth/grants/:id': 'fallback',
  // routes/auth/activity.routes.ts: the same.
  '/auth/events': 'fallback',
  // routes/auth/device.routes.ts: the same.
  '/auth/device': 'fallback',
  // routes/admin/users.routes.ts (the admin surface): the same.
  '/admin/v1/users': 'fallback',
  '/admin/v1/users/:id': 'fallback',
  '/admin/v1/users/:id/block': 'fallback',
  '/admin/v1/users/:id/unblock': 'fallback',
  '/admin/v1/users/:id/sessions/end': 'fallback',
  '/admin/v1/users/:id/identities/:identity': 'fallback',
  '/admin/v1/users/:id/export': 'fallback',
  '/admin/v1/users/:id/password-reset': 'fallback',
  // routes/admin/import.routes.ts: the same.
  '/admin/v1/users/import': 'fallback',
  // routes/admin/payments.routes.ts: the same.
  '/admin/v1/cards/:id/loads/:load_id/reverse': 'fallback',
  '/admin/v1/disputes/unmatched': 'fallback',
  // routes/admin/reconciliation.routes.ts: the same.
  '/admin/v1/reconciliation': 'fallback',
  '/admin/v1/reconciliation/run': 'fallback',
  // routes/admin/disputes.routes.ts: the same.
  '/admin/v1/disputes/:id/evidence': 'fallback',
  '/admin/v1/disputes/:id/accept': 'fallback',
  '/admin/v1/disputes/:id/finalize': 'fallback',
  // routes/admin/limits.routes.ts: the same.
  '/admin/v1/limit-policies': 'fallback',
  '/admin/v1/limit-policies/:scope/:window': 'fallback',
  '/admin/v1/users/:id/limit-tier': 'fallback',
  // routes/admin/velocity.routes.ts: the same.
  '/admin/v1/velocity-rules': 'fallback',
  '/admin/v1/velocity-rules/:id': 'fallback',
  '/admin/v1/velocity/reviews': 'fallback',
  '/admin/v1/velocity/reviews/:id/resolve': 'fallback',
  // routes/admin/events.routes.ts: the same.
  '/admin/v1/events': 'fallback',
  '/admin/v1/webhooks': 'fallback',
  '/admin/v1/webhooks/:id': 'fallback',
  '/admin/v1/webhooks/:id/enable': 'fallback',
  '/admin/v1/webhooks/:id/disable': 'fallback',
  '/admin/v1/webhooks/:id/rotate-secret': 'fallback',
  '/admin/v1/webhooks/:id/deliveries': 'fallback',
  '/admin/v1/webhooks/:id/deliveries/:delivery/retry': 'fallback',
  // routes/admin/clients.routes.ts (the OpenID provider's clients): the same.
  '/admin/v1/clients': 'fallback',
  '/admin/v1/clients/:id': 'fallback',
  '/admin/v1/clients/:id/rotate-secret': 'fallback',
  // routes/admin/orgs.routes.ts (organisations): the same.
  '/admin/v1/orgs': 'fallback',
  '/admin/v1/orgs/:id': 'fallback',
  '/admin/v1/orgs/:id/members': 'fallback',
  '/admin/v1/orgs/:id/members/:user_id': 'fallback',
  '/admin/v1/orgs/:id/invitations/:invitation_id': 'fallback',
  // routes/admin/overview.routes.ts and money.routes.ts (the admin console, issue 48): the same.
  '/admin/v1/overview': 'fallback',
  '/admin/v1/cards': 'fallback',
  '/admin/v1/cards/:id': 'fallback',
  '/admin/v1/disputes': 'fallback',
  // routes/admin/page.routes.ts: the admin listener's JSON 404 for every other path.
  '/{*rest}': 'fallback',
  // routes/oidc/provider.routes.ts: the OpenID provider's endpoints, handed to auth as they came. They are
  // described by the provider's own metadata (RFC 8414 / OpenID Discovery, the first two paths) and
  // docs/openid-provider.md, as the document's description says, not by the OpenAPI document.
  '/.well-known/openid-configuration': 'own metadata',
  '/.well-known/oauth-authorization-server': 'own metadata',
  '/.well-known/openid-configuration/{*issuerPath}': 'own metadata',
  '/.well-known/oauth-authorization-server/{*issuerPath}': 'own metadata',
  '/oidc': 'own metadata',
  '/oidc/{*rest}': 'own metadata',
};

/** Mounts of plain middleware (no router to walk): the avatar handler, which serves GET and HEAD. */
function middlewareRoutes(prefix: string, avatarRoutePath: string): Route[] {
  if (prefix === avatarRoutePath.replace(/\/+$/, '')) {
    return ['GET', 'HEAD'].map((method) => ({ method, path: `${prefix}/{id}` }));
  }
  throw new Error(`middleware mount ${prefix}: declare what it serves in openapi-support.ts`);
}

const template = (koaPath: string) => koaPath.replace(/:(\w+)/g, '{$1}');

/** Every value combination of the constrained parameters of a path. */
function expand(path: string, params: Record<string, string[]> = {}): string[] {
  let paths = [path];
  for (const [name, values] of Object.entries(params)) {
    paths = paths.flatMap((p) => values.map((v) => p.replace(`:${name}`, v)));
  }
  return paths;
}

/**
 * The routes of a composed gateway: each mount's router layers (HEAD and OPTIONS left out: the router
 * adds them to every GET and path), middleware mounts as declared, application prefixes skipped.
 */
export function servedRoutes(
  mounts: readonly Mount[],
  options: { avatarRoutePath: string; applicationPrefixes: string[] },
): Route[] {
  const seen = new Map<string, Route>();
  const add = (r: Route) => seen.set(`${r.method} ${r.path}`, r);
  for (const mount of mounts) {
    if (options.applicationPrefixes.includes(mount.prefix)) continue; // the applications' own routes
    if (mount.middleware?.length) for (const r of middlewareRoutes(mount.prefix, options.avatarRoutePath)) add(r);
    for (const router of mount.routers ?? []) {
      for (const layer of (router as Router).stack) {
        if (layer.methods.length === 0) continue; // router.use middleware
        if (typeof layer.path !== 'string') throw new Error(`${layer.path}: a route by regular expression`);
        const everyMethod = layer.methods.includes('PUT') && layer.methods.includes('SEARCH');
        const declared = everyMethod ? ALL_METHOD_ROUTES[layer.path] : undefined;
        if (everyMethod && declared === undefined) {
          throw new Error(`${layer.path} is registered for every method: declare what it serves in openapi-support.ts`);
        }
        if (declared === 'fallback' || declared === 'own metadata') continue;
        const methods = declared?.methods ?? layer.methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
        for (const path of expand(layer.path, declared?.params)) {
          for (const method of methods) add({ method, path: template(path) });
        }
      }
    }
  }
  return [...seen.values()];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'] as const;

/** Every operation of an OpenAPI document. */
export function documentedRoutes(document: { paths?: object }): Route[] {
  return Object.entries((document.paths ?? {}) as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m] !== undefined).map((m) => ({ method: m.toUpperCase(), path })),
  );
}

const isParam = (segment: string) => /^\{\w+\}$/.test(segment);

/**
 * Whether a documented route describes a served one: the same method, and segment by segment equal
 * text or a documented parameter (/auth/telegram/login is an /auth/{provider}/login). A served
 * parameter needs a documented one: /auth/totp/setup does not describe /auth/{provider}/setup.
 */
export function unify(served: Route, documented: Route): boolean {
  if (served.method !== documented.method) return false;
  const a = served.path.split('/');
  const b = documented.path.split('/');
  return a.length === b.length && a.every((s, i) => s === b[i] || isParam(b[i] ?? ''));
}
