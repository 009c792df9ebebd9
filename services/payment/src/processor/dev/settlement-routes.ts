// The settlement half of the development processor's API: Braintree's `POST /settlement_batch_summary`
// (./routes.ts mounts it) and, on the development lane, `POST /dev/settlement/discrepancies
// {"kind", "transaction_id"?}`, which injects one discrepancy for reconciliation to find. The lane's
// guards are notify.ts's: loopback Host, a JSON body, a small cap, no credentials.
import type http from 'node:http';
import type { RouteCall } from './routing';
import { DISCREPANCY_KINDS, type DiscrepancyKind, injectDiscrepancy, summaryXml } from './settlement';
import type { DevState } from './transactions';
import { validationXml } from './wire';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TRANSACTION_ID = /^[A-Za-z0-9_-]{1,64}$/;
const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;
const MAX_BODY = 4096;

/** `settlementBatchSummary.generate({settlementDate})`: 82301 without a date, 82302 for a bad one. */
export function settlementBatchSummary({ state, body, answer }: RouteCall) {
  const request = (body as { settlement_batch_summary?: Record<string, unknown> } | null)?.settlement_batch_summary;
  if (!request) return answer.violation('settlement_batch_summary body without "settlement_batch_summary"');
  if (request.group_by_custom_field !== undefined) {
    return answer.violation('group_by_custom_field: the development processor keeps no custom fields');
  }
  const date = request.settlement_date;
  const refuse = (code: string, message: string) =>
    answer.xml(422, validationXml([{ scope: 'transaction', attribute: 'settlement_date', code, message }], '0.00'));
  if (date === undefined || date === '') return refuse('82301', 'Settlement Date is required');
  if (typeof date !== 'string' || !DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    return refuse('82302', 'Settlement Date is invalid');
  }
  answer.xml(200, summaryXml(state, date));
}

type Reply = (status: number, body: Record<string, unknown>) => void;

/** POST /dev/settlement/discrepancies. */
export function postDiscrepancy(state: DevState, req: http.IncomingMessage, res: http.ServerResponse) {
  const reply: Reply = (status, body) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  if (req.method !== 'POST') return reply(405, { error: 'use POST' });
  if (!LOOPBACK_HOST.test(req.headers.host ?? '')) return reply(403, { error: 'loopback only' });
  if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
    return reply(415, { error: 'the body must be JSON (Content-Type: application/json)' });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (c: Buffer) => {
    size += c.length;
    if (size > MAX_BODY) {
      req.removeAllListeners('data').removeAllListeners('end');
      reply(413, { error: 'body too large' });
      return;
    }
    chunks.push(c);
  });
  req.on('end', () => {
    let body: { kind?: unknown; transaction_id?: unknown } | null;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return reply(400, { error: 'the body is not JSON' });
    }
    const kind = body?.kind;
    const id = body?.transaction_id;
    if (typeof kind !== 'string' || !(DISCREPANCY_KINDS as readonly string[]).includes(kind)) {
      return reply(400, { error: `kind must be one of ${DISCREPANCY_KINDS.join(', ')}` });
    }
    if (id !== undefined && (typeof id !== 'string' || !TRANSACTION_ID.test(id) || kind === 'missing')) {
      return reply(400, { error: 'transaction_id, when given, is the id of one of its sales (not for "missing")' });
    }
    const done = injectDiscrepancy(state, kind as DiscrepancyKind, id as string | undefined);
    if ('error' in done) return reply(404, { error: done.error });
    reply(200, { kind, transaction_id: done.transactionId });
  });
}
