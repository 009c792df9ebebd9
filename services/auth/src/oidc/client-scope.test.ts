import { presentClientScope, REGISTERED_SCOPE } from './client-scope';
import { issuerPath, libraryUrl } from './well-known';

describe('a client as oidc-provider is to see it (client-scope.ts)', () => {
  it("keeps the provider's own scopes in scope, and the whole registered value beside", () => {
    expect(presentClientScope({ client_name: 'x', scope: 'openid read email write' })).toEqual({
      client_name: 'x',
      scope: 'openid email',
      [REGISTERED_SCOPE]: 'openid read email write',
    });
  });

  it("leaves scope out when it names none of the provider's, and out entirely when none is registered", () => {
    expect(presentClientScope({ scope: 'read' })).toEqual({ [REGISTERED_SCOPE]: 'read' });
    expect(presentClientScope({ client_name: 'x' })).toEqual({ client_name: 'x' });
  });

  it('never takes a registered_scope from the stored metadata', () => {
    expect(presentClientScope({ [REGISTERED_SCOPE]: 'admin' })).toEqual({});
    expect(presentClientScope({ scope: 'read', [REGISTERED_SCOPE]: 'admin' })).toEqual({ [REGISTERED_SCOPE]: 'read' });
  });
});

describe("discovery's path-inserted forms (well-known.ts)", () => {
  it("answers the issuer path's forms as the plain ones, and nothing else", () => {
    expect(issuerPath('https://example.com')).toBe('');
    expect(issuerPath('https://example.com/sso/')).toBe('/sso');
    expect(libraryUrl('/.well-known/oauth-authorization-server/sso', '/sso')).toBe(
      '/.well-known/oauth-authorization-server',
    );
    expect(libraryUrl('/.well-known/openid-configuration/sso?x=1', '/sso')).toBe(
      '/.well-known/openid-configuration?x=1',
    );
    expect(libraryUrl('/.well-known/oauth-authorization-server/other', '/sso')).toBe(
      '/.well-known/oauth-authorization-server/other',
    );
    expect(libraryUrl('/oidc/token', '/sso')).toBe('/oidc/token');
    expect(libraryUrl('/.well-known/openid-configuration/sso', '')).toBe('/.well-known/openid-configuration/sso');
  });
});
