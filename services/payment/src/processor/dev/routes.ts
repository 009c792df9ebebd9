// The development processor's Braintree API: one table of the routes the braintree SDK calls (paths
// under /merchants/<merchant id>), each with the handler that answers it as the gateway would.
import { type DevState, sell, withOrderId } from './transactions';
import {
  clientTokenXml,
  declinedXml,
  type GatewayTransaction,
  searchIdsXml,
  searchPageXml,
  transactionXml,
  validationXml,
} from './wire';

/** Answers with XML (the gateway's documents), a bare status, or a protocol violation (400, recorded). */
export interface Answer {
  xml(status: number, body: string): void;
  status(status: number): void;
  /** A request the real gateway's protocol does not allow: 400, and listed in `violations`. */
  violation(problem: string): void;
  /** The connection dropped without an answer (a fault). */
  reset(): void;
}

export interface RouteCall {
  state: DevState;
  /** The JSON body, null when there is none. */
  body: unknown;
  /** The path's `:name` segments. */
  params: Record<string, string>;
  answer: Answer;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT';
  /** Below /merchants/<merchant id>; a `:name` segment matches one path segment. */
  path: string;
  handle(call: RouteCall): void;
}

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
  return approved ? answer.xml(201, transactionXml(stored)) : answer.xml(422, declinedXml(stored));
}

/** What a search by order id finds: the SDK's `transaction.search(s => s.orderId().is(...))`. */
function matching({ state, body, answer }: RouteCall): GatewayTransaction[] | undefined {
  const search = (body as { search?: { order_id?: { is?: unknown } } } | null)?.search;
  if (typeof search?.order_id?.is !== 'string') {
    answer.violation(`search without order_id.is: ${JSON.stringify(body)}`);
    return undefined;
  }
  if (state.searchFaults.shift() === 'server-error') {
    serverError(answer);
    return undefined;
  }
  return withOrderId(state, search.order_id.is);
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
];

/**
 * The route for `method` and `path` (below the merchant's prefix) with its parameters; `wrong-method`
 * when the path is served with another method only, undefined when no route has that path.
 */
export function findRoute(
  routes: readonly Route[],
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | 'wrong-method' | undefined {
  let pathMatched = false;
  for (const route of routes) {
    const params = matchPath(route.path, path);
    if (!params) continue;
    if (route.method === method) return { route, params };
    pathMatched = true;
  }
  return pathMatched ? 'wrong-method' : undefined;
}

function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith(':')) {
      // Transaction ids are [A-Za-z0-9_-] (the SDK refuses others before sending): nothing to decode.
      if (!/^[A-Za-z0-9_-]+$/.test(g)) return undefined;
      params[w.slice(1)] = g;
    } else if (w !== g) return undefined;
  }
  return params;
}
