// The development processor's routes for money that goes back: find, void and refund a transaction,
// the sandbox's settlement calls, and the dispute search, answered as Braintree's gateway answers them.
import { disputesSince } from './disputes';
import type { Answer, RouteCall } from './routing';
import { find, type Refusal, refund, simulateSettlement, voidSale } from './transactions';
import { disputesPageXml, type GatewayTransaction, transactionXml, validationXml } from './wire';

/** The SDK pages dispute searches by this many (its `page-size`). */
const DISPUTE_PAGE = 50;

const refused = (answer: Answer, r: Refusal, amount: string) => answer.xml(422, validationXml([r.error], amount));

/** `gateway.transaction.find(id)`. */
export function findTransaction({ state, params, answer }: RouteCall) {
  const t = find(state, params.id as string);
  return t ? answer.xml(200, transactionXml(t)) : answer.status(404);
}

/**
 * A void or a refund, with the test's fault for it: `server-error` and `hang` before it happens,
 * `apply-then-server-error` after (the answer is lost).
 */
function reverse(
  call: RouteCall,
  status: number,
  run: () => { kind: 'done'; transaction: GatewayTransaction } | Refusal,
) {
  const { state, params, answer } = call;
  const sale = find(state, params.id as string);
  if (!sale) return answer.status(404);
  const fault = state.reversalFaults.shift();
  if (fault === 'server-error') return answer.status(500);
  if (fault === 'hang') return; // never answers; close() destroys the socket
  const done = run();
  if (fault === 'apply-then-server-error') return answer.status(500);
  if (done.kind === 'refused') return refused(answer, done, sale.amount);
  answer.xml(status, transactionXml(done.transaction));
}

/** `gateway.transaction.void(id)`: PUT with no body. */
export function voidTransaction(call: RouteCall) {
  if (call.body !== null) return call.answer.violation(`void with a body: ${JSON.stringify(call.body)}`);
  reverse(call, 200, () => voidSale(call.state, call.params.id as string));
}

/** `gateway.transaction.refund(id, { amount, orderId })`. */
export function refundTransaction(call: RouteCall) {
  const t = (call.body as { transaction?: { amount?: unknown; order_id?: unknown } } | null)?.transaction ?? {};
  if (t.amount !== undefined && (typeof t.amount !== 'string' || !/^\d+\.\d{2}$/.test(t.amount))) {
    return call.answer.violation(`refund amount ${JSON.stringify(t.amount)} is not a two-decimal string`);
  }
  const orderId = typeof t.order_id === 'string' ? t.order_id : '';
  reverse(call, 201, () => refund(call.state, call.params.id as string, t.amount as string | undefined, orderId));
}

/** The sandbox's `gateway.testing.settle(id)` and its kin: PUT with no body, the transaction answered. */
export function settleAs(to: 'settled' | 'settlement_pending' | 'settlement_confirmed') {
  return ({ state, params, body, answer }: RouteCall) => {
    if (body !== null) return answer.violation(`settlement call with a body: ${JSON.stringify(body)}`);
    const done = simulateSettlement(state, params.id as string, to);
    if (!done) return answer.status(404);
    if (done.kind === 'refused') return refused(answer, done, '0.00');
    answer.xml(200, transactionXml(done.transaction));
  };
}

/** `gateway.dispute.search(s => s.effectiveDate().min(day))`, a page at a time. */
export function searchDisputes({ state, body, query, answer }: RouteCall) {
  const search = (body as { search?: Record<string, unknown> } | null)?.search;
  const min = (search?.effective_date as { min?: unknown } | undefined)?.min;
  if (!search || Object.keys(search).some((k) => k !== 'effective_date') || typeof min !== 'string') {
    return answer.violation(`dispute search the development processor does not answer: ${JSON.stringify(body)}`);
  }
  const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
  const all = disputesSince(state, min);
  const slice = all.slice((page - 1) * DISPUTE_PAGE, page * DISPUTE_PAGE);
  answer.xml(200, disputesPageXml(slice, all.length, DISPUTE_PAGE, page));
}
