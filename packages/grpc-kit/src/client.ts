import type { Metrics } from '@gatehouse/metrics';
import * as grpc from '@grpc/grpc-js';
import { presentCredential } from './access';
import { channelOptions, channelTarget, retryableMethods } from './channel';
import { outgoingDeadline } from './deadline';
import { callNeverSent } from './errors';
import type { InternalAuth } from './internal-auth';
import { clientMetrics } from './metrics';
import { refreshedTarget } from './refreshing-resolver';
import { traceInterceptor } from './trace';

/** Every outgoing call has a deadline; this one when the caller names none. */
export const DEFAULT_DEADLINE_MS = 2000;
/**
 * A read-only call (its proto marks it NO_SIDE_EFFECTS or IDEMPOTENT) that could not be sent because no
 * replica was connected waits this long at most for the channel to connect, then is sent once more:
 * after a restart the channel dials again within its reconnect backoff (channel.ts, at most 1 s), and a
 * read in that window would otherwise fail although the service is back. A call that may have run is
 * never sent again here, and neither is a write: that is the caller's decision.
 */
export const RECONNECT_WAIT_MS = 1_500;
/** What is left of the deadline for the call itself after waiting; with less left it does not wait. */
const MIN_CALL_MS = 250;

export interface CallOptions {
  deadlineMs?: number;
  metadata?: grpc.Metadata;
}

/** The unary methods of a generated client, as promise-returning functions with a deadline. */
export type PromiseClient<C> = {
  [K in keyof C as K extends Uncapitalize<K & string> ? K : never]: C[K] extends (
    argument: infer Req,
    callback: grpc.requestCallback<infer Res>,
  ) => grpc.ClientUnaryCall
    ? (request: Req, options?: CallOptions) => Promise<Res>
    : never;
};

type ClientConstructor<C> = (new (
  address: string,
  credentials: grpc.ChannelCredentials,
  options?: grpc.ClientOptions,
) => C) & { service?: grpc.ServiceDefinition };

export interface ClientHandle<C> {
  call: PromiseClient<C>;
  raw: C;
  close(): void;
}

/**
 * Opens a client to `address` (host:port, or a gRPC target such as `dns:///auth:50051`; plaintext:
 * services talk on a private network) over a load-balanced channel (channel.ts), and wraps its unary
 * methods so that each call returns a promise and carries a deadline, never later than the deadline of
 * the call being answered.
 */
export function createClient<C extends grpc.Client>(
  Ctor: ClientConstructor<C>,
  address: string,
  defaults: {
    deadlineMs?: number;
    /** Internal authentication: this process's credential, presented to `audience` on every call. */
    credential?: { auth: InternalAuth; audience: string };
    /** Counts and times every call by service, method and status. */
    metrics?: Metrics;
    /** Options added to the channel factory's (tests: a shorter resolver refresh). */
    channelOptions?: grpc.ChannelOptions;
  } = {},
): ClientHandle<C> {
  // Long-lived: DNS is asked again every 30 s, so replicas added later are found (refreshing-resolver.ts).
  const raw = new Ctor(refreshedTarget(channelTarget(address)), grpc.credentials.createInsecure(), {
    ...channelOptions(Ctor.service),
    ...defaults.channelOptions,
    interceptors: [
      ...(defaults.metrics ? [clientMetrics(defaults.metrics)] : []),
      ...(defaults.credential ? [presentCredential(defaults.credential.auth, defaults.credential.audience)] : []),
      traceInterceptor,
    ],
  });
  const defaultDeadline = defaults.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const readOnly = readOnlyMethodNames(Ctor.service);
  /** Whether the channel connected by `until` (epoch ms). */
  const connected = (until: number) =>
    new Promise<boolean>((resolve) => raw.waitForReady(until, (err) => resolve(err === undefined || err === null)));
  const call = new Proxy({} as PromiseClient<C>, {
    get(_target, prop) {
      const method = (raw as unknown as Record<string | symbol, unknown>)[prop];
      if (typeof method !== 'function') return undefined;
      const send = (request: unknown, metadata: grpc.Metadata | undefined, deadline: number) =>
        new Promise((resolve, reject) => {
          method.call(raw, request, metadata ?? new grpc.Metadata(), { deadline }, (err: unknown, res: unknown) =>
            err ? reject(err) : resolve(res),
          );
        });
      if (typeof prop !== 'string' || !readOnly.has(prop)) {
        return (request: unknown, options: CallOptions = {}) =>
          send(request, options.metadata, outgoingDeadline(options.deadlineMs ?? defaultDeadline));
      }
      return async (request: unknown, options: CallOptions = {}) => {
        const deadline = outgoingDeadline(options.deadlineMs ?? defaultDeadline);
        try {
          return await send(request, options.metadata, deadline);
        } catch (err) {
          const waitUntil = Math.min(Date.now() + RECONNECT_WAIT_MS, deadline - MIN_CALL_MS);
          if (!callNeverSent(err) || waitUntil <= Date.now() || !(await connected(waitUntil))) throw err;
          // The interceptors wrote into the first try's metadata; the second gets its own.
          return send(request, options.metadata?.clone(), deadline);
        }
      };
    },
  });
  return { call, raw, close: () => raw.close() };
}

/** The client's method names (both spellings grpc-js gives them) of the service's read-only methods. */
function readOnlyMethodNames(service: grpc.ServiceDefinition | undefined): Set<string> {
  if (!service) return new Set();
  const readOnly = new Set(retryableMethods(service).map((m) => m.method));
  const names = new Set<string>();
  for (const [name, m] of Object.entries(service as Record<string, grpc.MethodDefinition<unknown, unknown>>)) {
    const method = m.path.split('/')[2] ?? '';
    if (!readOnly.has(method)) continue;
    names.add(name);
    if (m.originalName) names.add(m.originalName);
  }
  return names;
}
