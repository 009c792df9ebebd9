import type { SigningKeySet } from '@gatehouse/token';
import Router from '@koa/router';
import { HttpError } from '../../middleware/errors';
import { API_SECURITY_HEADERS, setHeaders } from '../../middleware/security-headers';

/**
 * How long verifiers may keep the key set: a new key should be published (listed second) at least
 * this long before it signs (docs/signing-keys.md).
 */
export const JWKS_MAX_AGE_SECONDS = 300;

/**
 * GET `path`: the public keys that verify Gatehouse tokens (ES256/EdDSA), serialized once. With HS256
 * there is no public key to give, so 404: the secret is never served.
 */
export function jwksRoutes(path: string, jwks: SigningKeySet['jwks'] | undefined): Router {
  const router = new Router();
  const body = jwks && JSON.stringify(jwks);
  router.get(path, (ctx) => {
    if (!body) throw new HttpError(404, 'no JWKS: tokens are signed with HS256');
    setHeaders(ctx.res, API_SECURITY_HEADERS);
    ctx.set('Cache-Control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`);
    ctx.type = 'application/jwk-set+json';
    ctx.body = body;
  });
  return router;
}
