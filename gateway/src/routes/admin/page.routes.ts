import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runtimeAssetDir } from '@gatehouse/config';
import Router from '@koa/router';
import { HttpError } from '../../middleware/errors';
import { PAGE_SECURITY_HEADERS, setHeaders } from '../../middleware/security-headers';

const PAGE_DIR = runtimeAssetDir(path.join(__dirname, '..', '..', 'admin-page'), 'admin-page');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * The chart library, served by this listener from the gateway's own node_modules (a production
 * dependency, so `pnpm build`'s deploy and the image have it too): the console loads nothing from a
 * third-party origin, as its CSP says.
 */
const VENDOR: Record<string, string> = {
  '/vendor/uPlot.esm.js': 'uplot/dist/uPlot.esm.js',
  '/vendor/uPlot.min.css': 'uplot/dist/uPlot.min.css',
};

export interface PageAsset {
  route: string;
  file: string;
  type: string;
}

/**
 * Every file the console is made of: index.html at `/`, each .js and .css of admin-page/ at its own
 * name (a new view module is served by being there; views.js lists it), and the vendored chart library.
 * The admin OpenAPI document lists the same routes.
 */
export function pageAssets(): PageAsset[] {
  const own = readdirSync(PAGE_DIR)
    .filter((name) => TYPES[path.extname(name)])
    .sort()
    .map((name) => ({
      route: name === 'index.html' ? '/' : `/${name}`,
      file: path.join(PAGE_DIR, name),
      type: TYPES[path.extname(name)] as string,
    }));
  const vendor = Object.entries(VENDOR).map(([route, module]) => ({
    route,
    // From this file's folder: the sources' (tsx, and pnpm start's compile, which keeps each file's
    // __dirname) or the bundle's (dist/gateway, with its node_modules beside it); a bundle's own
    // require.resolve would look beside the compiled file instead.
    file: require.resolve(module, { paths: [__dirname] }),
    type: TYPES[path.extname(route)] as string,
  }));
  return [...own, ...vendor];
}

/**
 * The admin console on the admin listener (docs/admin-console.md): static files read once at start,
 * under the same strict same-origin CSP as the public page (no inline script, no other origin). It
 * holds nothing itself: every answer it shows comes from /admin/v1/ with the caller's own credentials.
 * Any other path of the listener is a JSON 404.
 */
export function adminPageRoutes(): Router {
  const router = new Router();
  for (const { route, file, type } of pageAssets()) {
    const body = readFileSync(file);
    router.get(route, (ctx) => {
      setHeaders(ctx.res, PAGE_SECURITY_HEADERS);
      ctx.type = type;
      ctx.body = body;
    });
  }
  router.all('/{*rest}', () => {
    throw new HttpError(404, 'not found');
  });
  return router;
}
