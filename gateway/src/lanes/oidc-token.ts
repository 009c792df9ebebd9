// POST /oidc/token, the OpenID provider's hottest endpoint (every refresh of every relying party comes
// here), handed to the auth service by the HTTP server before Koa. The token endpoint is an API: no
// browser session, no navigation, a form body. The lane takes a form body of a declared length and
// nothing else (another type, a chunked or encoded body, a query, another path or method: Koa's route),
// and hands it over exactly as Koa's route does, with the same shared code (routes/oidc/exchange.ts):
// the same headers in, the same headers out, the same deadline; what is Koa's own (X-Request-Id,
// nosniff, a failure's `{"error"}` and status, the access line) is answer.ts's.
//
// Why: a profile of refresh-token grants put a third of the gateway's CPU in Koa's machinery around the
// gRPC call (context, middleware chain, router, body iterator, promise hooks under trace context).
import type http from 'node:http';
import { describeCallError, type PromiseClient } from '@gatehouse/grpc-kit';
import { type Logger, runInTrace, traceFrom } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import { isGrpcError } from '../middleware/errors';
import { DEADLINE_MS, forEachAnswerHeader, MAX_BODY, providerRequestHeaders } from '../routes/oidc/exchange';
import { accessLine, answerBug, clientLeft, JSON_TYPE, writeAnswer } from './answer';
import type { Lane } from './lane';
import { clientAddress, requestBody } from './request';

/** The route as Koa's router names it, for the request metrics. */
export const OIDC_TOKEN_ROUTE = '/oidc/{*rest}';
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;\s*charset="?utf-8"?\s*)?$/i;

export interface OidcTokenLaneDeps {
  oidc: PromiseClient<auth.OidcServiceClient>;
  /** How many reverse proxies append to X-Forwarded-For (GATEWAY_TRUSTED_PROXIES), as Koa counts them. */
  trustedProxies: number;
  log: Logger;
  /** The request metrics: called when a request is taken, its result when the answer is written. */
  track?: () => (status: number) => void;
}

export function oidcTokenLane(deps: OidcTokenLaneDeps): Lane {
  return (req, res) => {
    if (req.method !== 'POST' || req.url !== '/oidc/token') return false;
    const headers = req.headers;
    if (headers['content-encoding'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    const type = headers['content-type'];
    if (type === undefined || !FORM_TYPE.test(type)) return false;
    const length = Number(headers['content-length']);
    if (!(length >= 0 && length <= MAX_BODY)) return false;
    const startMs = performance.now();
    const answered = deps.track?.();
    const trace = traceFrom(headers.traceparent);
    runInTrace(trace, () => {
      exchange(deps, req, res, startMs, trace.traceId)
        .catch((err: unknown) =>
          answerBug(deps.log, req, res, err, {
            requestId: trace.traceId,
            headers: [],
            body: JSON.stringify({ error: 'internal error' }),
          }),
        )
        .then((status) => answered?.(status))
        .catch(() => {}); // metrics never fail an answer, nor the process
    });
    return true;
  };
}

async function exchange(
  deps: OidcTokenLaneDeps,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  startMs: number,
  requestId: string,
): Promise<number> {
  const body = await requestBody(req);
  if (body === undefined) return clientLeft(deps.log, req, res, startMs);
  let answer: auth.OidcHttpResponse__Output;
  try {
    answer = await deps.oidc.http(
      {
        method: 'POST',
        url: '/oidc/token',
        headers: providerRequestHeaders(req.headers),
        body,
        clientIp: clientAddress(req, deps.trustedProxies),
        sessionToken: '',
      },
      { deadlineMs: DEADLINE_MS },
    );
  } catch (err) {
    // As Koa's errorHandler: the gRPC status through grpc-kit's one table; only a bug is rethrown.
    if (!isGrpcError(err)) throw err;
    const failure = describeCallError(err);
    if (failure.httpStatus >= 500) deps.log.error({ err, method: 'POST', url: req.url }, 'request failed');
    const status = failure.httpStatus;
    writeAnswer(res, {
      status,
      requestId,
      headers: [],
      type: JSON_TYPE,
      body: JSON.stringify({ error: failure.message }),
    });
    accessLine(deps.log, req, status, startMs);
    return status;
  }
  const raw: string[] = [];
  forEachAnswerHeader(
    answer.headers,
    (name, value) => raw.push(name, value),
    (cookie) => raw.push('Set-Cookie', cookie),
  );
  const status = answer.status || 200;
  writeAnswer(res, { status, requestId, headers: raw, body: Buffer.from(answer.body) });
  accessLine(deps.log, req, status, startMs);
  return status;
}
