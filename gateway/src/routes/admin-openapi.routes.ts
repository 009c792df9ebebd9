import Router from '@koa/router';
import { API_SECURITY_HEADERS, setHeaders } from '../middleware/security-headers';
import { adminOpenApiDocument } from '../openapi/admin.document';

/**
 * GET /admin/v1/openapi.json on the admin listener: the admin API's own OpenAPI document, never on the
 * public port (the public document does not mention the admin API). Like the routes' own answers it
 * needs no caller: it says what exists, not who is in the directory.
 */
export function adminOpenApiRoutes(): Router {
  const body = JSON.stringify(adminOpenApiDocument());
  const router = new Router({ prefix: '/admin/v1' });
  router.get('/openapi.json', (ctx) => {
    setHeaders(ctx.res, API_SECURITY_HEADERS);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = body;
  });
  return router;
}
