// The ledger as the admin console reads it (issue 48): the overview's part, any card by id or owner
// with its loads a keyset page at a time (each with its reversals), and disputes by state. Reads only;
// the admin surface of the gateway is the only caller (PAYMENT_ACCESS).
import { invalidArgument } from '@gatehouse/errors';
import { cardNotFound, PaymentErrors } from './errors';
import type {
  CardRecord,
  DisputeRecord,
  LedgerOverview,
  PostgresAdminViews,
  PostgresDisputeStore,
  PostgresReversalStore,
} from './ledger';
import { type LoadView, loadViews } from './reversals/views';

const HOUR_MS = 3_600_000;
export const OVERVIEW_HOURS = 168;
const DEFAULT_PAGE = 50;
const MAX_PAGE = 200;
/** A page's cursor: the last id of the previous page, digits only. */
const CURSOR = /^[1-9][0-9]{0,17}$/;

function pageOf(page: { limit?: number; cursor?: string }): { limit: number; after: number } {
  const limit = page.limit || DEFAULT_PAGE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) {
    throw invalidArgument(PaymentErrors.INVALID_PAGE, `limit must be 1 to ${MAX_PAGE}`);
  }
  if (page.cursor && !CURSOR.test(page.cursor)) {
    throw invalidArgument(PaymentErrors.INVALID_PAGE, 'cursor must be the next of a previous page');
  }
  return { limit, after: Number(page.cursor || 0) };
}

/** One more row than asked tells whether a next page exists; `next` is the last shown id. */
function paged<T extends { id: number }>(rows: T[], limit: number): { items: T[]; next: string } {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  return { items, next: more ? String(items.at(-1)?.id) : '' };
}

export interface AdminCardView {
  card: CardRecord;
  disputes: DisputeRecord[];
  loads: LoadView[];
  /** The cursor of the next (older) page of loads; '' on the last. */
  loadsNext: string;
}

export class AdminLedgerViews {
  constructor(
    private readonly deps: {
      views: PostgresAdminViews;
      reversals: PostgresReversalStore;
      disputes: PostgresDisputeStore;
      clock?: () => Date;
    },
  ) {}

  /** The overview's 168 hours from `startMs` (a whole hour; 0: the 7 days ending with this hour). */
  async overview(startMs: number): Promise<LedgerOverview & { startMs: number }> {
    const now = (this.deps.clock?.() ?? new Date()).getTime();
    const start =
      startMs > 0 ? Math.floor(startMs / HOUR_MS) * HOUR_MS : Math.floor(now / HOUR_MS) * HOUR_MS - 167 * HOUR_MS;
    return { ...(await this.deps.views.overview(start, OVERVIEW_HOURS)), startMs: start };
  }

  /** Any owner's cards, oldest first. */
  async cardsOf(ownerId: string, page: { limit?: number; cursor?: string }) {
    if (!ownerId || ownerId.length > 256) throw invalidArgument(PaymentErrors.INVALID_PAGE, 'owner is required');
    const { limit, after } = pageOf(page);
    const { items, next } = paged(await this.deps.views.cardsOf(ownerId, after, limit + 1), limit);
    return { cards: items, next };
  }

  /** Any card with its disputes and a page of its loads, newest first (cursor: loads older than it). */
  async card(cardId: number, page: { limit?: number; cursor?: string }): Promise<AdminCardView> {
    const { limit, after } = pageOf(page);
    const card = await this.deps.views.cardById(cardId);
    if (!card) throw cardNotFound();
    const [rows, disputes] = await Promise.all([
      this.deps.views.loadsOf(card.id, after, limit + 1),
      this.deps.disputes.listDisputes(card.id),
    ]);
    const { items, next } = paged(rows, limit);
    const reversals = await this.deps.reversals.listReversals(items.map((l) => l.id));
    return { card, disputes, loads: loadViews(items, reversals, disputes), loadsNext: next };
  }

  /** Disputes newest first: every one, or only open ones (not closed). */
  async disputes(status: 'open' | '', page: { limit?: number; cursor?: string }) {
    const { limit, after } = pageOf(page);
    const { items, next } = paged(await this.deps.views.disputes(status === 'open', after, limit + 1), limit);
    return { disputes: items, next };
  }
}
