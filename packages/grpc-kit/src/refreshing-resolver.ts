import * as grpc from '@grpc/grpc-js';

/**
 * A long-lived channel asks DNS again every DNS_REFRESH_INTERVAL_MS, whether or not a connection
 * closed, so a replica added after a client resolved its service (`docker compose up --scale`, a
 * Deployment scaled out, a replica whose record came a moment late) gets calls within about that long.
 *
 * Why: grpc-js's DNS resolver answers only when its channel asks, and a round_robin channel asks only
 * when one of its connections closes. Until then a client kept to the replicas it first found, up to a
 * server's maximum connection age (5 minutes). A lookup every 30 s per channel costs next to nothing,
 * and an answer that names the same replicas changes nothing: their connections are kept.
 */
export const DNS_REFRESH_INTERVAL_MS = 30_000;

/** The scheme createClient dials a `dns:` target with: grpc-js's own DNS resolver, asked again on a timer. */
export const REFRESHED_DNS_SCHEME = 'dns-refreshed';

/** Channel option: the refresh interval of one channel in ms (tests shorten it). */
export const REFRESH_INTERVAL_OPTION = 'gatehouse.resolver_refresh_ms';

type ResolverClass = (new (
  target: grpc.experimental.GrpcUri,
  listener: grpc.experimental.ResolverListener,
  options: grpc.ChannelOptions,
) => grpc.experimental.Resolver) & { getDefaultAuthority(target: grpc.experimental.GrpcUri): string };

/**
 * A resolver that hands every resolution to the resolver registered for `innerScheme` (grpc-js's
 * `dns`, or a test's own) and asks it again every `intervalMs` (or the channel's
 * REFRESH_INTERVAL_OPTION) while its channel lives. The timer never holds the process open.
 */
export function refreshingResolver(innerScheme: string, intervalMs: number): ResolverClass {
  return class RefreshingResolver implements grpc.experimental.Resolver {
    private readonly inner: grpc.experimental.Resolver;
    private readonly every: number;
    private timer: NodeJS.Timeout | undefined;

    constructor(
      target: grpc.experimental.GrpcUri,
      listener: grpc.experimental.ResolverListener,
      options: grpc.ChannelOptions,
    ) {
      this.inner = grpc.experimental.createResolver({ ...target, scheme: innerScheme }, listener, options);
      this.every = Number(options[REFRESH_INTERVAL_OPTION] ?? intervalMs);
    }

    updateResolution(): void {
      // Started by the channel's first resolution, and again after an idle channel (grpc-js destroys its
      // resolver after 30 idle minutes and, at the next call, asks the same one again).
      if (!this.timer) {
        this.timer = setInterval(() => this.inner.updateResolution(), this.every);
        this.timer.unref();
      }
      this.inner.updateResolution();
    }

    destroy(): void {
      clearInterval(this.timer);
      this.timer = undefined;
      this.inner.destroy();
    }

    /** The `:authority` of calls: the target's host and port, as for grpc-js's own DNS resolver. */
    static getDefaultAuthority(target: grpc.experimental.GrpcUri): string {
      return target.path;
    }
  };
}

grpc.experimental.registerResolver(REFRESHED_DNS_SCHEME, refreshingResolver('dns', DNS_REFRESH_INTERVAL_MS));

/** The target a long-lived client dials for `target`: a `dns:` one through the refreshing resolver. */
export function refreshedTarget(target: string): string {
  return target.startsWith('dns:') ? `${REFRESHED_DNS_SCHEME}:${target.slice('dns:'.length)}` : target;
}
