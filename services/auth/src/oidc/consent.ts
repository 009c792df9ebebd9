import type { NewEvent } from '@gatehouse/events';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';

/** What a consent asks for: OpenID scopes, claims, and scopes of protected resources (by indicator). */
export interface ConsentAsk {
  scopes: string[];
  claims: string[];
  resources: Record<string, string[]>;
}

/** The requested scopes, claims and resource scopes the user's grant with the client lacks (the prompt's details). */
export function missing(details: Interaction): ConsentAsk {
  const d = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  return {
    scopes: d.missingOIDCScope ?? [],
    claims: d.missingOIDCClaims ?? [],
    resources: d.missingResourceScopes ?? {},
  };
}

export function isEmpty(ask: ConsentAsk): boolean {
  return ask.scopes.length === 0 && ask.claims.length === 0 && Object.keys(ask.resources).length === 0;
}

/** `prompt=consent`: the user is asked again, even for what the grant already holds (OpenID Connect Core §3.1.2.1). */
export function askedAgain(details: Interaction): boolean {
  return details.prompt.reasons.includes('consent_prompt');
}

const OIDC_SCOPES = new Set(['openid', 'profile', 'email', 'offline_access', 'organization']);

/**
 * What the consent page lists: what the grant lacks, or, when `prompt=consent` asks again for what it
 * holds, the request's OpenID scopes.
 */
export function toConfirm(details: Interaction): ConsentAsk {
  const lacking = missing(details);
  if (!isEmpty(lacking)) return lacking;
  const requested = String(details.params.scope ?? '')
    .split(' ')
    .filter((s) => OIDC_SCOPES.has(s));
  return { scopes: requested, claims: [], resources: {} };
}

/**
 * The grant that covers what is asked: the one this authorization already has with the client (the
 * user's remembered grant, loaded by loadExistingGrant), extended, or a new one. Answers its id and the
 * scopes added now ([] when it held them all already).
 */
export async function extendGrant(
  provider: Provider,
  details: Interaction,
  accountId: string,
): Promise<{ grantId: string; added: string[] }> {
  const clientId = String(details.params.client_id);
  const found = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  const grant = found?.accountId === accountId && found.clientId === clientId ? found : undefined;
  const target = grant ?? new provider.Grant({ accountId, clientId });
  const want = missing(details);
  if (want.scopes.length > 0) target.addOIDCScope(want.scopes.join(' '));
  if (want.claims.length > 0) target.addOIDCClaims(want.claims);
  for (const [indicator, scopes] of Object.entries(want.resources))
    target.addResourceScope(indicator, scopes.join(' '));
  const grantId = await target.save();
  const added = [...want.scopes, ...Object.values(want.resources).flat()];
  return { grantId, added: [...new Set(added)] };
}

/** A scope as the trail writes it: a code (letters, digits, _ . : -); another client's spelling is left out. */
const CODE = /^[a-z0-9][a-z0-9_.:-]{0,63}$/;

/** `grant.created`: the user let a client in (the consent page's Allow, or a first-party client's login). */
export function grantCreated(
  clientId: string,
  accountId: string,
  added: string[],
  request: { ip?: string; userAgent?: string },
): NewEvent<'grant.created'> {
  return {
    type: 'grant.created',
    actor: { kind: 'user', id: accountId },
    subjectUser: accountId,
    clientAddress: request.ip || null,
    userAgent: request.userAgent || null,
    data: { client_id: clientId, scopes: added.filter((s) => CODE.test(s)).slice(0, 50) },
  };
}
