import { redactSecrets, redactUrl } from '@gatehouse/logger';
import type { Attributes, AttributeValue } from '@opentelemetry/api';
import type { ExportResult } from '@opentelemetry/core';
import type { tracing } from '@opentelemetry/sdk-node';

// Attributes that hold a URL or a piece of one (http.url, http.target, url.full, url.path, url.query,
// http.route, rpc paths...), a header, or a statement: the log redaction applies to them as to URLs.
const URL_LIKE = /(^|\.)(url|target|path|route|full|uri|host)(\.|$)|location|referer/i;
const QUERY_LIKE = /(^|\.)query(\.|$)/i;
const HEADER_LIKE = /(^|\.)header(\.|$)|headers/i;
// Headers whose whole value is a credential.
const CREDENTIAL_HEADER = /authorization|cookie|x-jwt|xsrf|api-key|token/i;

function redactString(key: string, value: string): string {
  if (HEADER_LIKE.test(key) && CREDENTIAL_HEADER.test(key)) return '[redacted]';
  // url.query is the query without its `?`.
  if (QUERY_LIKE.test(key)) return redactUrl(`?${value}`).slice(1);
  if (URL_LIKE.test(key) || value.includes('?')) return redactUrl(value);
  return redactSecrets(value);
}

function redactValue(key: string, value: AttributeValue | undefined): AttributeValue | undefined {
  if (typeof value === 'string') return redactString(key, value);
  if (Array.isArray(value)) {
    return value.map((v) => (typeof v === 'string' ? redactString(key, v) : v)) as AttributeValue;
  }
  return value;
}

/**
 * The attributes fit for export: every string (and string array) value redacted as the logs redact
 * URLs (secret query parameters by name, JWT-shaped values and Bot API tokens anywhere), credential
 * headers dropped whole. Applied to every attribute, not a list of known ones, so an instrumentation's
 * new attribute name cannot let a secret through.
 */
export function redactAttributes(attributes: Attributes): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) out[key] = redactValue(key, value);
  return out;
}

/** The span as exported: its own attributes and those of its events redacted, the rest as it was. */
export function redactSpan(span: tracing.ReadableSpan): tracing.ReadableSpan {
  // A view over the span (its methods and other fields through the prototype), so nothing is copied
  // that the exporter may read and the live span is never changed.
  return Object.create(span, {
    name: { value: redactSecrets(span.name) },
    attributes: { value: redactAttributes(span.attributes) },
    events: {
      value: span.events.map((event) =>
        event.attributes ? { ...event, attributes: redactAttributes(event.attributes) } : event,
      ),
    },
  }) as tracing.ReadableSpan;
}

/**
 * Wraps the OTLP exporter: every span of every instrumentation (inbound and outbound HTTP, gRPC,
 * undici, Redis, Postgres, the gateway's before-Koa answers) passes here on its way out, so redaction
 * happens in one place and nothing can slip past it.
 */
export class RedactingExporter implements tracing.SpanExporter {
  constructor(private readonly inner: tracing.SpanExporter) {}

  export(spans: tracing.ReadableSpan[], done: (result: ExportResult) => void): void {
    this.inner.export(spans.map(redactSpan), done);
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}
