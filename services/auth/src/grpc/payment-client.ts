import { createClient, describeCallError, type InternalAuth } from '@gatehouse/grpc-kit';
import type { Metrics } from '@gatehouse/metrics';
import { loadProto, type payment } from '@gatehouse/proto';

/** ListCards answers from one indexed read; a page that takes longer is an outage. */
const PAYMENT_DEADLINE_MS = 5_000;
const PAGE = 200;

/** Beyond the token lifetime, how much longer an erased user's owner stays closed (clock differences). */
const CLOSURE_MARGIN_MS = 60_000;

/**
 * The user's money at payment, for the admin API: `closeOwner` (payment's CloseOwner) before a user is
 * erased, refused (false) while money is held or moving; `cardsOf` for the export. The payment service
 * not answering fails the deletion (UNAVAILABLE), never passes it.
 */
export function grpcFundsCheck(
  address: string,
  options: { credential?: InternalAuth; metrics?: Metrics; tokenLifetimeMs: number },
): {
  closeOwner(userId: string): Promise<boolean>;
  cardsOf(userId: string): Promise<Record<string, unknown>[]>;
  close(): void;
} {
  const { credential, metrics } = options;
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
  return {
    /**
     * Closes the owner at payment until every token issued before now has expired (the token lifetime
     * and a margin): no load is taken for the user while they are erased, nor by a token they still
     * hold. False, nothing closed, while a card holds money or a load or reversal is under way.
     */
    async closeOwner(ownerId) {
      try {
        await client.call.closeOwner({ ownerId, closedForMs: options.tokenLifetimeMs + CLOSURE_MARGIN_MS });
        return true;
      } catch (err) {
        const failure = describeCallError(err);
        if (failure.answeredByService && failure.code === 'OWNER_HAS_FUNDS') return false;
        throw err;
      }
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
