import { secretProblem } from '@gatehouse/events';
import type Provider from 'oidc-provider';
import { clientAdminErrors } from '../errors';

/**
 * A client's registration as the admin API takes it (docs/openid-provider.md "Clients"): RFC 7591 and
 * OpenID Connect Registration names plus Gatehouse's own (`first_party`, `access_token_ttl`,
 * `refresh_token_ttl`), checked twice: by Gatehouse's rules first (OAuth 2.1: exact redirect URIs, no
 * implicit or password grant, no secret used as an HMAC key), then by oidc-provider's own client schema,
 * so that nothing is stored that the provider would refuse when the client next comes.
 */

/** At most this much JSON per client: a JWKS of a few keys and many redirect URIs fit. */
export const MAX_METADATA_CHARS = 64 * 1024;

/** A client id: unreserved URL characters, so it is safe in a path, a query and Basic credentials. */
export const CLIENT_ID = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/;

/** Names the registration may not set: they are the server's (made here, or not offered). */
const SERVER_NAMES: Record<string, string> = {
  client_secret: 'client_secret is made by Gatehouse and shown once (create, rotate-secret)',
  client_secret_expires_at: 'client secrets do not expire here: rotate them',
  client_id_issued_at: 'client_id_issued_at is the server’s',
  registration_access_token: 'dynamic registration is off: registration_access_token is not issued',
  registration_client_uri: 'dynamic registration is off: registration_client_uri is not issued',
  sector_identifier_uri: 'pairwise subjects are not offered: sector_identifier_uri has no use',
};

/** Grants OAuth 2.1 removed. */
const REMOVED_GRANTS: Record<string, string> = {
  implicit: 'the implicit grant is not offered (OAuth 2.1): use the authorization code with PKCE',
  password: 'the password grant is not offered (OAuth 2.1)',
};

/** URI lists that must match exactly (OAuth 2.1 §2.3.1; RP-Initiated Logout), and the back-channel one. */
const EXACT_URI_LISTS = ['redirect_uris', 'post_logout_redirect_uris'] as const;

/** The RFC 7591 error of a problem: invalid_redirect_uri for redirect_uris, as oidc-provider words it. */
export function metadataError(description: string) {
  return description.startsWith('redirect_uris')
    ? clientAdminErrors.invalidRedirectUri(description)
    : clientAdminErrors.invalidMetadata(description);
}

/** The admin's JSON text as a metadata object, or the refusal. */
export function parseMetadata(json: string): Record<string, unknown> {
  if (json.length > MAX_METADATA_CHARS) throw metadataError(`the metadata is over ${MAX_METADATA_CHARS} characters`);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw metadataError('the metadata is not JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw metadataError('the metadata is not an object');
  return value as Record<string, unknown>;
}

/** Whether `id` is a client id Gatehouse takes, or the refusal. */
export function checkClientId(id: unknown): string {
  if (typeof id !== 'string' || !CLIENT_ID.test(id))
    throw metadataError(
      'client_id must be 1 to 128 letters, digits, ".", "_", "~" or "-", beginning with one of the first two',
    );
  // The trail holds the id (client.created, admin.action) and refuses what looks like a secret there.
  if (secretProblem(id))
    throw metadataError('client_id looks like a token or code (mixed-case random text, 6-8 digits): choose another');
  return id;
}

/** Gatehouse's own rules, before the library's schema; answers the metadata with its response_types default. */
function ownRules(metadata: Record<string, unknown>): Record<string, unknown> {
  for (const [name, why] of Object.entries(SERVER_NAMES)) if (name in metadata) throw metadataError(why);
  for (const name of EXACT_URI_LISTS) {
    const uris = metadata[name];
    if (uris === undefined) continue;
    if (!Array.isArray(uris) || !uris.every((u) => typeof u === 'string'))
      throw metadataError(`${name} must be an array of strings`);
    for (const uri of uris as string[]) {
      if (uri.includes('*')) throw metadataError(`${name} must be exact URIs, without wildcards: ${uri}`);
      if (uri.includes('#')) throw metadataError(`${name} must not contain fragments: ${uri}`);
    }
  }
  const backchannel = metadata.backchannel_logout_uri;
  if (typeof backchannel === 'string' && backchannel.includes('#'))
    throw metadataError('backchannel_logout_uri must not contain a fragment');
  if (metadata.token_endpoint_auth_method === 'client_secret_jwt')
    throw metadataError(
      'client_secret_jwt is not offered: a secret is kept only as its hash and cannot be an HMAC key (use private_key_jwt)',
    );
  for (const [name, value] of Object.entries(metadata)) {
    if (name.endsWith('_alg') && typeof value === 'string' && /^HS/i.test(value))
      throw metadataError(`${name}: HMAC algorithms are not offered (a secret is kept only as its hash)`);
  }
  const grants = metadata.grant_types;
  if (grants !== undefined && (!Array.isArray(grants) || !grants.every((g) => typeof g === 'string')))
    throw metadataError('grant_types must be an array of strings');
  for (const grant of (grants as string[] | undefined) ?? []) {
    const why = REMOVED_GRANTS[grant];
    if (why) throw metadataError(`grant_types: ${why}`);
  }
  if (
    metadata.token_endpoint_auth_method === 'none' &&
    (grants as string[] | undefined)?.includes('client_credentials')
  )
    throw metadataError('grant_types: a public client (token_endpoint_auth_method none) cannot use client_credentials');
  // A client without the code grant (client_credentials, the device flow) has no response types:
  // given none, it gets [] rather than the library's ['code'], which would add the code grant back.
  if (grants !== undefined && !(grants as string[]).includes('authorization_code')) {
    const responseTypes = metadata.response_types;
    if (responseTypes === undefined) return { ...metadata, response_types: [] };
    if (Array.isArray(responseTypes) && responseTypes.length > 0)
      throw metadataError(
        'response_types must be [] for a client without the authorization_code grant (client_credentials, device flow)',
      );
  }
  return metadata;
}

/** The library's Client, constructed from metadata: its schema runs in the constructor. */
type LibraryClient = { metadata(): Record<string, unknown> };
type ClientClass = (new (
  metadata: Record<string, unknown>,
) => LibraryClient) & {
  needsSecret(metadata: Record<string, unknown>): boolean;
};

export interface CheckedMetadata {
  /** What is stored: the admin's metadata, with the kind of client made explicit (grants, response types, method). */
  metadata: Record<string, unknown>;
  /** Whether a secret authenticates the client (client_secret_basic, client_secret_post). */
  needsSecret: boolean;
}

/**
 * Checks a client's metadata as Gatehouse's rules and the provider's schema see it, with the id and the
 * hash of the secret it will have (the library requires a secret of a client whose method needs one).
 * Names the provider does not know are refused, not silently dropped as the library would: a typo
 * (`redirect_uri`) must not make a client that fails later.
 */
export function checkMetadata(
  provider: Provider,
  clientId: string,
  given: Record<string, unknown>,
  secretHash: string,
): CheckedMetadata {
  const { client_id: _id, ...rest } = given;
  const metadata = ownRules(rest);
  const Client = provider.Client as unknown as ClientClass;
  let effective: Record<string, unknown>;
  try {
    effective = new Client({ ...metadata, client_id: clientId, client_secret: secretHash }).metadata();
  } catch (err) {
    const e = err as { error?: string; error_description?: string };
    if (e.error === 'invalid_client_metadata' || e.error === 'invalid_redirect_uri')
      throw metadataError(e.error_description ?? e.error);
    throw metadataError('the metadata is not a client the provider takes');
  }
  const unknown = Object.keys(metadata).filter((name) => !(name in effective));
  if (unknown.length) throw metadataError(`unknown client metadata: ${unknown.join(', ')}`);
  return {
    metadata: {
      ...metadata,
      grant_types: effective.grant_types,
      response_types: effective.response_types,
      token_endpoint_auth_method: effective.token_endpoint_auth_method,
    },
    needsSecret: Client.needsSecret(effective),
  };
}

/** A JSON merge patch (RFC 7396) of `patch` onto `target`: null removes a name, objects merge, the rest replaces. */
export function mergePatch(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete out[name];
    else if (typeof value === 'object' && !Array.isArray(value)) {
      const before = out[name];
      const base = before && typeof before === 'object' && !Array.isArray(before) ? before : {};
      out[name] = mergePatch(base as Record<string, unknown>, value as Record<string, unknown>);
    } else out[name] = value;
  }
  return out;
}
