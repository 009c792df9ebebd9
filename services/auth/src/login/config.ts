import { existsSync } from 'node:fs';
import { parseDuration, z } from '@gatehouse/config';
import type { HookName } from '@gatehouse/hooks-sdk';
import type { SmtpSettings } from '../senders/smtp';
import type { Limit } from '../stores/limits';
import { DEFAULT_TEMPLATE, templateProblems } from './template';

const NAME = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 of A-Z a-z 0-9 _ -');

const directSchema = z.strictObject({
  name: NAME,
  /** A bcrypt htpasswd file (htpasswd -B). */
  htpasswd: z.string().min(1).optional(),
  /** The application's CheckCredentials hook decides. */
  hook: z.boolean().optional(),
});

export const smtpSchema = z.strictObject({
  host: z.string().min(1),
  port: z.coerce.number().int().min(1).max(65535).optional(),
  tls: z.enum(['implicit', 'starttls', 'none']).default('starttls'),
  user: z.string().optional(),
  password: z.string().optional(),
  from: z.string().min(3),
  subject: z.string().default('Login confirmation'),
  contentType: z.enum(['text/plain', 'text/html']).default('text/plain'),
  timeout: z.string().default('10s'),
});

const verifiedSchema = z.strictObject({
  name: NAME,
  template: z
    .string()
    .min(1)
    .max(64 * 1024)
    .default(DEFAULT_TEMPLATE),
  sender: z.enum(['smtp', 'hook']),
  smtp: smtpSchema.optional(),
});

/** The AUTH_CONFIG file sections of the built-in direct and verified providers. */
export const loginSectionsSchema = z.object({
  direct: z.array(directSchema).default([]),
  verified: z.array(verifiedSchema).default([]),
});

export interface DirectProviderConfig {
  name: string;
  checker: { kind: 'htpasswd'; path: string } | { kind: 'hook' };
}

export interface VerifiedProviderConfig {
  name: string;
  template: string;
  sender: { kind: 'smtp'; smtp: SmtpSettings } | { kind: 'hook' };
}

/** Checks the direct and verified sections against each other, the hooks and the other providers. */
export function resolveLoginSections(
  file: Record<string, unknown>,
  context: { hooks: HookName[]; takenNames: string[]; smtpPassword: string | undefined },
  problems: string[],
): { direct: DirectProviderConfig[]; verified: VerifiedProviderConfig[] } {
  const parsed = loginSectionsSchema.safeParse({ direct: file.direct, verified: file.verified });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`AUTH_CONFIG ${issue.path.join('.')}: ${issue.message}`);
    return { direct: [], verified: [] };
  }
  const seen = new Set(context.takenNames);
  const claim = (where: string, name: string) => {
    if (seen.has(name)) problems.push(`AUTH_CONFIG ${where}: provider name "${name}" is already taken`);
    seen.add(name);
  };
  const direct = parsed.data.direct.flatMap((d, i): DirectProviderConfig[] => {
    const where = `direct.${i} (${d.name})`;
    claim(where, d.name);
    if (Boolean(d.htpasswd) === Boolean(d.hook)) {
      problems.push(`AUTH_CONFIG ${where}: set exactly one of htpasswd (a file) or hook: true`);
      return [];
    }
    if (d.hook) {
      if (!context.hooks.includes('check-credentials')) {
        problems.push(`AUTH_CONFIG ${where}: hook: true needs check-credentials in AUTH_HOOKS`);
      }
      return [{ name: d.name, checker: { kind: 'hook' } }];
    }
    if (!existsSync(d.htpasswd as string)) problems.push(`AUTH_CONFIG ${where}: htpasswd file ${d.htpasswd} not found`);
    return [{ name: d.name, checker: { kind: 'htpasswd', path: d.htpasswd as string } }];
  });
  const verified = parsed.data.verified.flatMap((v, i): VerifiedProviderConfig[] => {
    const where = `verified.${i} (${v.name})`;
    claim(where, v.name);
    for (const p of templateProblems(v.template)) problems.push(`AUTH_CONFIG ${where}.template: ${p}`);
    if (v.sender === 'hook') {
      if (!context.hooks.includes('send')) problems.push(`AUTH_CONFIG ${where}: sender hook needs send in AUTH_HOOKS`);
      return [{ name: v.name, template: v.template, sender: { kind: 'hook' } }];
    }
    if (!v.smtp) {
      problems.push(`AUTH_CONFIG ${where}: sender smtp needs an smtp section (host, from)`);
      return [];
    }
    const timeoutMs = parseDuration(v.smtp.timeout);
    if (!timeoutMs) problems.push(`AUTH_CONFIG ${where}.smtp.timeout: "${v.smtp.timeout}" is not a duration`);
    const { timeout: _t, ...smtp } = v.smtp;
    return [
      {
        name: v.name,
        template: v.template,
        sender: {
          kind: 'smtp',
          smtp: {
            ...smtp,
            port: smtp.port ?? (smtp.tls === 'implicit' ? 465 : 587),
            password: context.smtpPassword ?? smtp.password,
            timeoutMs: timeoutMs ?? 10_000,
          },
        },
      },
    ];
  });
  return { direct, verified };
}

/** A limit setting, `<count>/<window>`: `10/15m` is ten per fifteen minutes. */
export function limitSetting(defaultValue: string) {
  return z
    .string()
    .default(defaultValue)
    .transform((text, ctx): Limit => {
      const [count, window] = text.split('/');
      const limit = Number(count);
      const windowMs = window ? parseDuration(window.trim()) : null;
      if (!Number.isInteger(limit) || limit < 1 || !windowMs) {
        ctx.addIssue({ code: 'custom', message: `"${text}" is not <count>/<window> such as 10/15m` });
        return z.NEVER;
      }
      return { limit, windowMs };
    });
}
