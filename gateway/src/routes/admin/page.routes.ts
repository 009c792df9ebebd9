import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runtimeAssetDir } from '@gatehouse/config';
import Router from '@koa/router';
import { HttpError } from '../../middleware/errors';
import { PAGE_SECURITY_HEADERS, setHeaders } from '../../middleware/security-headers';

const PAGE_DIR = runtimeAssetDir(path.join(__dirname, '..', '..', 'admin-page'), 'admin-page');

const ASSETS: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/admin.js': { file: 'admin.js', type: 'text/javascript; charset=utf-8' },
  '/admin.css': { file: 'admin.css', type: 'text/css; charset=utf-8' },
  '/clients.js': { file: 'clients.js', type: 'text/javascript; charset=utf-8' },
  '/orgs.js': { file: 'orgs.js', type: 'text/javascript; charset=utf-8' },
  '/limits.js': { file: 'limits.js', type: 'text/javascript; charset=utf-8' },
  '/reconciliation.js': { file: 'reconciliation.js', type: 'text/javascript; charset=utf-8' },
  '/velocity.js': { file: 'velocity.js', type: 'text/javascript; charset=utf-8' },
};

/**
 * The admin page on the admin listener (search, open, block, unblock, end sessions, unlink, export; the
 * OpenID provider's clients: list, create, rotate the secret, delete; organisations: find, create, open,
 * roles, members, invitations, delete; limit policies and tiers; reconciliation and dispute evidence):
 * static files read once at start, under the same strict same-origin CSP as the public page. It holds
 * nothing itself: every answer it shows comes from /admin/v1/ with the caller's own credentials. Any
 * other path of the listener is a JSON 404.
 */
export function adminPageRoutes(): Router {
  const router = new Router();
  for (const [route, { file, type }] of Object.entries(ASSETS)) {
    const body = readFileSync(path.join(PAGE_DIR, file));
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
