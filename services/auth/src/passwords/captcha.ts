import type { Logger } from '@gatehouse/logger';
import { request } from 'undici';
import { z } from 'zod';
import type { CaptchaCheck } from './types';

export type CaptchaProvider = 'turnstile' | 'hcaptcha';

/** Each provider's siteverify endpoint (AUTH_CAPTCHA_VERIFY_URL replaces it, for a stand-in). */
export const CAPTCHA_VERIFY_URLS: Record<CaptchaProvider, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
};

/** The longest token each provider issues (Turnstile documents 2048; hCaptcha's run longer): longer is refused unsent. */
const MAX_TOKEN: Record<CaptchaProvider, number> = { turnstile: 2048, hcaptcha: 16_384 };

export interface CaptchaSettings {
  provider: CaptchaProvider;
  /** The site's secret (AUTH_CAPTCHA_SECRET); sent to the provider only, never logged. */
  secret: string;
  verifyUrl?: string;
  /** The site's hostname: a token solved on another site embedding our site key is refused. */
  hostname?: string;
  /** The deadline of one verification, the reading of its answer included. */
  timeoutMs: number;
  /** Turnstile only: JSON (default) or a form; hCaptcha takes only a form. */
  encoding?: 'json' | 'form';
  log: Logger;
}

const Answer = z.object({
  success: z.boolean(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/**
 * A CAPTCHA provider's siteverify: the token the page got from the widget, sent with the secret and the
 * user's address. It fails closed, as a CAPTCHA must (an attacker who can make the check time out must
 * not pass it): a timeout, a network error, another status than 200, an answer that is not the JSON
 * expected, `success` false, or another hostname than ours are all false.
 */
export function captchaCheck(settings: CaptchaSettings): CaptchaCheck {
  const url = settings.verifyUrl ?? CAPTCHA_VERIFY_URLS[settings.provider];
  const json = settings.provider === 'turnstile' && settings.encoding !== 'form';
  return {
    async verify(token, remoteIp) {
      if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN[settings.provider]) return false;
      const fields: Record<string, string> = { secret: settings.secret, response: token };
      if (remoteIp) fields.remoteip = remoteIp;
      const signal = AbortSignal.timeout(settings.timeoutMs);
      try {
        const answer = await request(url, {
          method: 'POST',
          headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
          body: json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
          signal,
        });
        if (answer.statusCode !== 200) {
          await answer.body.dump();
          return refused(settings.log, `status ${answer.statusCode}`);
        }
        const parsed = Answer.safeParse(await answer.body.json());
        if (!parsed.success) return refused(settings.log, 'unreadable answer');
        if (!parsed.data.success) return false;
        if (settings.hostname && parsed.data.hostname !== settings.hostname)
          return refused(settings.log, 'another hostname');
        return true;
      } catch (err) {
        return refused(settings.log, signal.aborted ? 'timeout' : err instanceof SyntaxError ? 'not JSON' : 'error');
      }
    },
  };
}

/** A verification that could not pass for a reason that is ours or the provider's (not the user's), logged. */
function refused(log: Logger, why: string): false {
  log.warn({ why }, 'CAPTCHA verification failed closed');
  return false;
}
