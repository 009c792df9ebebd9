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
): {
  hasFunds(userId: string): Promise<boolean>;
  cardsOf(userId: string): Promise<Record<string, unknown>[]>;
  close(): void;
} {
  const { grpcObject } = loadProto('payment');
  const client = createClient<payment.PaymentServiceClient>(grpcObject.payment.v1.PaymentService, address, {
    deadlineMs: PAYMENT_DEADLINE_MS,
    credential: credential && { auth: credential, audience: 'payment' },
    metrics,
  });
  const allCards = async (ownerId: string, stopAt?: (c: payment.Card__Output) => boolean) => {
    const cards: payment.Card__Output[] = [];
    let cursor = '';
    do {
      const page = await client.call.listCards({ ownerId, limit: PAGE, cursor });
      cards.push(...page.cards);
      if (stopAt && page.cards.some(stopAt)) break;
      cursor = page.next;
    } while (cursor);
    return cards;
  };
  // int64 arrives as a decimal string; a card's balance is never below 0 (the ledger's CHECK).
  const holdsMoney = (c: payment.Card__Output) => BigInt(c.balanceCents) > 0n;
  return {
    async hasFunds(ownerId) {
      return (await allCards(ownerId, holdsMoney)).some(holdsMoney);
    },
    /** The user's cards with their loads, for the export document (card numbers are never held here). */
    async cardsOf(ownerId) {
      const cards = await allCards(ownerId);
      return Promise.all(
        cards.map(async (card) => ({
          ...card,
          loads: (await client.call.listLoads({ ownerId, cardId: card.id })).loads,
        })),
      );
    },
    close: () => client.close(),
  };
}
