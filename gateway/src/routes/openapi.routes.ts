import Router from '@koa/router';
import { API_SECURITY_HEADERS, setHeaders } from '../middleware/security-headers';
import { type DocumentOptions, openApiDocument } from '../openapi/document';

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
