import { duration, list, optionalText } from '@gatehouse/config';

/** Hook names as AUTH_HOOKS lists them, and the RPC each one calls. */
export const HOOK_NAMES = [
  'check-credentials',
  'send',
  'update-claims',
  'validate',
  'update-user',
  'check-basic-auth',
  'map-user',
  'read-secret',
] as const;
export type HookName = (typeof HOOK_NAMES)[number];

/** Environment settings of the hooks client, shared by the auth service and the gateway. */
export const hooksSettingsShape = {
  /** host:port of the application's AuthHooks server. */
  AUTH_HOOKS_ADDR: optionalText(),
  /** The hooks the application implements, e.g. `validate,update-claims`; no other hook is ever called. */
  AUTH_HOOKS: list(),
  /** Deadline of every hook call. */
  AUTH_HOOKS_TIMEOUT: duration('2s'),
};

export interface HooksSettings {
  address: string;
  enabled: HookName[];
  timeoutMs: number;
}

/** Checks the hook settings; undefined when the application implements none. */
export function resolveHooksSettings(
  raw: { AUTH_HOOKS_ADDR?: string; AUTH_HOOKS: string[]; AUTH_HOOKS_TIMEOUT: number },
  problems: string[],
): HooksSettings | undefined {
  const unknown = raw.AUTH_HOOKS.filter((n) => !(HOOK_NAMES as readonly string[]).includes(n));
  if (unknown.length > 0) {
    problems.push(
      `AUTH_HOOKS: unknown hook ${unknown.map((n) => `"${n}"`).join(', ')} (known: ${HOOK_NAMES.join(', ')})`,
    );
  }
  if (raw.AUTH_HOOKS.length > 0 && !raw.AUTH_HOOKS_ADDR)
    problems.push('AUTH_HOOKS_ADDR: required when AUTH_HOOKS is set');
  if (raw.AUTH_HOOKS_ADDR && !/^[^\s/]+:\d+$/.test(raw.AUTH_HOOKS_ADDR)) {
    problems.push(`AUTH_HOOKS_ADDR: "${raw.AUTH_HOOKS_ADDR}" is not host:port`);
  }
  if (!raw.AUTH_HOOKS_ADDR || raw.AUTH_HOOKS.length === 0) return undefined;
  return {
    address: raw.AUTH_HOOKS_ADDR,
    enabled: raw.AUTH_HOOKS.filter((n): n is HookName => (HOOK_NAMES as readonly string[]).includes(n)),
    timeoutMs: raw.AUTH_HOOKS_TIMEOUT,
  };
}

/**
 * The secret-source rules of the ReadSecret hook: the application holds the secrets, so AUTH_SECRET is
 * not needed; but a token's audience is read before its signature is checked, so only the audiences
 * listed in AUTH_AUDIENCES may reach the hook. Otherwise junk tokens with made-up audiences would each
 * cost the application a call.
 */
export function applySecretHookRules(
  hooks: HooksSettings | undefined,
  audiences: string[],
  problems: string[],
  alg = 'HS256',
): void {
  if (!hooks?.enabled.includes('read-secret')) return;
  // Its secrets are HS256 keys: with ES256/EdDSA the key file signs, so the hook would have no say.
  if (alg !== 'HS256') problems.push(`AUTH_HOOKS: read-secret is HS256 only (AUTH_JWT_ALG is ${alg})`);
  const i = problems.findIndex((p) => p.startsWith('AUTH_SECRET: required'));
  if (i >= 0) problems.splice(i, 1);
  if (audiences.length === 0) {
    problems.push('AUTH_AUDIENCES: required with the read-secret hook (only listed audiences may reach it)');
  }
}
