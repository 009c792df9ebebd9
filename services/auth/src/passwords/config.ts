import { duration, flag, optionalText, parseDuration, z } from '@gatehouse/config';
import type { HookName } from '@gatehouse/hooks-sdk';
import { limitSetting, smtpSchema } from '../login/config';
import type { SmtpSettings } from '../senders/smtp';
import type { HashParameters } from './hashing';
import type { PasswordAccountLimits } from './limits';
import { DEFAULT_MESSAGES, type MessageKind, messageTemplateProblems } from './messages';

const whole = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(min)
    .max(max)
    .default(fallback);

/** Password accounts' environment variables (docs/password-accounts.md "Settings"). */
export const passwordSettingsShape = {
  /** Anyone may sign up; false: only admins create (or import) users. */
  AUTH_PASSWORD_SIGNUP: flag(true),
  /** No login until the address is verified. */
  AUTH_PASSWORD_REQUIRE_VERIFIED: flag(true),
  /** Argon2id's cost: OWASP's m=19456 KiB, t=2, p=1 by default (a cheaper pair is refused). */
  AUTH_PASSWORD_HASH_MEMORY_KIB: whole(1024, 4_194_304, 19456),
  AUTH_PASSWORD_HASH_TIME: whole(1, 100, 2),
  AUTH_PASSWORD_HASH_PARALLELISM: whole(1, 16, 1),
  /** Hashes run at once, the rest queued; unset: the cores this process may use, at most libuv's pool. */
  AUTH_PASSWORD_HASH_CONCURRENCY: optionalText().pipe(
    z.coerce
      .number<string>({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(256, 'must be at most 256')
      .optional(),
  ),
  /** How long links stay valid: a reset's, and an address verification's. */
  AUTH_PASSWORD_RESET_TTL: duration('1h'),
  AUTH_PASSWORD_VERIFY_TTL: duration('24h'),
  /** The longer window of login attempts per address and client: the guesser's growing wait. */
  AUTH_LIMIT_PASSWORD_USER_DAY: limitSetting('30/24h'),
  /** The k-anonymity range API of a breached-password service (off by default; it fails open). */
  AUTH_BREACHED_PASSWORDS_URL: optionalText(),
  /** CAPTCHA on sign-up, reset and login after failures: turnstile or hcaptcha, with its secret. */
  AUTH_CAPTCHA_PROVIDER: optionalText(),
  AUTH_CAPTCHA_SECRET: optionalText(),
  /** The provider's siteverify URL (a stand-in on loopback in tests); unset: the provider's own. */
  AUTH_CAPTCHA_VERIFY_URL: optionalText(),
  /** Failed logins (per address tried, or per client, in an hour) after which login asks for a CAPTCHA. */
  AUTH_CAPTCHA_AFTER_FAILURES: whole(1, 1000, 3),
};

type RawPasswordSettings = z.infer<z.ZodObject<typeof passwordSettingsShape>>;

const fileSchema = z.strictObject({
  sender: z.enum(['smtp', 'hook']).optional(),
  smtp: smtpSchema.optional(),
  /** The site's name in messages; AUTH_URL's host by default. */
  site: z.string().min(1).max(200).optional(),
  messages: z
    .partialRecord(
      z.enum(Object.keys(DEFAULT_MESSAGES) as [MessageKind, ...MessageKind[]]),
      z
        .string()
        .min(1)
        .max(64 * 1024),
    )
    .default({}),
});

export interface PasswordConfig {
  signupOpen: boolean;
  requireVerified: boolean;
  hash: HashParameters;
  /** AUTH_PASSWORD_HASH_CONCURRENCY; undefined: defaultHashConcurrency(). */
  hashConcurrency: number | undefined;
  resetTtlMs: number;
  verifyTtlMs: number;
  limitPerUserDay: PasswordAccountLimits['perUserDay'];
  captchaAfterFailures: number;
  breachedUrl: string | undefined;
  captcha: { provider: 'turnstile' | 'hcaptcha'; secret: string; verifyUrl?: string } | undefined;
  /** Undefined: no sender (development: messages go to the log). */
  sender: { kind: 'smtp'; smtp: SmtpSettings } | { kind: 'hook' } | undefined;
  site: string | undefined;
  messages: Partial<Record<MessageKind, string>>;
}

/** OWASP's Argon2id table (at p=1): a pair at least as costly as one of its rows. */
function owaspProblem(m: number, t: number): string | null {
  const rows: [number, number][] = [
    [47104, 1],
    [19456, 2],
    [12288, 3],
    [9216, 4],
    [7168, 5],
  ];
  if (rows.some(([mm, tt]) => m >= mm && t >= tt)) return null;
  return `AUTH_PASSWORD_HASH_MEMORY_KIB=${m} with AUTH_PASSWORD_HASH_TIME=${t} is below OWASP's Argon2id minimum (19456 KiB with 2 passes, or 47104 with 1, 12288 with 3, 9216 with 4, 7168 with 5)`;
}

export function resolvePasswordSettings(
  raw: RawPasswordSettings & { AUTH_SMTP_PASSWORD?: string },
  section: unknown,
  hooks: HookName[],
  problems: string[],
): PasswordConfig {
  const file = fileSchema.safeParse(section ?? {});
  if (!file.success) {
    for (const issue of file.error.issues)
      problems.push(`AUTH_CONFIG password.${issue.path.join('.')}: ${issue.message}`);
  }
  const f = file.success ? file.data : { messages: {} as Partial<Record<MessageKind, string>> };
  for (const [kind, text] of Object.entries(f.messages ?? {})) {
    for (const p of messageTemplateProblems(text ?? '')) problems.push(`AUTH_CONFIG password.messages.${kind}: ${p}`);
  }
  const cost = owaspProblem(raw.AUTH_PASSWORD_HASH_MEMORY_KIB, raw.AUTH_PASSWORD_HASH_TIME);
  if (cost) problems.push(cost);
  let sender: PasswordConfig['sender'];
  if (f.sender === 'hook') {
    if (!hooks.includes('send')) problems.push('AUTH_CONFIG password.sender: hook needs send in AUTH_HOOKS');
    sender = { kind: 'hook' };
  } else if (f.sender === 'smtp') {
    if (!f.smtp) problems.push('AUTH_CONFIG password: sender smtp needs an smtp section (host, from)');
    else {
      const timeoutMs = parseDuration(f.smtp.timeout);
      if (!timeoutMs) problems.push(`AUTH_CONFIG password.smtp.timeout: "${f.smtp.timeout}" is not a duration`);
      const { timeout: _t, ...smtp } = f.smtp;
      sender = {
        kind: 'smtp',
        smtp: {
          ...smtp,
          port: smtp.port ?? (smtp.tls === 'implicit' ? 465 : 587),
          password: raw.AUTH_SMTP_PASSWORD ?? smtp.password,
          timeoutMs: timeoutMs ?? 10_000,
        },
      };
    }
  }
  const named = raw.AUTH_CAPTCHA_PROVIDER;
  const provider = named === 'turnstile' || named === 'hcaptcha' ? named : undefined;
  if (named && !provider) problems.push(`AUTH_CAPTCHA_PROVIDER: "${named}" is not turnstile or hcaptcha`);
  if (named && !raw.AUTH_CAPTCHA_SECRET) problems.push('AUTH_CAPTCHA_PROVIDER: needs AUTH_CAPTCHA_SECRET');
  if (!named && raw.AUTH_CAPTCHA_SECRET) problems.push('AUTH_CAPTCHA_SECRET: needs AUTH_CAPTCHA_PROVIDER');
  return {
    signupOpen: raw.AUTH_PASSWORD_SIGNUP,
    requireVerified: raw.AUTH_PASSWORD_REQUIRE_VERIFIED,
    hash: {
      memoryKiB: raw.AUTH_PASSWORD_HASH_MEMORY_KIB,
      timeCost: raw.AUTH_PASSWORD_HASH_TIME,
      parallelism: raw.AUTH_PASSWORD_HASH_PARALLELISM,
    },
    hashConcurrency: raw.AUTH_PASSWORD_HASH_CONCURRENCY,
    resetTtlMs: raw.AUTH_PASSWORD_RESET_TTL,
    verifyTtlMs: raw.AUTH_PASSWORD_VERIFY_TTL,
    limitPerUserDay: raw.AUTH_LIMIT_PASSWORD_USER_DAY,
    captchaAfterFailures: raw.AUTH_CAPTCHA_AFTER_FAILURES,
    breachedUrl: raw.AUTH_BREACHED_PASSWORDS_URL,
    captcha:
      provider && raw.AUTH_CAPTCHA_SECRET
        ? {
            provider,
            secret: raw.AUTH_CAPTCHA_SECRET,
            verifyUrl: raw.AUTH_CAPTCHA_VERIFY_URL,
          }
        : undefined,
    sender,
    site: f.site,
    messages: f.messages ?? {},
  };
}
