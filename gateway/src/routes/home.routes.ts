import { readFileSync } from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';

const PUBLIC_DIR = path.join(__dirname, '..', 'public');

const ASSETS: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  '/app.css': { file: 'app.css', type: 'text/css; charset=utf-8' },
};

/** The small demo page at `/`: read once at start, served with a strict same-origin CSP. */
export function homeRoutes(): Router {
  const router = new Router();
  for (const [route, { file, type }] of Object.entries(ASSETS)) {
    const body = readFileSync(path.join(PUBLIC_DIR, file));
    router.get(route, (ctx) => {
      ctx.set(
        'Content-Security-Policy',
        "default-src 'self'; img-src 'self'; frame-ancestors 'none'; form-action 'self'",
      );
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Referrer-Policy', 'same-origin');
      ctx.type = type;
      ctx.body = body;
    });
  }
  return router;
}
