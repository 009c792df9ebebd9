import { createClient, type InternalAuth } from '@gatehouse/grpc-kit';
import type { Metrics } from '@gatehouse/metrics';
import { loadProto, type payment } from '@gatehouse/proto';

/** ListCards answers from one indexed read; a page that takes longer is an outage. */
const PAYMENT_DEADLINE_MS = 5_000;
const PAGE = 200;

/**
 * Whether a card of the user holds money (payment's ListCards, every page): the admin API refuses to
 * delete such a user. The payment service not answering fails the deletion (UNAVAILABLE), never passes it.
 */
export function grpcFundsCheck(
  address: string,
  credential?: InternalAuth,
  metrics?: Metrics,
): { hasFunds(userId: string): Promise<boolean>; close(): void } {
  const { grpcObject } = loadProto('payment');
  const client = createClient<payment.PaymentServiceClient>(grpcObject.payment.v1.PaymentService, address, {
    deadlineMs: PAYMENT_DEADLINE_MS,
    credential: credential && { auth: credential, audience: 'payment' },
    metrics,
  });
  return {
    async hasFunds(ownerId) {
      let cursor = '';
      do {
        const page = await client.call.listCards({ ownerId, limit: PAGE, cursor });
        // int64 arrives as a decimal string; a negative balance (a shortfall) is no money held.
        if (page.cards.some((c) => BigInt(c.balanceCents) > 0n)) return true;
        cursor = page.next;
      } while (cursor);
      return false;
    },
    close: () => client.close(),
  };
}
