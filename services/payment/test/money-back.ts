// What the tests of money going back share: the braintree SDK aimed at the development processor (to
// settle sales with the sandbox's own calls, or refund in its "control panel"), its signed
// notifications, and the ledger's totals to hold balances against.
import braintree from 'braintree';
import type { Pool } from 'pg';
import type { DevProcessor } from '../src/processor/dev';

/** The SDK on the development processor, as a merchant's own tools (or Braintree's control panel) use it. */
export function sandboxGateway(dev: DevProcessor): braintree.BraintreeGateway {
  const port = String(dev.port);
  return new braintree.BraintreeGateway({
    environment: new braintree.Environment('127.0.0.1', port, dev.url, false, '127.0.0.1', port),
    merchantId: dev.merchantId,
    publicKey: dev.publicKey,
    privateKey: dev.privateKey,
  });
}

/** Settles a sale with the sandbox's own call, `gateway.testing.settle(id)`. */
export async function settle(dev: DevProcessor, saleId: string): Promise<void> {
  await sandboxGateway(dev).testing.settle(saleId);
}

/** A refund made outside the API (no order id of ours), as in Braintree's control panel. */
export async function refundInControlPanel(dev: DevProcessor, saleId: string, amount: string): Promise<string> {
  // biome-ignore lint/suspicious/noExplicitAny: @types/braintree leaves out the refund amount as a string
  const result = await (sandboxGateway(dev).transaction as any).refund(saleId, amount);
  if (!result.success) throw new Error(`control-panel refund failed: ${result.message}`);
  return result.transaction.id;
}

export interface Signed {
  signature: string;
  payload: string;
}

/** A notification the development processor signs (POST /dev/notifications, not delivered). */
export async function signedNotification(
  dev: DevProcessor,
  kind: string,
  transactionId: string,
  amount?: string,
): Promise<Signed> {
  const res = await fetch(`${dev.url}/dev/notifications`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind, transaction_id: transactionId, amount, deliver: false }),
  });
  if (res.status !== 200) throw new Error(`/dev/notifications answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { bt_signature: string; bt_payload: string };
  return { signature: body.bt_signature, payload: body.bt_payload };
}

/** The card's money as the ledger holds it. */
export async function cardMoney(pool: Pool, cardId: number) {
  const { rows } = await pool.query(
    `SELECT balance_cents::int AS balance, held_cents::int AS held, shortfall_cents::int AS shortfall,
            frozen_at IS NOT NULL AS frozen,
            (SELECT coalesce(sum(amount_cents), 0)::int FROM loads WHERE card_id = $1 AND status = 'succeeded') AS loaded,
            (SELECT coalesce(sum(amount_cents), 0)::int FROM reversals WHERE card_id = $1 AND status = 'succeeded') AS reversed,
            (SELECT coalesce(sum(debited_cents), 0)::int FROM disputes WHERE card_id = $1) AS disputed,
            (SELECT coalesce(sum(held_cents), 0)::int FROM disputes WHERE card_id = $1) AS dispute_holds
       FROM cards WHERE id = $1`,
    [cardId],
  );
  return rows[0] as {
    balance: number;
    held: number;
    shortfall: number;
    frozen: boolean;
    loaded: number;
    reversed: number;
    disputed: number;
    dispute_holds: number;
  };
}
