import { Agent, request } from 'undici';
import { deliveryBody, signedHeaders } from './signing';
import { ForbiddenTargetError, guardedLookup, literalAddressProblem } from './ssrf';

export interface DeliveryTarget {
  url: string;
  /** The current secret first, then one being rotated out. */
  secrets: string[];
}

export interface DeliveredEvent {
  id: string;
  type: string;
  time: Date;
  /** The workload that wrote it: the trail's `source` (its writer's database role). */
  source: string;
  data: unknown;
}

/** What one attempt came to. */
export interface AttemptResult {
  ok: boolean;
  status: number | null;
  /** A short reason for a failure (never the receiver's body beyond the cap). */
  error: string | null;
  /** Seconds a 429 or 503 asked to wait (Retry-After). */
  retryAfterSeconds: number | null;
  /** The receiver said 410 Gone: the endpoint is disabled. */
  gone: boolean;
  durationMs: number;
}

export interface SenderOptions {
  timeoutMs?: number;
  /** WEBHOOK_ALLOW_PRIVATE: private and loopback targets allowed (development and tests). */
  allowPrivate?: boolean;
  /** How much of an answer is read (the rest is dropped). */
  maxAnswerBytes?: number;
}

/**
 * Sends signed deliveries. HTTP agents whose connections resolve names through the range check (unless
 * allowPrivate); redirects are not followed (undici's request follows none), the answer is read up to
 * a small cap, and every attempt has a deadline. One agent (and so one set of connections) per endpoint
 * URL, not per origin: two endpoints of one host (a relay's tenants, say) never wait in one queue, so a
 * receiver that holds its requests open delays no other endpoint (issue 43). Endpoints are made by
 * admins, so there are few.
 */
export class WebhookSender {
  private readonly agents = new Map<string, Agent>();
  private readonly timeoutMs: number;
  private readonly maxAnswerBytes: number;

  constructor(private readonly options: SenderOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.maxAnswerBytes = options.maxAnswerBytes ?? 4096;
  }

  private agentFor(url: string): Agent {
    let agent = this.agents.get(url);
    if (!agent) {
      agent = new Agent({
        connect: { timeout: this.timeoutMs, ...(this.options.allowPrivate ? {} : { lookup: guardedLookup }) },
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        connections: 8,
      });
      this.agents.set(url, agent);
    }
    return agent;
  }

  async send(target: DeliveryTarget, event: DeliveredEvent, now = new Date()): Promise<AttemptResult> {
    const started = Date.now();
    const failed = (error: string, status: number | null = null): AttemptResult => ({
      ok: false,
      status,
      error,
      retryAfterSeconds: null,
      gone: false,
      durationMs: Date.now() - started,
    });
    let url: URL;
    try {
      url = new URL(target.url);
    } catch {
      return failed('not a URL');
    }
    const literal = this.options.allowPrivate ? null : literalAddressProblem(url);
    if (literal) return failed(new ForbiddenTargetError(literal).message);
    const body = deliveryBody(event);
    try {
      const answer = await request(url, {
        method: 'POST',
        dispatcher: this.agentFor(target.url),
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Gatehouse-Webhooks/1',
          ...signedHeaders(event.id, body, target.secrets, now),
        },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await drain(answer.body, this.maxAnswerBytes);
      const status = answer.statusCode;
      if (status >= 200 && status < 300)
        return {
          ok: true,
          status,
          error: null,
          retryAfterSeconds: null,
          gone: false,
          durationMs: Date.now() - started,
        };
      const retryAfter = status === 429 || status === 503 ? retryAfterSeconds(answer.headers['retry-after']) : null;
      return { ...failed(`HTTP ${status}`, status), retryAfterSeconds: retryAfter, gone: status === 410 };
    } catch (err) {
      const e = err as { code?: string; name?: string; message?: string; cause?: { code?: string; message?: string } };
      if (e.name === 'TimeoutError' || e.code === 'UND_ERR_HEADERS_TIMEOUT') return failed('timeout');
      const code = e.cause?.code ?? e.code;
      if (code === 'EFORBIDDENTARGET') return failed(e.cause?.message ?? e.message ?? 'forbidden target');
      return failed(code ? `connection failed: ${code}` : `connection failed: ${e.message ?? 'unknown'}`);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.agents.values()].map((agent) => agent.close()));
    this.agents.clear();
  }
}

/** Reads at most `cap` bytes of the answer, then drops the connection's rest. */
async function drain(body: AsyncIterable<Buffer> & { destroy(): void }, cap: number): Promise<void> {
  let read = 0;
  for await (const chunk of body) {
    read += chunk.length;
    if (read >= cap) {
      body.destroy();
      return;
    }
  }
}

function retryAfterSeconds(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - Date.now()) / 1000));
}
