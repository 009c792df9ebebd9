import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { registerActivityPaths } from './activity.paths';
import { registerAuthPaths } from './auth.paths';
import { SECURITY_SCHEMES } from './common';
import { registerDevicePaths } from './device.paths';
import { registerGrantPaths } from './grants.paths';
import { registerIdentityPaths } from './identities.paths';
import { registerLimitPaths } from './limits.paths';
import { registerOrgPaths } from './orgs.paths';
import { registerPasskeyPaths } from './passkey.paths';
import { registerPasswordPaths } from './password.paths';
import { registerPaymentPaths } from './payment.paths';
import { registerReversalPaths } from './reversals.paths';
import { registerServicePaths } from './service.paths';
import { registerSessionPaths } from './sessions.paths';
import { registerStatementPaths } from './statements.paths';
import { registerTotpPaths } from './totp.paths';

export interface DocumentOptions {
  /** AUTH_AVATAR_ROUTE_PATH: where avatars are served. */
  avatarRoutePath: string;
  /** AUTH_URL, the server clients call; left out of the committed copy (packages/client/openapi.json). */
  serverUrl?: string;
}

/** The document's version: bump it when a route or a shape changes. */
export const API_VERSION = '1.0.0';

const DESCRIPTION = `Every route the Gatehouse gateway answers on its public port.

- **/auth** keeps the go-pkgz/auth contract: the session is the HttpOnly \`JWT\` cookie, and a cookie-borne
  token must come with \`X-XSRF-TOKEN\` (the \`XSRF-TOKEN\` cookie); \`X-JWT\` or \`?token=\` need no XSRF header.
  Errors are \`{"error": "..."}\`.
- **Payments** (/tokens/, /cards/) keep the card-loading contract: errors are
  \`{"status": "error", "errors": [{"code", "message"}]}\`. /payment/webhooks/braintree is public: Braintree
  posts its notifications there, their signature the credential.
- Not described here: application routes proxied to upstreams (AUTH_CONFIG \`routes\`), which are the
  applications' own; Prometheus \`/metrics\`, which listens on its own port (METRICS_PORT); the OpenID
  provider's endpoints (/oidc/, /.well-known/openid-configuration, /.well-known/oauth-authorization-server),
  which its own discovery document describes (RFC 8414, OpenID Connect Discovery).
- Methods a route does not serve answer 405 with \`Allow\`; unknown paths under /auth answer 400
  (\`provider ... not supported\`), elsewhere 404.`;

/**
 * The gateway's OpenAPI 3.1 document, built from zod schemas (the payment bodies are the routes' own).
 * openapi-routes.test.ts checks it against the routes the routers register; openapi-answers.test.ts
 * validates real answers of a running gateway against it.
 */
export function openApiDocument(options: DocumentOptions): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  const registry = new OpenAPIRegistry();
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES))
    registry.registerComponent('securitySchemes', name, scheme);
  registerAuthPaths(registry);
  registerPasskeyPaths(registry);
  registerTotpPaths(registry);
  registerSessionPaths(registry);
  registerActivityPaths(registry);
  registerIdentityPaths(registry);
  registerPasswordPaths(registry);
  registerDevicePaths(registry);
  registerGrantPaths(registry);
  registerOrgPaths(registry);
  registerServicePaths(registry, options.avatarRoutePath);
  registerPaymentPaths(registry);
  registerReversalPaths(registry);
  registerStatementPaths(registry);
  registerLimitPaths(registry);
  return new OpenApiGeneratorV31(registry.definitions, { sortComponents: 'alphabetically' }).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Gatehouse gateway', version: API_VERSION, description: DESCRIPTION },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    tags: [
      { name: 'auth', description: 'Login, the user, logout (go-pkgz/auth)' },
      { name: 'passkeys', description: 'WebAuthn' },
      { name: 'totp', description: 'A second factor (TOTP and recovery codes)' },
      { name: 'passwords', description: 'Password accounts (issue 46)' },
      { name: 'sessions', description: 'Sessions per device (issue 26)' },
      { name: 'identities', description: 'Linked login methods and the export (issue 33)' },
      { name: 'organizations', description: 'Organisations, members, invitations, the active one (issue 47)' },
      { name: 'devices', description: 'Devices without a browser: the user-code page (RFC 8628, issue 45)' },
      { name: 'grants', description: 'Applications the user let in through the OpenID provider (issue 45)' },
      { name: 'avatars' },
      { name: 'payments', description: 'The card-loading API' },
      { name: 'health' },
      { name: 'page', description: 'The demo page at /' },
      { name: 'api', description: 'This description' },
    ],
  });
}
