import { duration, flag, z } from '@gatehouse/config';
import type { TotpSettings } from '../totp/config';

/** The OpenID provider's environment variables (docs/openid-provider.md). */
export const oidcSettingsShape = {
  /** Gatehouse as an OpenID provider of other applications (needs DATABASE_URL); `pnpm start` turns it on. */
  AUTH_OIDC_PROVIDER: flag(false),
  /** How long an access token lives (opaque ones can be revoked; a resource's JWT ones cannot). */
  AUTH_OIDC_ACCESS_TOKEN_TTL: duration('10m'),
  /** A refresh token not used for this long expires (each use rotates it and starts the time again). */
  AUTH_OIDC_REFRESH_IDLE: duration('14d'),
  /** No refresh token of a grant outlives its first issue by more than this, however often rotated. */
  AUTH_OIDC_REFRESH_ABSOLUTE: duration('90d'),
  /**
   * The provider's calls out (a client's back-channel logout URI) may reach private and loopback
   * addresses: applications on the same internal network, and tests. Off, oidc-provider refuses them.
   */
  AUTH_OIDC_ALLOW_PRIVATE: flag(false),
  /** Devices without a browser (RFC 8628): how long a user code can be entered, and polled for. */
  AUTH_OIDC_DEVICE_CODE_TTL: duration('10m'),
  /** The device's polling interval, given in the device authorization answer; faster polls get slow_down. */
  AUTH_OIDC_DEVICE_POLL_INTERVAL: duration('5s'),
  /** Registers the public client `gatehouse-demo` (loopback redirects) at start when missing; `pnpm start` turns it on. */
  AUTH_OIDC_DEMO_CLIENT: flag(false),
};

/** A protected resource (RFC 8707): its access tokens are JWTs whose `aud` is the resource alone. */
export interface OidcResource {
  /** The resource indicator: an absolute URI without a fragment. */
  uri: string;
  /** The scopes a client may ask for this resource. */
  scopes: string[];
}

export interface OidcSettings {
  enabled: boolean;
  accessTokenTtlS: number;
  refreshIdleS: number;
  refreshAbsoluteS: number;
  /** The device authorization grant (device.ts): a code's lifetime and the polling interval, seconds. */
  device: { codeTtlS: number; pollIntervalS: number };
  resources: OidcResource[];
  /** AUTH_OIDC_ALLOW_PRIVATE: outgoing calls may reach private and loopback addresses. */
  allowPrivate: boolean;
  /** Whether the demo client is registered at start (demo-client.ts). */
  demoClient: boolean;
  /**
   * AUTH_TOTP_KEY and its retired keys: the provider's cookie keys, and its signing key on a stack whose
   * sessions are HS256, are derived from them (one auth-only secret, rotated the same way).
   */
  keys: Pick<TotpSettings, 'key' | 'previous'> | undefined;
}

const SCOPE = /^[\x21\x23-\x5b\x5d-\x7e]{1,64}$/;
const resourceSchema = z.object({
  uri: z
    .string()
    .url()
    .refine((u) => !u.includes('#'), 'must have no fragment'),
  scopes: z.array(z.string().regex(SCOPE, 'scope tokens are printable, no space or quote')).min(1),
});

/** AUTH_CONFIG's `oidc` section (`resources`) and the variables above, checked together. */
export function resolveOidcSettings(
  raw: {
    AUTH_OIDC_PROVIDER: boolean;
    AUTH_OIDC_ACCESS_TOKEN_TTL: number;
    AUTH_OIDC_REFRESH_IDLE: number;
    AUTH_OIDC_REFRESH_ABSOLUTE: number;
    AUTH_OIDC_ALLOW_PRIVATE?: boolean;
    AUTH_OIDC_DEVICE_CODE_TTL: number;
    AUTH_OIDC_DEVICE_POLL_INTERVAL: number;
    AUTH_OIDC_DEMO_CLIENT?: boolean;
    DATABASE_URL?: string;
  },
  section: unknown,
  problems: string[],
  keys?: Pick<TotpSettings, 'key' | 'previous'>,
): OidcSettings {
  const parsed = z.object({ resources: z.array(resourceSchema).default([]) }).safeParse(section ?? {});
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      problems.push(`AUTH_CONFIG oidc.${issue.path.join('.')}: ${issue.message}`);
  }
  if (raw.AUTH_OIDC_PROVIDER && !raw.DATABASE_URL) {
    problems.push('AUTH_OIDC_PROVIDER: needs DATABASE_URL (clients, grants and tokens live in Postgres)');
  }
  if (raw.AUTH_OIDC_REFRESH_IDLE > raw.AUTH_OIDC_REFRESH_ABSOLUTE) {
    problems.push('AUTH_OIDC_REFRESH_IDLE: must not be longer than AUTH_OIDC_REFRESH_ABSOLUTE');
  }
  if (raw.AUTH_OIDC_DEVICE_POLL_INTERVAL >= raw.AUTH_OIDC_DEVICE_CODE_TTL) {
    problems.push('AUTH_OIDC_DEVICE_POLL_INTERVAL: must be shorter than AUTH_OIDC_DEVICE_CODE_TTL');
  }
  const seconds = (ms: number) => Math.max(1, Math.floor(ms / 1000));
  return {
    enabled: raw.AUTH_OIDC_PROVIDER,
    accessTokenTtlS: seconds(raw.AUTH_OIDC_ACCESS_TOKEN_TTL),
    refreshIdleS: seconds(raw.AUTH_OIDC_REFRESH_IDLE),
    refreshAbsoluteS: seconds(raw.AUTH_OIDC_REFRESH_ABSOLUTE),
    device: {
      codeTtlS: seconds(raw.AUTH_OIDC_DEVICE_CODE_TTL),
      pollIntervalS: seconds(raw.AUTH_OIDC_DEVICE_POLL_INTERVAL),
    },
    resources: parsed.success ? parsed.data.resources : [],
    allowPrivate: raw.AUTH_OIDC_ALLOW_PRIVATE ?? false,
    demoClient: raw.AUTH_OIDC_DEMO_CLIENT === true,
    keys,
  };
}
