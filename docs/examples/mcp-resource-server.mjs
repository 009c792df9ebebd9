// An MCP server's side of Gatehouse (docs/openid-provider.md, "An MCP resource server"): it takes only
// access tokens Gatehouse issued for it (RFC 8707: their `aud` is this server's resource indicator), and
// tells a client without one where to get one (RFC 9728: the 401's WWW-Authenticate points at this
// server's protected-resource metadata, which names Gatehouse). Any resource server does the same.
//   node mcp-resource-server.mjs [issuer] [resource]
//   node mcp-resource-server.mjs http://127.0.0.1:8080 http://127.0.0.1:8091/mcp
import http from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';

const [issuer = 'http://127.0.0.1:8080', resource = 'http://127.0.0.1:8091/mcp'] = process.argv.slice(2);
const SCOPE = 'mcp:tools';
const resourceUrl = new URL(resource);
const issuerPath = new URL(issuer).pathname.replace(/\/$/, '');
// RFC 9728 §3.1 and RFC 8414 §3.1: the well-known segment goes before the resource's (issuer's) path.
const metadataPath = `/.well-known/oauth-protected-resource${resourceUrl.pathname.replace(/\/$/, '')}`;
const metadataUrl = new URL(metadataPath, resourceUrl).href;

// Gatehouse's metadata, once: where its keys are. Its keys are fetched when first needed, and again when
// a token names one not seen yet (a rotation).
const discovery = new URL(`/.well-known/oauth-authorization-server${issuerPath}`, issuer);
const server = await fetch(discovery, { signal: AbortSignal.timeout(5000) }).then((r) => r.json());
if (server.issuer !== issuer) throw new Error(`${discovery} names the issuer ${server.issuer}, not ${issuer}`);
const keys = createRemoteJWKSet(new URL(server.jwks_uri), { timeoutDuration: 5000 });

function refuse(res, status, error, description) {
  const params = [`resource_metadata="${metadataUrl}"`];
  if (error) params.push(`error="${error}"`, `error_description="${description}"`);
  if (status === 403) params.push(`scope="${SCOPE}"`);
  res.writeHead(status, { 'WWW-Authenticate': `Bearer ${params.join(', ')}`, 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ error: error ?? 'unauthorized' }));
}

http
  .createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', resourceUrl);
    if (req.method === 'GET' && pathname === metadataPath) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(
        JSON.stringify({
          resource,
          authorization_servers: [issuer],
          scopes_supported: [SCOPE],
          bearer_methods_supported: ['header'],
          resource_name: 'An example MCP server',
        }),
      );
    }
    if (pathname !== resourceUrl.pathname) return res.writeHead(404).end();
    const token = /^Bearer ([^\s]+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return refuse(res, 401);
    let claims;
    try {
      // Gatehouse's signature, its issuer, this server as the audience, an access token (RFC 9068), unexpired.
      ({ payload: claims } = await jwtVerify(token, keys, { issuer, audience: resource, typ: 'at+jwt' }));
    } catch {
      return refuse(res, 401, 'invalid_token', 'not a token Gatehouse issued for this server');
    }
    const scopes = String(claims.scope ?? '').split(' ');
    if (!scopes.includes(SCOPE)) return refuse(res, 403, 'insufficient_scope', `the token lacks ${SCOPE}`);
    // The MCP endpoint itself (JSON-RPC over Streamable HTTP) goes here; the token is never passed on.
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ sub: claims.sub, client_id: claims.client_id, scope: claims.scope }));
  })
  .listen(Number(resourceUrl.port || 80), resourceUrl.hostname, () => console.log(`serving ${resource}`));
