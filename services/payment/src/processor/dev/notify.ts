// POST /dev/notifications {"kind", "transaction_id", "amount"?, "deliver"?}: the development processor
// makes a notification as Braintree would (a dispute opened, won, lost... on one of its sales), signs it
// with its own keys, posts it to the gateway's route (PAYMENT_DEV_WEBHOOK_URL) as Braintree posts its
// webhooks, and answers {"bt_signature", "bt_payload", "status"}: the gateway's status, so a notification
// can also be sent again as it was. `"deliver": false` signs without posting (status null).
//
// No credentials: the port is on 127.0.0.1 only and moves no money. What a web page on this machine
// could still do is kept out: a JSON body only (a cross-site form cannot send one without a preflight
// this server never answers), a Host of loopback only (DNS rebinding names another), a capped body.
import type http from 'node:http';
import { NOTIFICATION_KINDS, notificationSubject, signNotification } from './disputes';
import type { DevState } from './transactions';

const MAX_BODY = 4096;
/** The deadline on posting to the gateway. */
const DELIVERY_TIMEOUT_MS = 10_000;
const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;
const TRANSACTION_ID = /^[A-Za-z0-9_-]{1,64}$/;

type Reply = (status: number, body: Record<string, unknown>, headers?: Record<string, string>) => void;

export function postNotification(
  state: DevState,
  webhookUrl: string | undefined,
  req: http.IncomingMessage,
  res: http.ServerResponse,
) {
  const reply: Reply = (status, body, headers = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
    res.end(JSON.stringify(body));
  };
  if ((req.url ?? '').split('?')[0] !== '/dev/notifications') return reply(404, { error: 'not found' });
  if (req.method !== 'POST') return reply(405, { error: 'use POST' }, { Allow: 'POST' });
  if (!LOOPBACK_HOST.test(req.headers.host ?? '')) return reply(403, { error: 'loopback only' });
  if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
    return reply(415, { error: 'the body must be JSON (Content-Type: application/json)' });
  }
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) return reply(413, { error: 'body too large' });
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (c: Buffer) => {
    size += c.length;
    if (size > MAX_BODY) {
      req.removeAllListeners('data').removeAllListeners('end');
      reply(413, { error: 'body too large' }, { Connection: 'close' });
      return;
    }
    chunks.push(c);
  });
  req.on('end', () => {
    void notify(state, webhookUrl, Buffer.concat(chunks).toString('utf8'), reply);
  });
}

async function notify(state: DevState, webhookUrl: string | undefined, raw: string, reply: Reply): Promise<void> {
  let body: { kind?: unknown; transaction_id?: unknown; amount?: unknown; deliver?: unknown };
  try {
    body = JSON.parse(raw);
  } catch {
    return reply(400, { error: 'the body is not JSON' });
  }
  const { kind, transaction_id: transactionId, amount, deliver } = body ?? {};
  if (typeof kind !== 'string' || !NOTIFICATION_KINDS.includes(kind)) {
    return reply(400, { error: `kind must be one of ${NOTIFICATION_KINDS.join(', ')}` });
  }
  if (kind !== 'check' && (typeof transactionId !== 'string' || !TRANSACTION_ID.test(transactionId))) {
    return reply(400, { error: 'transaction_id must be the id of one of its sales' });
  }
  if (amount !== undefined && (typeof amount !== 'string' || !/^\d{1,10}\.\d{2}$/.test(amount))) {
    return reply(400, { error: 'amount, when given, is the disputed amount with two decimals ("10.00")' });
  }
  if (deliver !== undefined && typeof deliver !== 'boolean') return reply(400, { error: 'deliver is true or false' });
  const subject = notificationSubject(state, kind, String(transactionId ?? ''), amount as string | undefined);
  if (subject === undefined) return reply(404, { error: `no sale ${String(transactionId)}` });
  const signed = signNotification(state, kind, subject);
  if (deliver === false) return reply(200, { ...signed, status: null });
  if (!webhookUrl) return reply(200, { ...signed, status: null, error: 'no webhook URL to post to' });
  try {
    // As Braintree posts its webhooks: a form with the two fields.
    const answer = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...signed }).toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await answer.arrayBuffer();
    reply(200, { ...signed, status: answer.status });
  } catch (err) {
    reply(502, { ...signed, status: null, error: `could not post to ${webhookUrl}: ${(err as Error).message}` });
  }
}
