import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from '@gatehouse/config';
import { isLoopbackHttp } from './mapping';

/** The social providers go-pkgz/auth knows by name; Twitter is X's OAuth 2.0 with PKCE. */
export const CATALOGUE_TYPES = [
  'github',
  'google',
  'facebook',
  'microsoft',
  'yandex',
  'battlenet',
  'patreon',
  'discord',
  'twitter',
] as const;
export type CatalogueType = (typeof CATALOGUE_TYPES)[number];

/** Names no provider of another kind may take: catalogue kinds, `dev`, `apple`, and the /auth route words. */
const RESERVED = new Set<string>([...CATALOGUE_TYPES, 'dev', 'apple', 'list', 'logout', 'user', 'status', 'avatar']);

/** A provider name travels in paths and cookies: no separators and no URL metacharacters. */
const NAME = /^[A-Za-z0-9_-]{1,64}$/;

const url = z.url({ protocol: /^https?$/ });
const scopes = z.array(z.string().min(1).regex(/^\S+$/, 'a scope has no spaces')).max(32);
const attributes = z.record(z.string().min(1), z.string().min(1)).default({});
const secretFields = {
  clientId: z.string().min(1),
  clientSecret: z.string().min(1).optional(),
  /** Name of the environment variable holding the secret (the same as clientSecret: "${NAME}"). */
  clientSecretEnv: z.string().min(1).optional(),
};
/** Endpoint overrides of the catalogue kinds, for proxies and loopback test servers. */
const endpointOverrides = { authUrl: url.optional(), tokenUrl: url.optional(), infoUrl: url.optional() };

const catalogue = z.object({
  name: z.string(),
  type: z.enum(CATALOGUE_TYPES),
  ...secretFields,
  ...endpointOverrides,
  scopes: scopes.optional(),
  userAttributes: attributes,
  /** Microsoft only: the tenant of the /<tenant>/oauth2/v2.0 endpoints. */
  tenant: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9.-]{0,99}$/, 'must be common, organizations, consumers, a tenant id or a domain')
    .refine((t) => !t.includes('..'), 'must not contain ".."')
    .default('common'),
  /** GitHub only: ids from the numeric account id instead of the recyclable login (a recycled GitHub login would otherwise inherit another account's id). */
  numericId: z.boolean().default(false),
});

const mapping = z.object({
  id: z.string().min(1),
  name: z.string().min(1).optional(),
  picture: z.string().min(1).optional(),
  email: z.string().min(1).optional(),
});

const custom = z.object({
  name: z.string(),
  type: z.literal('custom'),
  ...secretFields,
  authUrl: url,
  tokenUrl: url,
  infoUrl: url,
  scopes: scopes.default([]),
  tokenAuth: z.enum(['post', 'basic']).default('post'),
  userAttributes: attributes,
  /** Which user-info fields (dotted paths) give id, name, picture and email; or the application's MapUser hook. */
  mapping: z.union([mapping, z.literal('hook')]).default({ id: 'id', name: 'name', picture: 'picture' }),
});

const openid = z.object({
  name: z.string(),
  type: z.literal('oidc'),
  ...secretFields,
  issuer: url,
  scopes: scopes.default(['openid']),
  /** Also call the userinfo endpoint (claims the ID token lacks); the ID token's sub must match. */
  userInfo: z.boolean().default(false),
  userAttributes: attributes,
});

const apple = z.object({
  name: z.string(),
  type: z.literal('apple'),
  clientId: z.string().min(1),
  teamId: z.string().min(1),
  keyId: z.string().min(1),
  /** PKCS8 PEM of the ECDSA P-256 key from Apple, as a file or as text ("${ENV}" to read it from the environment). */
  privateKeyFile: z.string().min(1).optional(),
  privateKey: z.string().min(1).optional(),
  responseMode: z.enum(['form_post', 'query']).default('form_post'),
  /** Apple's endpoints and issuer, overridable for a loopback stand-in. */
  issuer: url.default('https://appleid.apple.com'),
  authUrl: url.default('https://appleid.apple.com/auth/authorize'),
  tokenUrl: url.default('https://appleid.apple.com/auth/token'),
  keysUrl: url.default('https://appleid.apple.com/auth/keys'),
});

const local = z.object({
  name: z.string(),
  type: z.literal('local'),
  /** Browser-facing URL of the local OAuth2 server (its issuer). */
  url: url.default('http://127.0.0.1:8085'),
  host: z.string().min(1).default('127.0.0.1'),
  port: z.number().int().min(0).max(65535).default(8085),
  /** Absent: the server's own login page. A URL: the application's page, which posts to <url>/interaction/<uid>/login. */
  loginPageUrl: url.optional(),
  /** An htpasswd file (bcrypt entries) checking the users, when the application gives no checker. */
  htpasswdFile: z.string().min(1).optional(),
});

const entry = z.discriminatedUnion('type', [catalogue, custom, openid, apple, local]);

type Secret = { clientSecret: string };
export type CatalogueProviderConfig = Omit<z.output<typeof catalogue>, 'clientSecretEnv'> & Secret;
export type CustomProviderConfig = Omit<z.output<typeof custom>, 'clientSecretEnv'> & Secret;
export type OidcProviderConfig = Omit<z.output<typeof openid>, 'clientSecretEnv'> & Secret;
export type AppleProviderConfig = Omit<z.output<typeof apple>, 'privateKeyFile' | 'privateKey'> & {
  privateKey: KeyObject;
};
export type LocalProviderConfig = z.output<typeof local>;
export type ProviderConfig =
  | CatalogueProviderConfig
  | CustomProviderConfig
  | OidcProviderConfig
  | AppleProviderConfig
  | LocalProviderConfig;

const ENV_REF = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/**
 * Parses the `providers` list of the AUTH_CONFIG file. Secrets come from the environment snapshot
 * (`"${NAME}"` or `clientSecretEnv`); every problem names its provider and lands in `problems`.
 */
export function parseProviders(
  raw: unknown,
  env: Record<string, string | undefined>,
  problems: string[],
  taken: { loginHandlers: string[] },
): ProviderConfig[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    problems.push('providers: must be a list of { name, type, ... }');
    return [];
  }
  const out: ProviderConfig[] = [];
  const seen = new Set<string>();
  raw.forEach((item, index) => {
    const label = describe(item, index);
    const fail = (message: string) => problems.push(`${label}: ${message}`);
    const resolved = resolveEnv(item, env, fail);
    const parsed = entry.safeParse(resolved);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) fail(`${issue.path.join('.') || 'entry'}: ${issue.message}`);
      return;
    }
    const config = parsed.data;
    const nameProblem = checkName(config.name, config.type, seen, taken.loginHandlers);
    if (nameProblem) {
      fail(nameProblem);
      return;
    }
    seen.add(config.name);
    for (const key of ['authUrl', 'tokenUrl', 'infoUrl', 'issuer', 'keysUrl', 'url'] as const) {
      const value = (config as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.startsWith('http:') && !isLoopbackHttp(value)) {
        fail(`${key}: must be https (plain http only on loopback)`);
        return;
      }
    }
    const finished = finish(config, env, fail);
    if (finished) out.push(finished);
  });
  return out;
}

function describe(item: unknown, index: number): string {
  const name = item && typeof item === 'object' ? (item as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name !== '' ? `provider ${JSON.stringify(name)}` : `providers[${index}]`;
}

function checkName(name: string, type: string, seen: Set<string>, handlers: string[]): string | undefined {
  if (!NAME.test(name)) return 'name must be 1-64 of A-Z a-z 0-9 _ - (no path or URL metacharacters)';
  if (seen.has(name)) return 'name is used by another provider';
  if (handlers.includes(name)) return 'name is used by a login handler (AUTH_LOGIN_HANDLERS)';
  if (RESERVED.has(name) && name !== type) return `name "${name}" is reserved for the built-in provider`;
  return undefined;
}

/** Replaces "${NAME}" string values with the environment's; a missing variable is a problem. */
function resolveEnv(item: unknown, env: Record<string, string | undefined>, fail: (m: string) => void): unknown {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
  const copy: Record<string, unknown> = { ...(item as Record<string, unknown>) };
  for (const [key, value] of Object.entries(copy)) {
    const ref = typeof value === 'string' ? ENV_REF.exec(value) : null;
    if (!ref) continue;
    const found = env[ref[1] as string];
    if (found === undefined || found === '') fail(`${key}: environment variable ${ref[1]} is not set`);
    copy[key] = found ?? undefined;
  }
  return copy;
}

function finish(
  config: z.output<typeof entry>,
  env: Record<string, string | undefined>,
  fail: (m: string) => void,
): ProviderConfig | undefined {
  if (config.type === 'local') return config;
  if (config.type === 'apple') {
    const { privateKeyFile, privateKey, ...rest } = config;
    const key = loadAppleKey(privateKeyFile, privateKey, fail);
    return key ? { ...rest, privateKey: key } : undefined;
  }
  const { clientSecretEnv, ...rest } = config;
  const secret = clientSecretEnv ? env[clientSecretEnv] : config.clientSecret;
  if (!secret) {
    fail(clientSecretEnv ? `clientSecretEnv: ${clientSecretEnv} is not set` : 'clientSecret: required');
    return undefined;
  }
  return { ...rest, clientSecret: secret };
}

/** Apple signs nothing we could repair later: an unreadable or wrong key stops the start. */
function loadAppleKey(file: string | undefined, text: string | undefined, fail: (m: string) => void) {
  if (!file === !text) {
    fail('exactly one of privateKeyFile and privateKey is required');
    return undefined;
  }
  let pem: string;
  try {
    pem = file ? readFileSync(file, 'utf8') : (text as string);
  } catch (err) {
    fail(`privateKeyFile: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    return undefined;
  }
  try {
    const key = createPrivateKey({ key: pem, format: 'pem' });
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
      fail('private key must be an ECDSA P-256 key (the .p8 file Apple gives)');
      return undefined;
    }
    return key;
  } catch {
    fail('private key is not a PKCS8 PEM key (the .p8 file Apple gives)');
    return undefined;
  }
}
