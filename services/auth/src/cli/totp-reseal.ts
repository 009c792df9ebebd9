// `node totp-reseal.js` in the auth image (`tsx services/auth/src/cli/totp-reseal.ts` from sources):
// finishes a rotation of AUTH_TOTP_KEY by sealing every TOTP secret still on a previous key again with
// the current one (docs/accounts.md), and every webhook secret still on a previous key's derived key
// or in the clear (docs/events.md), then exits: 0 when no secret is left on another key, 1 when some
// could not be opened (their key is not in AUTH_TOTP_KEY_PREVIOUS: keep it until they are). Reads
// DATABASE_URL, AUTH_TOTP_KEY and AUTH_TOTP_KEY_PREVIOUS, as the auth service does; it can run while
// the service runs, and again.
import { environment, optionalText, validateConfig, z } from '@gatehouse/config';
import { createLogger } from '@gatehouse/logger';
import { WebhookSecrets } from '../events/webhook-secrets';
import { PgWebhookStore } from '../events/webhook-store';
import { createPool } from '../stores/postgres';
import { resolveTotpSettings } from '../totp/config';
import { resealAll } from '../totp/reseal';
import { SecretBox } from '../totp/secret-box';
import { PgTotpStore } from '../totp/store';

const schema = z.object({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (postgres://...)'),
  AUTH_TOTP_KEY: optionalText(),
  AUTH_TOTP_KEY_PREVIOUS: optionalText(),
});

async function main(): Promise<number> {
  const env = validateConfig('TOTP re-seal', schema, environment());
  const problems: string[] = [];
  const { key, previous } = resolveTotpSettings(env, problems);
  if (!key) problems.push('AUTH_TOTP_KEY: required (the key to seal with)');
  if (problems.length > 0 || !key) throw new Error(`TOTP re-seal: ${problems.join('; ')}`);
  const log = createLogger({ name: 'auth-totp-reseal', level: 'info', format: 'json' });
  const pool = createPool(env.DATABASE_URL);
  try {
    const report = await resealAll(new PgTotpStore(pool), new SecretBox(key, previous), log);
    const webhooks = await new PgWebhookStore(pool, { secrets: new WebhookSecrets({ key, previous }) }).sealStored();
    const left = Object.values(report.unopenable).reduce((a, b) => a + b, 0);
    if (left > 0) {
      log.warn(
        { ...report, webhooks },
        'TOTP secrets left on keys that are not configured: keep those keys, or have the users set TOTP up again',
      );
      return 1;
    }
    if (webhooks.unopenable > 0) {
      log.warn(
        { ...report, webhooks },
        "webhook secrets left on keys that are not configured: keep those keys, or rotate those endpoints' secrets",
      );
      return 1;
    }
    log.info({ ...report, webhooks }, 'every TOTP and webhook secret is sealed with AUTH_TOTP_KEY');
    return 0;
  } finally {
    await pool.end();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
