// main.ts's first import: with OTEL_EXPORTER_OTLP_ENDPOINT set, the SDK must patch grpc-js, http, pg,
// ioredis and undici before anything loads them; without it this loads nothing.
import { startTracing } from '@gatehouse/telemetry';

startTracing('gateway');
