import { useExportedTrace } from '@gatehouse/logger';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { RedactingExporter } from './redact';

/**
 * Starts the OpenTelemetry Node SDK: spans of HTTP (server and client), gRPC (server and client, W3C
 * traceparent in the metadata), Postgres, Redis and fetch, exported by OTLP over HTTP to
 * OTEL_EXPORTER_OTLP_ENDPOINT (`/v1/traces` is appended). The standard OTEL_* variables tune it
 * (OTEL_TRACES_SAMPLER, OTEL_BSP_SCHEDULE_DELAY, OTEL_EXPORTER_OTLP_HEADERS, ...). Metrics stay with
 * Prometheus and logs with stdout, so their OTLP exporters are off unless asked for.
 */
export function startSdk(serviceName: string): () => Promise<void> {
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({
    serviceName,
    // Span attributes carry URLs, targets and queries: redacted as the logs are before they leave.
    traceExporter: new RedactingExporter(new OTLPTraceExporter()),
    // The same W3C header the gateway reads and grpc-kit sends when spans are not exported.
    textMapPropagator: new W3CTraceContextPropagator(),
    instrumentations: [
      // Health checks and metrics scrapes are not traces anyone follows.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => req.url === '/metrics' }),
      new GrpcInstrumentation({ ignoreGrpcMethods: ['Check', 'Watch', 'ServerReflectionInfo'] }),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  // Log lines and X-Request-Id name the span the instrumentations made active.
  useExportedTrace(() => {
    const context = trace.getActiveSpan()?.spanContext();
    if (!context || !isSpanContextValid(context)) return undefined;
    return {
      traceId: context.traceId,
      spanId: context.spanId,
      flags: context.traceFlags.toString(16).padStart(2, '0'),
    };
  });
  return () => sdk.shutdown();
}
