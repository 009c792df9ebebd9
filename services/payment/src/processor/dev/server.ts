import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_DOCUMENT_BYTES, readMultipart } from './evidence';
import { postNotification } from './notify';
import { GATEWAY_ROUTES } from './routes';
import { type Answer, findRoute } from './routing';
import { postDiscrepancy } from './settlement-routes';
import { type DevSale, type DevState, newState, sell } from './transactions';
import { document, XML_CONTENT_TYPE } from './wire';

/**
 * The development processor: a Braintree gateway on 127.0.0.1 that speaks the wire protocol of the
 * real `braintree` SDK (JSON requests with Basic auth and `X-ApiVersion: 6`, XML answers), issues
 * client tokens, decides sales by the sandbox's test nonces and amounts (./sandbox.ts) and finds them
 * again by order id, as reconciliation searches. It moves no money. The payment service runs it with
 * PAYMENT_DEV_PROCESSOR; tests run it to stand in for Braintree, with faults injected.
 *
 * This file is its HTTP edge (credentials, body cap, protocol checks); ./routes.ts is the table of the
 * API's routes and ./transactions.ts what it remembers. Every request is checked against the protocol;
 * what does not match is answered 400 and listed in `violations`, so a test sees the SDK (or our use
 * of it) drift. Beside the API, `POST /dev/notifications` (./notify.ts) makes a signed notification
 * and posts it where Braintree would (the gateway's route), so the whole flow can be tried locally.
 */

export interface DevProcessorOptions {
  /** The port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  merchantId?: string;
  publicKey?: string;
  privateKey?: string;
  /** Keep every request in `requests` (tests read them); off by default, since it grows without end. */
  recordRequests?: boolean;
  /** PAYMENT_DEV_SETTLE_AFTER: sales settle this long after they were made; unset, only when told to. */
  settleAfterMs?: number;
  /** PAYMENT_DEV_WEBHOOK_URL: where POST /dev/notifications posts what it signs. */
  webhookUrl?: string;
}

export interface DevProcessor extends DevState {
  /** `http://127.0.0.1:<port>`, for PROCESSOR_GATEWAY_URL. */
  url: string;
  port: number;
  /**
   * Decides a sale and keeps it, as a sale request does once its body is valid (faults are the
   * caller's): the HTTP handler and the in-process client (./in-process.ts) both sell through here.
   */
  sell(nonce: string, amount: string, orderId: string): DevSale;
  close(): Promise<void>;
  /** An outage (tests): the port stops listening (connections are refused) until acceptConnections. */
  refuseConnections(): Promise<void>;
  acceptConnections(): Promise<void>;
}

/** The largest request body read (Braintree's own requests are a few kB). */
const MAX_BODY = 1024 * 1024;

export async function startDevProcessor(options: DevProcessorOptions = {}): Promise<DevProcessor> {
  const state = newState(
    {
      merchantId: options.merchantId ?? 'dev_merchant',
      publicKey: options.publicKey ?? 'dev_public',
      privateKey: options.privateKey ?? 'dev_private',
    },
    options.settleAfterMs,
  );
  const expectedAuth = `Basic ${Buffer.from(`${state.publicKey}:${state.privateKey}`).toString('base64')}`;
  const merchantPath = `/merchants/${state.merchantId}`;

  const answerTo = (res: http.ServerResponse): Answer => ({
    xml(status, body) {
      res.writeHead(status, { 'Content-Type': XML_CONTENT_TYPE });
      res.end(document(body));
    },
    status(status) {
      res.writeHead(status, status === 500 ? { 'Content-Type': 'application/xml' } : {});
      res.end();
    },
    violation(problem) {
      state.violations.push(problem);
      res.writeHead(400, { 'Content-Type': 'text/plain' });
      res.end(problem);
    },
    reset: () => res.socket?.destroy(),
  });

  const route = async (req: http.IncomingMessage, res: http.ServerResponse, bytes: Buffer) => {
    const url = req.url ?? '';
    const [path = '', search = ''] = url.split('?', 2);
    const answer = answerTo(res);
    // Document uploads come as multipart (the SDK's postMultipart); everything else as JSON.
    const multipart = path === `${merchantPath}/document_uploads`;
    let body: unknown = null;
    if (multipart) {
      body = await readMultipart(String(req.headers['content-type']), bytes);
      if (!body) return answer.violation('document upload is not multipart/form-data');
    } else {
      const raw = bytes.toString('utf8');
      try {
        body = raw === '' ? null : JSON.parse(raw);
      } catch {
        return answer.violation(`body is not JSON: ${raw.slice(0, 80)}`);
      }
    }
    if (options.recordRequests)
      state.requests.push({ method: req.method ?? '', path: url, headers: req.headers, body });
    if (req.headers['x-apiversion'] !== '6') return answer.violation(`X-ApiVersion ${req.headers['x-apiversion']}`);
    if (!String(req.headers.accept).includes('application/xml')) {
      return answer.violation(`Accept ${req.headers.accept}`);
    }
    if (!multipart && !String(req.headers['content-type']).includes('application/json')) {
      return answer.violation(`Content-Type ${req.headers['content-type']}`);
    }
    const found = path.startsWith(`${merchantPath}/`)
      ? findRoute(GATEWAY_ROUTES, req.method ?? '', path.slice(merchantPath.length))
      : undefined;
    if (found === 'wrong-method') return answer.violation(`${req.method} ${path}`);
    if (!found) return answer.status(404);
    found.route.handle({ state, body, params: found.params, query: new URLSearchParams(search), answer });
  };

  // Credentials first, then at most MAX_BODY bytes: a stranger's body is never read, and nobody's
  // body grows the process (a 200 MB post once took payment from 108 MB to 694 MB).
  const refuse = (res: http.ServerResponse, status: number) => {
    res.writeHead(status, { Connection: 'close' }).end();
  };
  const server = http.createServer((req, res) => {
    // The development lane: no credentials (loopback only, and it moves no money), its own checks.
    if ((req.url ?? '').split('?')[0] === '/dev/settlement/discrepancies') return postDiscrepancy(state, req, res);
    if ((req.url ?? '').startsWith('/dev/')) return postNotification(state, options.webhookUrl, req, res);
    if (req.headers.authorization !== expectedAuth) {
      if (options.recordRequests) {
        state.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: null });
      }
      return refuse(res, 401);
    }
    // A document upload may carry a file of up to 4 MB (Braintree's limit), and its multipart framing.
    const cap = (req.url ?? '').endsWith('/document_uploads') ? MAX_DOCUMENT_BYTES + 64 * 1024 : MAX_BODY;
    if (Number(req.headers['content-length'] ?? 0) > cap) return refuse(res, 413);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > cap) {
        req.removeAllListeners('data').removeAllListeners('end');
        return refuse(res, 413);
      }
      chunks.push(c);
    });
    req.on('end', () => void route(req, res, Buffer.concat(chunks)));
  });

  // Loopback only, always: it approves anything that names a test nonce.
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  const stopListening = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  // The very object the handlers read, so a test's changes (faults, slowMs) reach them.
  return Object.assign(state, {
    sell: (nonce: string, amount: string, orderId: string) => sell(state, nonce, amount, orderId),
    url: `http://127.0.0.1:${port}`,
    port,
    close: stopListening,
    refuseConnections: stopListening,
    acceptConnections: () => listen(port),
  });
}
