import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runtimeAssetDir } from '@gatehouse/config';
import Router from '@koa/router';
import { PAGE_SECURITY_HEADERS, setHeaders } from '../../middleware/security-headers';

const PUBLIC_DIR = runtimeAssetDir(path.join(__dirname, '..', '..', 'public'), 'public');

const ASSETS: Record<string, { file: string; type: string }> = {
  '/device': { file: 'device.html', type: 'text/html; charset=utf-8' },
  '/device.js': { file: 'device.js', type: 'text/javascript; charset=utf-8' },
};

/**
 * The user-code page of devices without a browser (RFC 8628's `verification_uri`, docs/openid-provider.md):
 * static, read once at start, under the page's strict same-origin CSP; its script calls /auth/device.
 * It also uses the demo page's style and API module (/app.css, /api.js).
 */
export function devicePageRoutes(): Router {
  const router = new Router();
  for (const [route, { file, type }] of Object.entries(ASSETS)) {
    const body = readFileSync(path.join(PUBLIC_DIR, file));
    router.get(route, (ctx) => {
      setHeaders(ctx.res, PAGE_SECURITY_HEADERS);
      ctx.type = type;
      ctx.body = body;
    });
  }
  return router;
}
