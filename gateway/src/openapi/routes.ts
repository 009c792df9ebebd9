// The routes serving the documents: here, above the route families they describe, so that no route
// imports the documents and no document imports a route that serves it.
import Router from '@koa/router';
import { API_SECURITY_HEADERS, setHeaders } from '../middleware/security-headers';
import { adminOpenApiDocument } from './admin.document';
import { type DocumentOptions, openApiDocument } from './document';

/**
 * GET /openapi.json: the OpenAPI 3.1 document of every route the gateway answers, built once at start
 * for this gateway's avatar path and AUTH_URL. Public, like /auth/list: it says what any client may call.
 */
export function openApiRoutes(options: DocumentOptions): Router {
  const body = JSON.stringify(openApiDocument(options));
  const router = new Router();
  router.get('/openapi.json', (ctx) => {
    setHeaders(ctx.res, API_SECURITY_HEADERS);
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = body;
  });
  return router;
}

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
