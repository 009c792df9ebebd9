import type * as grpc from '@grpc/grpc-js';

/**
 * How every internal channel is dialled, in one place (docs/deployment.md "Scaling out"). A service name resolves to
 * every replica (`dns:///`, a headless Service on Kubernetes, compose's DNS under `--scale`), and calls
 * spread over all of them (`round_robin`) instead of sticking to the first address (`pick_first`).
 */

/** Pings a connection every 10 s and drops it when no answer comes within 5 s: a vanished peer is found fast. */
export const KEEPALIVE_TIME_MS = 10_000;
export const KEEPALIVE_TIMEOUT_MS = 5_000;
/**
 * DNS is asked again at most this often: when a connection closed (a replica drained, died, or reached
 * its maximum age) and every 30 s besides (refreshing-resolver.ts), so a scaled-up service is found
 * within about 30 s.
 */
export const DNS_MIN_RESOLUTION_INTERVAL_MS = 5_000;

/** Retries of a read-only call that met UNAVAILABLE (a replica going away): three tries, jittered backoff. */
const RETRY_POLICY = {
  maxAttempts: 3,
  initialBackoff: '0.1s',
  maxBackoff: '1s',
  backoffMultiplier: 2,
  retryableStatusCodes: ['UNAVAILABLE'],
};

/**
 * A gRPC target for an address from the configuration: `host:port` becomes `dns:///host:port`; a target
 * that names its scheme (`dns:`, `ipv4:`, `unix:`) is kept as it is.
 */
export function channelTarget(address: string): string {
  return /^[a-z][a-z0-9+.-]*:(?!\d+$)/i.test(address) ? address : `dns:///${address}`;
}

interface MethodWithOptions {
  path: string;
  options?: { idempotency_level?: string };
}

/**
 * The methods a client may retry: those its proto marks `option idempotency_level = NO_SIDE_EFFECTS`
 * (or IDEMPOTENT). A card load is never among them: its retry is the caller's, with its Idempotency-Key.
 */
export function retryableMethods(service: grpc.ServiceDefinition): Array<{ service: string; method: string }> {
  return Object.values(service as unknown as Record<string, MethodWithOptions>)
    .filter((m) => m.options?.idempotency_level === 'NO_SIDE_EFFECTS' || m.options?.idempotency_level === 'IDEMPOTENT')
    .map((m) => {
      const [, serviceName = '', method = ''] = m.path.split('/');
      return { service: serviceName, method };
    });
}

/** Channel options for a client of `service`: round_robin, retries of its read-only methods, keepalive, re-resolution. */
export function channelOptions(service: grpc.ServiceDefinition | undefined): grpc.ChannelOptions {
  const retryable = service ? retryableMethods(service) : [];
  const serviceConfig = {
    loadBalancingConfig: [{ round_robin: {} }],
    methodConfig: retryable.length > 0 ? [{ name: retryable, retryPolicy: RETRY_POLICY }] : [],
  };
  return {
    'grpc.service_config': JSON.stringify(serviceConfig),
    // The service config above is ours: a TXT record must not replace it.
    'grpc.service_config_disable_resolution': 1,
    'grpc.keepalive_time_ms': KEEPALIVE_TIME_MS,
    'grpc.keepalive_timeout_ms': KEEPALIVE_TIMEOUT_MS,
    // Clients ping only while calls are under way; the servers ping every connection, idle ones too, so a
    // vanished peer is still found. Client pings on idle connections as well took the idle gateway from
    // 0.2 % to 1 % of a core (measured), and the idle compose stack past its 3 % budget.
    'grpc.keepalive_permit_without_calls': 0,
    'grpc.dns_min_time_between_resolutions_ms': DNS_MIN_RESOLUTION_INTERVAL_MS,
    // A restarted service is dialled again within a second, not after grpc's default backoff (which
    // grows to two minutes): a short outage must not outlast its cause, and a read-only call waits for
    // the connection at most RECONNECT_WAIT_MS (client.ts). A dial a second per dead address is cheap.
    'grpc.initial_reconnect_backoff_ms': 250,
    'grpc.max_reconnect_backoff_ms': 1_000,
    'grpc.max_receive_message_length': 16 * 1024 * 1024,
  };
}
