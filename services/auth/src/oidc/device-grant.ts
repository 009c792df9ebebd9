import type Provider from 'oidc-provider';
import type { ClaimsParameter, Client, DeviceCode } from 'oidc-provider';
import type { OidcResource } from './config';
import { ACR_ONE_FACTOR, ACR_TWO_FACTORS, OIDC_SCOPES } from './provider';
import { type BrowserSession, twoFactors } from './session';

/** What a device asked for (its device authorization request's parameters, kept in the DeviceCode). */
export interface DeviceAsked {
  /** The OpenID scopes (openid, profile, email, offline_access) among the requested ones. */
  scopes: string[];
  /** Each requested resource (RFC 8707) with the requested scopes it offers. */
  resources: Record<string, string[]>;
  /** The `claims` parameter, when the device sent one. */
  claims: ClaimsParameter | undefined;
}

type DeviceParams = { scope?: unknown; resource?: unknown; claims?: unknown; acr_values?: unknown; max_age?: unknown };

const words = (value: unknown) => (typeof value === 'string' ? value.split(' ').filter(Boolean) : []);

function claimsParameter(value: unknown): ClaimsParameter | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const parsed = JSON.parse(value) as ClaimsParameter;
    return parsed && typeof parsed === 'object' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The scopes, resources and claims the device asked for, as the library reads them for its own user-code
 * page (its checkResource and combinedScope): the OpenID scopes of the request, and for each requested
 * resource the requested scopes it offers (AUTH_CONFIG oidc.resources; the device authorization
 * endpoint refused an unknown resource already).
 */
export function deviceAsked(code: DeviceCode, resources: readonly OidcResource[]): DeviceAsked {
  const params = (code.params ?? {}) as DeviceParams;
  const requested = words(params.scope);
  const uris = Array.isArray(params.resource) ? params.resource : params.resource ? [params.resource] : [];
  const byResource: Record<string, string[]> = {};
  for (const uri of uris) {
    const known = resources.find((r) => r.uri === uri);
    if (known) byResource[String(uri)] = requested.filter((s) => known.scopes.includes(s));
  }
  return {
    scopes: requested.filter((s) => (OIDC_SCOPES as readonly string[]).includes(s)),
    resources: byResource,
    claims: claimsParameter(params.claims),
  };
}

/** Why the session may not approve what the device asks for: a login with two factors, or a recent one. */
export function approvalRefusal(code: DeviceCode, client: Client, session: BrowserSession): string | undefined {
  const params = (code.params ?? {}) as DeviceParams;
  const wantsTwo =
    words(params.acr_values).includes(ACR_TWO_FACTORS) || (client.defaultAcrValues ?? []).includes(ACR_TWO_FACTORS);
  if (wantsTwo && !twoFactors(session.amr))
    return 'this device asks for two factors: log in with a passkey, or with your authenticator code, then approve';
  const maxAge = params.max_age === undefined ? client.defaultMaxAge : Number(params.max_age);
  if (maxAge !== undefined && Math.floor(Date.now() / 1000) - session.authTime > maxAge)
    return 'this device asks for a recent login: log in again, then approve';
  return undefined;
}

export interface Approval {
  provider: Provider;
  code: DeviceCode;
  client: Client;
  /** The approving Gatehouse session (checked by the auth service): its user, login time and factors. */
  session: BrowserSession;
  asked: DeviceAsked;
  /** The provider session's lifetime (ttl.Session: the refresh tokens' absolute lifetime). */
  sessionTtlS: number;
}

/**
 * Approves a device code as the library does after its own confirm step (deviceVerificationResponse):
 * a Grant covering what the device asked for (consent, given on the page), a provider Session standing
 * for the approving Gatehouse session (its user, login time, acr and amr; found through
 * oidc_session_links like every provider login, so ending that session reaches the device), and the
 * DeviceCode given the account, grant, scope, resource, auth_time, acr/amr and session, which the device
 * then redeems at the token endpoint. Without offline_access the device's tokens die with the session
 * (expiresWithSession); with it they outlive a logout (persistsLogout), as the library's defaults say.
 * Each approval is a grant of its own: one device's tokens are revoked without another's.
 */
export async function approveDevice(a: Approval): Promise<void> {
  const { provider, code, client, session, asked } = a;
  const clientId = client.clientId;
  const acr = twoFactors(session.amr) ? ACR_TWO_FACTORS : ACR_ONE_FACTOR;
  const grant = new provider.Grant({ accountId: session.userId, clientId });
  if (asked.scopes.length > 0) grant.addOIDCScope(asked.scopes.join(' '));
  for (const [uri, scopes] of Object.entries(asked.resources)) grant.addResourceScope(uri, scopes.join(' '));
  const claimNames = [...Object.keys(asked.claims?.id_token ?? {}), ...Object.keys(asked.claims?.userinfo ?? {})];
  if (claimNames.length > 0) grant.addOIDCClaims([...new Set(claimNames)]);
  const grantId = await grant.save();

  const scope = new Set([...asked.scopes, ...Object.values(asked.resources).flat()]);
  const persists = scope.has('offline_access');
  const providerSession = new provider.Session();
  providerSession.loginAccount({ accountId: session.userId, loginTs: session.authTime, amr: session.amr, acr });
  providerSession.ensureClientContainer(clientId);
  providerSession.grantIdFor(clientId, grantId);
  if (persists) providerSession.authorizationFor(clientId).persistsLogout = true;
  await providerSession.save(a.sessionTtlS);

  const uris = Object.keys(asked.resources);
  Object.assign(code, {
    accountId: session.userId,
    acr,
    amr: session.amr,
    authTime: session.authTime,
    grantId,
    scope: [...scope].join(' '),
    sessionUid: providerSession.uid,
    ...(asked.claims ? { claims: asked.claims } : {}),
    ...(uris.length === 1 ? { resource: uris[0] } : uris.length > 1 ? { resource: uris } : {}),
    ...(persists ? {} : { expiresWithSession: true }),
    ...(client.includeSid() ? { sid: providerSession.sidFor(clientId) } : {}),
  });
  await code.save();
}

/** Denies a device code: the device's next poll gets access_denied (the library reads the code's error). */
export async function denyDevice(code: DeviceCode): Promise<void> {
  Object.assign(code, { error: 'access_denied', errorDescription: 'the user denied the request' });
  await code.save();
}
