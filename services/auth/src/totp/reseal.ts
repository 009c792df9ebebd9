import type { Logger } from '@gatehouse/logger';
import type { SecretBox } from './secret-box';
import type { TotpStore } from './store';

/** Rows read at a time. */
const PAGE = 200;

export interface ResealReport {
  /** Sealed again with the current key by this run. */
  resealed: number;
  /** Changed meanwhile (their user's code sealed them again, or TOTP was turned off): left as they are. */
  changed: number;
  /** Sealed with a key that is not configured (neither AUTH_TOTP_KEY nor AUTH_TOTP_KEY_PREVIOUS), by key id. */
  unopenable: Record<string, number>;
}

/**
 * Finishes a rotation of AUTH_TOTP_KEY: every secret sealed with a previous key is opened and sealed
 * again with the current one, page by page, each written only if its row is still what was read (so a
 * user giving a code at that moment, or a second run, is never overwritten). Safe to run again and on
 * any number of machines at once. A secret whose key is not configured cannot be opened: it is counted
 * by key id and left, and that key must not be dropped yet.
 */
export async function resealAll(store: TotpStore, box: SecretBox, log: Logger): Promise<ResealReport> {
  const report: ResealReport = { resealed: 0, changed: 0, unopenable: {} };
  let after = '';
  for (;;) {
    const page = await store.sealedWithOtherKey(box.currentKeyId, after, PAGE);
    for (const record of page) {
      let plain: Buffer;
      try {
        plain = box.open(record.sealed, record.userId);
      } catch {
        report.unopenable[record.sealed.keyId] = (report.unopenable[record.sealed.keyId] ?? 0) + 1;
        continue;
      }
      const sealed = box.seal(plain, record.userId);
      plain.fill(0);
      if (await store.resealIfUnchanged(record.userId, record.sealed, sealed)) report.resealed++;
      else report.changed++;
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.userId;
    log.info({ resealed: report.resealed }, 'TOTP secrets sealed again so far');
  }
  return report;
}
