// The development processor's Braintree API: one table of the routes the braintree SDK calls (paths
// under /merchants/<merchant id>), each with the handler that answers it as the gateway would.
import { acceptDispute, addEvidence, finalizeDispute, uploadDocument } from './evidence';
import { findTransaction, refundTransaction, searchDisputes, settleAs, voidTransaction } from './money-back-routes';
import type { Answer, Route, RouteCall } from './routing';
import { settlementBatchSummary } from './settlement-routes';
import { advance, sell, withOrderId } from './transactions';
import {
  clientTokenXml,
  declinedXml,
  type GatewayTransaction,
  searchIdsXml,
  searchPageXml,
  transactionXml,
  validationXml,
} from './wire';

const serverError = (answer: Answer) => answer.status(500);

function clientToken({ state, body, answer }: RouteCall) {
  const ct = (body as { client_token?: { version?: number } } | null)?.client_token;
  if (ct?.version !== 2) return answer.violation('client_token request without version 2');
  answer.xml(201, clientTokenXml(state.clientToken));
}

function sale({ state, body, answer }: RouteCall) {
  const t = (body as { transaction?: Record<string, unknown> } | null)?.transaction;
  if (!t) return answer.violation('transaction body without "transaction"');
  if (t.type !== 'sale') return answer.violation(`transaction type ${String(t.type)}, expected sale`);
  if (typeof t.amount !== 'string' || !/^\d+\.\d{2}$/.test(t.amount)) {
    return answer.violation(`amount ${JSON.stringify(t.amount)} is not a two-decimal string`);
  }
  const opts = t.options as Record<string, unknown> | undefined;
  if (opts?.submit_for_settlement !== true) return answer.violation('sale not submitted for settlement');
  if (typeof t.payment_method_nonce !== 'string') return answer.violation('no payment_method_nonce');

  const fault = state.faults.shift();
  if (fault === 'server-error') return serverError(answer);
  if (fault === 'hang') return; // never answers; close() destroys the socket
  if (fault === 'reset') return answer.reset();

  const sold = sell(state, t.payment_method_nonce, t.amount, typeof t.order_id === 'string' ? t.order_id : '');
  if (sold.kind === 'invalid') return answer.xml(422, validationXml(sold.errors, t.amount));
  const { transaction: stored, approved } = sold;
  // The charge happened, but its answer is lost on the way back.
  if (fault === 'charge-then-server-error') return serverError(answer);
  // The charge happens at once; its answer takes `slowMs` (a slow processor, for shutdown and outages).
  if (fault === 'charge-slowly' && approved) {
    setTimeout(() => answer.xml(201, transactionXml(stored)), state.slowMs);
    return;
  }
  if (fault === 'charge-held' && approved) {
    state.held.push(() => answer.xml(201, transactionXml(stored)));
    return;
  }
  return approved ? answer.xml(201, transactionXml(stored)) : answer.xml(422, declinedXml(stored));
}

/** The criteria the SDK's transaction searches send that the development processor answers. */
const SEARCH_KEYS = new Set(['order_id', 'type', 'created_at', 'ids']);

/**
 * What a transaction search finds: by order id (`s.orderId().is(...)`), type (`s.type().is('credit')`)
 * and creation time (`s.createdAt().min(date)`), as reconciliation searches.
 */
function matching({ state, body, answer }: RouteCall): GatewayTransaction[] | undefined {
  const search = (body as { search?: Record<string, unknown> } | null)?.search;
  const orderId = (search?.order_id as { is?: unknown } | undefined)?.is;
  const types = search?.type;
  const createdMin = (search?.created_at as { min?: unknown } | undefined)?.min;
  const createdMax = (search?.created_at as { max?: unknown } | undefined)?.max;
  const unknown = Object.keys(search ?? {}).filter((k) => !SEARCH_KEYS.has(k));
  const valid =
    search &&
    unknown.length === 0 &&
    (orderId === undefined || typeof orderId === 'string') &&
    (types === undefined || (Array.isArray(types) && types.every((t) => typeof t === 'string'))) &&
    (createdMin === undefined || !Number.isNaN(Date.parse(String(createdMin)))) &&
    (createdMax === undefined || !Number.isNaN(Date.parse(String(createdMax)))) &&
    (orderId !== undefined || types !== undefined || createdMin !== undefined);
  if (!valid) {
    answer.violation(`search the development processor does not answer: ${JSON.stringify(body)}`);
    return undefined;
  }
  if (state.searchFaults.shift() === 'server-error') {
    serverError(answer);
    return undefined;
  }
  const since = createdMin === undefined ? undefined : Date.parse(String(createdMin));
  const until = createdMax === undefined ? undefined : Date.parse(String(createdMax));
  const found =
    typeof orderId === 'string'
      ? withOrderId(state, orderId)
      : [...state.transactions.values()].map((t) => advance(state, t));
  return found.filter(
    // Braintree compares whole seconds: a transaction of the same second as `min` is found.
    (t) =>
      (!Array.isArray(types) || types.includes(t.type)) &&
      (since === undefined || t.createdMs >= since - 999) &&
      (until === undefined || t.createdMs <= until + 999),
  );
}

/** The first step of a search: the ids that match. */
function searchIds(call: RouteCall) {
  const found = matching(call);
  if (found) call.answer.xml(200, searchIdsXml(found.map((t) => t.id)));
}

/** The second step: the transactions of those ids. */
function searchPage(call: RouteCall) {
  const found = matching(call);
  if (!found) return;
  const ids = (call.body as { search: { ids?: unknown } }).search.ids;
  if (!Array.isArray(ids)) return call.answer.violation('advanced_search without ids');
  call.answer.xml(200, searchPageXml(found.filter((t) => ids.includes(t.id))));
}

/** Every route of the Braintree API the development processor serves. */
export const GATEWAY_ROUTES: readonly Route[] = [
  { method: 'POST', path: '/client_token', handle: clientToken },
  { method: 'POST', path: '/transactions', handle: sale },
  { method: 'POST', path: '/transactions/advanced_search_ids', handle: searchIds },
  { method: 'POST', path: '/transactions/advanced_search', handle: searchPage },
  { method: 'GET', path: '/transactions/:id', handle: findTransaction },
  { method: 'PUT', path: '/transactions/:id/void', handle: voidTransaction },
  { method: 'POST', path: '/transactions/:id/refund', handle: refundTransaction },
  // The sandbox's own settlement calls (gateway.testing.settle, settlementPending, settlementConfirm).
  { method: 'PUT', path: '/transactions/:id/settle', handle: settleAs('settled') },
  { method: 'PUT', path: '/transactions/:id/settlement_pending', handle: settleAs('settlement_pending') },
  { method: 'PUT', path: '/transactions/:id/settlement_confirm', handle: settleAs('settlement_confirmed') },
  { method: 'POST', path: '/disputes/advanced_search', handle: searchDisputes },
  { method: 'POST', path: '/settlement_batch_summary', handle: settlementBatchSummary },
  // Dispute evidence (./evidence.ts).
  { method: 'POST', path: '/disputes/:id/evidence', handle: addEvidence },
  { method: 'PUT', path: '/disputes/:id/accept', handle: acceptDispute },
  { method: 'PUT', path: '/disputes/:id/finalize', handle: finalizeDispute },
  { method: 'POST', path: '/document_uploads', handle: (call) => void uploadDocument(call) },
];
