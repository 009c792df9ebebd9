// How the development processor routes a request: the answers a route can give, what it is called
// with, and the table lookup (paths below /merchants/<merchant id>, `:name` segments as parameters).
import type { DevState } from './transactions';

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
  /** The query string's parameters (a search's `page`). */
  query: URLSearchParams;
  answer: Answer;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT';
  /** Below /merchants/<merchant id>; a `:name` segment matches one path segment. */
  path: string;
  handle(call: RouteCall): void;
}

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
