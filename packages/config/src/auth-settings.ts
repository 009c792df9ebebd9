import { readStructuredFile } from './files';
import { duration, list, loginHandlers, optionalText, z } from './schema';
import { JWT_ALGORITHM_NAMES, type KeyUse, resolveSigningSettings, type SigningSettings } from './signing-settings';

/** Settings of the auth contract that both the auth service (signs) and the gateway (verifies) read. */
export const tokenSettingsShape = {
  AUTH_SECRET: optionalText(),
  AUTH_SECRETS_FILE: optionalText(),
  // Empty is unset (compose passes `AUTH_JWT_ALG=`), as for every optionalText setting.
  AUTH_JWT_ALG: optionalText().pipe(z.enum(JWT_ALGORITHM_NAMES).default('HS256')),
  AUTH_SIGNING_KEYS_FILE: optionalText(),
  AUTH_SECRET_PREVIOUS: list(),
  AUTH_TOKEN_DURATION: duration('15m'),
  AUTH_COOKIE_DURATION: duration('31d'),
  AUTH_ISSUER: z.string().min(1).default('gatehouse'),
  AUTH_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:8080'),
  AUTH_AUDIENCES: list(),
  AUTH_AVATAR_ROUTE_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*[A-Za-z0-9_-]$/, 'must be a path such as /avatar')
    .default('/avatar'),
  AUTH_ALLOWED_REDIRECT_HOSTS: list(),
  AUTH_LOGIN_HANDLERS: loginHandlers(),
};

/** Shortest secret accepted: HS256 keys shorter than the hash output weaken it (RFC 7518 §3.2). */
export const MIN_SECRET_LENGTH = 32;

export interface TokenSettings extends SigningSettings {
  issuer: string;
  url: string;
  tokenDurationMs: number;
  cookieDurationMs: number;
  audiences: string[];
  avatarRoutePath: string;
  allowedRedirectHosts: string[];
  /** Custom login handlers: provider name to LoginHandler address. */
  loginHandlers: Record<string, string>;
  /** The shared secret, when set. */
  secret: string | undefined;
  /** Secrets per audience, from AUTH_SECRETS_FILE. */
  secretsByAudience: Record<string, string>;
}

type RawTokenSettings = z.output<z.ZodObject<typeof tokenSettingsShape>>;

/**
 * Resolves secrets (reading AUTH_SECRETS_FILE) and checks them. Problems are pushed to `problems`
 * so that the caller reports them with every other configuration error at once. `keyUse`: whether this
 * process signs tokens (the auth service) or only verifies them (the gateway).
 */
export function resolveTokenSettings(
  raw: RawTokenSettings,
  problems: string[],
  keyUse: KeyUse = 'sign',
): TokenSettings {
  let secretsByAudience: Record<string, string> = {};
  if (raw.AUTH_SECRETS_FILE) {
    try {
      const parsed = z.record(z.string(), z.string()).safeParse(readStructuredFile(raw.AUTH_SECRETS_FILE));
      if (parsed.success) secretsByAudience = parsed.data;
      else problems.push(`AUTH_SECRETS_FILE: ${raw.AUTH_SECRETS_FILE} must map audience names to secret strings`);
    } catch (err) {
      problems.push(`AUTH_SECRETS_FILE: cannot read ${raw.AUTH_SECRETS_FILE} (${(err as Error).message})`);
    }
  }
  if (!raw.AUTH_SECRET && Object.keys(secretsByAudience).length === 0 && !raw.AUTH_SECRETS_FILE) {
    problems.push('AUTH_SECRET: required (or AUTH_SECRETS_FILE); generate one with `openssl rand -hex 32`');
  }
  const weak = [
    ...(raw.AUTH_SECRET && raw.AUTH_SECRET.length < MIN_SECRET_LENGTH ? ['AUTH_SECRET'] : []),
    ...Object.entries(secretsByAudience)
      .filter(([, s]) => s.length < MIN_SECRET_LENGTH)
      .map(([aud]) => `AUTH_SECRETS_FILE[${aud}]`),
  ];
  for (const name of weak) problems.push(`${name}: must be at least ${MIN_SECRET_LENGTH} characters`);
  return {
    ...resolveSigningSettings(raw, MIN_SECRET_LENGTH, problems, keyUse),
    issuer: raw.AUTH_ISSUER,
    url: raw.AUTH_URL.replace(/\/+$/, ''),
    tokenDurationMs: raw.AUTH_TOKEN_DURATION,
    cookieDurationMs: raw.AUTH_COOKIE_DURATION,
    audiences: raw.AUTH_AUDIENCES,
    avatarRoutePath: raw.AUTH_AVATAR_ROUTE_PATH,
    allowedRedirectHosts: raw.AUTH_ALLOWED_REDIRECT_HOSTS.map((h) => h.toLowerCase()),
    loginHandlers: raw.AUTH_LOGIN_HANDLERS,
    secret: raw.AUTH_SECRET,
    secretsByAudience,
  };
}
