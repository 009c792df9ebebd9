/**
 * Where the provider's endpoints live: under /oidc/, clear of the go-pkgz `/auth/*` routes, with
 * discovery (`/.well-known/openid-configuration`, `/.well-known/oauth-authorization-server`) at the
 * root of the issuer (AUTH_URL), as RFC 8414 and OpenID Connect Discovery place it. The gateway hands
 * these paths to the auth service (auth.v1.OidcService).
 */
export const oidcRoutes = {
  authorization: '/oidc/auth',
  token: '/oidc/token',
  userinfo: '/oidc/me',
  jwks: '/oidc/jwks',
  revocation: '/oidc/token/revocation',
  introspection: '/oidc/token/introspection',
  end_session: '/oidc/session/end',
  device_authorization: '/oidc/device/auth',
  code_verification: '/oidc/device',
  pushed_authorization_request: '/oidc/request',
  registration: '/oidc/reg',
  backchannel_authentication: '/oidc/backchannel',
} as const;

/** The interaction pages (login and consent) Gatehouse serves in front of the library. */
export const INTERACTION_PATH = /^\/oidc\/interaction\/([A-Za-z0-9_-]{1,64})(\/(?:consent|abort))?$/;
