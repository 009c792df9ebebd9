import type { Metrics } from '@gatehouse/metrics';
import * as grpc from '@grpc/grpc-js';
import { presentCredential } from './access';
import { channelOptions, channelTarget } from './channel';
import { outgoingDeadline } from './deadline';
import type { InternalAuth } from './internal-auth';
import { clientMetrics } from './metrics';
import { traceInterceptor } from './trace';

/** Every outgoing call has a deadline; this one when the caller names none. */
export const DEFAULT_DEADLINE_MS = 2000;

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
  } = {},
): ClientHandle<C> {
  const raw = new Ctor(channelTarget(address), grpc.credentials.createInsecure(), {
    ...channelOptions(Ctor.service),
    interceptors: [
      ...(defaults.metrics ? [clientMetrics(defaults.metrics)] : []),
      ...(defaults.credential ? [presentCredential(defaults.credential.auth, defaults.credential.audience)] : []),
      traceInterceptor,
    ],
  });
  const defaultDeadline = defaults.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const call = new Proxy({} as PromiseClient<C>, {
    get(_target, prop) {
      const method = (raw as unknown as Record<string | symbol, unknown>)[prop];
      if (typeof method !== 'function') return undefined;
      return (request: unknown, options: CallOptions = {}) =>
        new Promise((resolve, reject) => {
          const deadline = outgoingDeadline(options.deadlineMs ?? defaultDeadline);
          method.call(
            raw,
            request,
            options.metadata ?? new grpc.Metadata(),
            { deadline },
            (err: unknown, res: unknown) => (err ? reject(err) : resolve(res)),
          );
        });
    },
  });
  return { call, raw, close: () => raw.close() };
}
