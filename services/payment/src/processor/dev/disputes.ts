// The development processor's disputes and notifications: a dispute opened (or moved on) on request,
// and a notification of it signed with the processor's own keys exactly as Braintree signs its webhooks
// (`<public key>|<hex HMAC-SHA1, keyed with SHA-1 of the private key, of the payload>`), so the real
// SDK's webhookNotification.parse verifies it.
import { createHash, createHmac } from 'node:crypto';
import { randomHex } from '@gatehouse/logger';
import type { DevState } from './transactions';
import { find } from './transactions';
import { disputeXml, type GatewayDispute, notificationXml, transactionXml } from './wire';

/** The notification kinds it makes, and the dispute status each leaves. */
export const DISPUTE_KINDS: Record<string, string> = {
  dispute_opened: 'open',
  dispute_disputed: 'disputed',
  dispute_under_review: 'under_review',
  dispute_won: 'won',
  dispute_lost: 'lost',
  dispute_accepted: 'accepted',
  dispute_auto_accepted: 'auto_accepted',
  dispute_expired: 'expired',
};
const FINAL = new Set(['won', 'lost', 'accepted', 'auto_accepted', 'expired']);

/** The notifications POST /dev/notifications makes. */
export const NOTIFICATION_KINDS = [...Object.keys(DISPUTE_KINDS), 'check', 'transaction_settled'];

/**
 * The sale's dispute as `kind` leaves it: `dispute_opened` opens a new one unless one is open; any other
 * kind moves the sale's latest dispute to its status, opening one in that status if there is none (so
 * a later stage can be told first, as a notification delivered out of order would).
 */
export function disputeFor(state: DevState, transactionId: string, kind: string, amount?: string): GatewayDispute {
  const status = DISPUTE_KINDS[kind] as string;
  const sale = find(state, transactionId);
  const latest = [...state.disputes.values()].filter((d) => d.transactionId === transactionId).at(-1);
  const now = Date.now();
  if (latest && !(kind === 'dispute_opened' && FINAL.has(latest.status))) {
    latest.status = status;
    latest.effectiveMs = now;
    return latest;
  }
  const dispute: GatewayDispute = {
    id: `dp_${randomHex(6)}`,
    transactionId,
    amount: amount ?? sale?.amount ?? '0.00',
    transactionAmount: sale?.amount ?? '0.00',
    status,
    receivedDate: new Date(now).toISOString().slice(0, 10),
    effectiveMs: now,
  };
  state.disputes.set(dispute.id, dispute);
  return dispute;
}

/** Disputes whose status changed on or after the day `min` (YYYY-MM-DD), as `dispute.search` finds them. */
export function disputesSince(state: DevState, min: string): GatewayDispute[] {
  return [...state.disputes.values()].filter((d) => new Date(d.effectiveMs).toISOString().slice(0, 10) >= min);
}

/** A signed notification's form fields, as Braintree posts them. */
export interface SignedNotification {
  bt_signature: string;
  bt_payload: string;
}

export function signNotification(state: DevState, kind: string, subject: string): SignedNotification {
  // As Braintree (and the SDK's webhookTesting) makes them: base64 of the XML, then a newline.
  const payload = `${Buffer.from(notificationXml(kind, new Date(), subject)).toString('base64')}\n`;
  const key = createHash('sha1').update(state.privateKey).digest();
  const signature = createHmac('sha1', key).update(payload, 'binary').digest('hex');
  return { bt_signature: `${state.publicKey}|${signature}`, bt_payload: payload };
}

/** The subject of a notification of `kind` about the transaction; undefined when there is no such sale. */
export function notificationSubject(state: DevState, kind: string, transactionId: string, amount?: string) {
  if (kind === 'check') return '<check type="boolean">true</check>';
  const sale = find(state, transactionId);
  if (sale?.type !== 'sale') return undefined;
  if (kind === 'transaction_settled') return transactionXml(sale);
  return disputeXml(disputeFor(state, transactionId, kind, amount));
}
