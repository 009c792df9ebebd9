import type { ProviderUser } from './provider';

/** A value at a dotted path (`data.attributes.full_name`) of a JSON object; undefined when absent. */
export function pick(info: unknown, path: string): unknown {
  let here: unknown = info;
  for (const key of path.split('.')) {
    if (!here || typeof here !== 'object' || Array.isArray(here) || !Object.hasOwn(here, key)) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

/** A JSON scalar as text (numeric ids become their decimal form); anything else is empty. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  return '';
}

/** Copies configured user-info fields into attrs (`userAttributes: {providerField: attrName}`), as text. */
export function withAttributes(
  user: ProviderUser,
  info: Record<string, unknown>,
  attributes: Record<string, string> | undefined,
): ProviderUser {
  const entries = Object.entries(attributes ?? {});
  if (entries.length === 0) return user;
  const attrs: Record<string, unknown> = { ...user.attrs };
  for (const [field, attr] of entries) {
    const value = pick(info, field);
    if (value === undefined || value === null) continue;
    attrs[attr] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return { ...user, attrs };
}

/** http:// is acceptable only to this machine (dev and local servers, loopback test stand-ins). */
export function isLoopbackHttp(address: string): boolean {
  const u = new URL(address);
  if (u.protocol !== 'http:') return false;
  return u.hostname === 'localhost' || u.hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(u.hostname);
}
