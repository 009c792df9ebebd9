import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runtimeAssetDir } from '@gatehouse/config';
import Router from '@koa/router';
import { PAGE_SECURITY_HEADERS, setHeaders } from '../../middleware/security-headers';

const PUBLIC_DIR = runtimeAssetDir(path.join(__dirname, '..', '..', 'public'), 'public');

const ASSETS: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  '/api.js': { file: 'api.js', type: 'text/javascript; charset=utf-8' },
  '/cards.js': { file: 'cards.js', type: 'text/javascript; charset=utf-8' },
  '/dom.js': { file: 'dom.js', type: 'text/javascript; charset=utf-8' },
  '/passkeys.js': { file: 'passkeys.js', type: 'text/javascript; charset=utf-8' },
  '/totp.js': { file: 'totp.js', type: 'text/javascript; charset=utf-8' },
  '/passwords.js': { file: 'passwords.js', type: 'text/javascript; charset=utf-8' },
  '/sessions.js': { file: 'sessions.js', type: 'text/javascript; charset=utf-8' },
  '/identities.js': { file: 'identities.js', type: 'text/javascript; charset=utf-8' },
  '/grants.js': { file: 'grants.js', type: 'text/javascript; charset=utf-8' },
  '/orgs.js': { file: 'orgs.js', type: 'text/javascript; charset=utf-8' },
  '/continue.js': { file: 'continue.js', type: 'text/javascript; charset=utf-8' },
  '/activity.js': { file: 'activity.js', type: 'text/javascript; charset=utf-8' },
  '/app.css': { file: 'app.css', type: 'text/css; charset=utf-8' },
};

/** The small demo page at `/`: read once at start, served with a strict same-origin CSP. */
export function homeRoutes(): Router {
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
