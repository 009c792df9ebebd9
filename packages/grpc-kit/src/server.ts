import type { Logger } from '@gatehouse/logger';
import type { Metrics } from '@gatehouse/metrics';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import { HealthImplementation, protoPath as healthProtoPath } from 'grpc-health-check';
import { checkRules, guarded, type ServiceAccess } from './access';
import { AnsweringCalls } from './answering';
import { KEEPALIVE_TIME_MS, KEEPALIVE_TIMEOUT_MS } from './channel';
import { toServiceError } from './errors';
import { sendGoaway } from './goaway';
import { instrumented } from './metrics';
import { traced } from './trace';

/** How long shutdown waits, after the last call under way has answered, before it sends GOAWAY. */
const ANSWER_DELIVERY_MS = 100;

/**
 * A connection lives about this long (±10 %, grpc-js's jitter), then the server sends GOAWAY and the
 * client dials again, resolving DNS anew, so the load spreads again over the replicas there are (the
 * kit's clients also ask DNS every 30 s: refreshing-resolver.ts). Calls under way get the grace to finish.
 */
export const MAX_CONNECTION_AGE_MS = 300_000;
export const MAX_CONNECTION_AGE_GRACE_MS = 30_000;

/** Largest message a server accepts. */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

export interface ServiceRegistration {
  definition: grpc.ServiceDefinition;
  // biome-ignore lint/suspicious/noExplicitAny: grpc-js types handlers per service; the kit only passes them on
  implementation: grpc.UntypedServiceImplementation | any;
}

export interface GrpcServerOptions {
  name: string;
  /**
   * Internal authentication: every method of `services` checks its caller (health and reflection stay
   * open). Required when `host` is not loopback: an exposed server never runs unauthenticated.
   */
  access?: ServiceAccess;
  host: string;
  port: number;
  services: ServiceRegistration[];
  /** The package definitions the services come from, served by reflection so grpcurl and buf curl work. */
  definitions: protoLoader.PackageDefinition[];
  log: Logger;
  /**
   * The service's own dependencies (Postgres, Redis, ...). Health stays NOT_SERVING until this resolves
   * true, and is checked again every `healthIntervalMs`.
   */
  checkDependencies?: () => Promise<boolean>;
  healthIntervalMs?: number;
  /** Counts and times every call of `services` (health and reflection are not counted). */
  metrics?: Metrics;
  /** Overrides MAX_CONNECTION_AGE_MS (rebalance.test.ts shows a rebalance without waiting five minutes). */
  maxConnectionAgeMs?: number;
}

export interface RunningGrpcServer {
  port: number;
  server: grpc.Server;
  health: HealthImplementation;
  /**
   * The drain: NOT_SERVING, no new connections, GOAWAY on every open one (clients send their next calls
   * to other replicas), the calls under way answer (up to `graceMs`), then the rest is forced.
   */
  shutdown(graceMs?: number): Promise<void>;
  /** True once shutdown has begun: a service refuses work it could not finish (payment's loads). */
  readonly draining: boolean;
}

/** Starts a gRPC server with health (grpc.health.v1) and reflection next to the given services. */
export async function startGrpcServer(options: GrpcServerOptions): Promise<RunningGrpcServer> {
  const { log } = options;
  // Pictures up to 10 MiB travel in one message (avatar StoreContent); grpc-js's default is 4 MiB.
  const server = new grpc.Server({
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
    // Pings find peers that vanished without closing (a crashed host): their long-lived streams
    // (WatchEndedSessions) are then cancelled instead of buffering forever.
    'grpc.keepalive_time_ms': KEEPALIVE_TIME_MS,
    'grpc.keepalive_timeout_ms': KEEPALIVE_TIMEOUT_MS,
    'grpc.max_connection_age_ms': options.maxConnectionAgeMs ?? MAX_CONNECTION_AGE_MS,
    'grpc.max_connection_age_grace_ms': MAX_CONNECTION_AGE_GRACE_MS,
  });
  const loopback = options.host === '127.0.0.1' || options.host === '::1' || options.host === 'localhost';
  if (!options.access && !loopback) {
    throw new Error(
      `${options.name}: listening on ${options.host} needs internal authentication: set INTERNAL_KEYS_DIR (see the README)`,
    );
  }
  const answering = new AnsweringCalls();
  if (options.access)
    checkRules(
      options.access.rules,
      options.services.map((s) => s.definition),
    );
  for (const { definition, implementation } of options.services) {
    const guardedImpl = options.access ? guarded(definition, implementation, options.access) : implementation;
    const served = options.metrics ? instrumented(definition, guardedImpl, options.metrics) : guardedImpl;
    // Outermost, so the caller check's own log lines (refusals) name the trace too.
    server.addService(definition, answering.wrap(definition, traced(definition, served)));
  }
  const serviceNames = Object.values(options.services).flatMap(({ definition }) =>
    Object.values(definition).map((m) => m.path.split('/')[1] as string),
  );
  const statusMap = Object.fromEntries(['', ...new Set(serviceNames)].map((n) => [n, 'NOT_SERVING' as const]));
  const health = new HealthImplementation(statusMap);
  health.addToServer(server);
  // Health is listed by reflection too, so `grpcurl list` shows everything the server answers.
  const healthDefinition = protoLoader.loadSync(healthProtoPath);
  const reflectionDefs = Object.assign({}, healthDefinition, ...options.definitions) as protoLoader.PackageDefinition;
  new ReflectionService(reflectionDefs).addToServer(server);

  const boundPort = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${options.host}:${options.port}`, grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    );
  });

  let healthy: boolean | undefined;
  // The health state as a metric too, so an alert can name a service that runs but is not SERVING.
  const serving = options.metrics?.gauge(
    'gatehouse_grpc_serving',
    'gRPC health of this server: SERVING (1) or not (0)',
  );
  const check = async () => {
    let ok: boolean;
    try {
      ok = options.checkDependencies ? await options.checkDependencies() : true;
    } catch (err) {
      ok = false;
      log.warn({ err }, 'dependency check failed');
    }
    if (ok === healthy) return;
    healthy = ok;
    serving?.set(ok ? 1 : 0);
    for (const name of Object.keys(statusMap)) health.setStatus(name, ok ? 'SERVING' : 'NOT_SERVING');
    log.info({ serving: ok }, ok ? 'health: SERVING' : 'health: NOT_SERVING');
  };
  await check();
  const timer = setInterval(check, options.healthIntervalMs ?? 5000);
  timer.unref();

  log.info({ address: `${options.host}:${boundPort}` }, `${options.name} gRPC server listening`);

  let draining = false;
  return {
    port: boundPort,
    server,
    health,
    get draining() {
      return draining;
    },
    async shutdown(graceMs = 5000) {
      if (draining) return;
      draining = true;
      const deadline = Date.now() + graceMs;
      clearInterval(timer);
      serving?.set(0);
      for (const name of Object.keys(statusMap)) health.setStatus(name, 'NOT_SERVING');
      // No new connections: a client that dials again reaches another replica. Then GOAWAY on every
      // open connection, saying every stream already sent will be answered: clients start no new call
      // here, and under steady traffic the calls under way drain to none instead of being replaced.
      const host = options.host.includes(':') ? `[${options.host}]` : options.host;
      server.unbind(`${host}:${boundPort}`);
      sendGoaway(server);
      // The connections stay open until the calls under way have answered: closing one with a call
      // still open may drop the answer (grpc-js: "Connection dropped"). Then a moment for the last
      // answers to reach their clients.
      if (answering.count > 0) {
        log.info({ calls: answering.count }, 'letting calls under way answer before closing');
        await answering.settled(graceMs);
        await new Promise((r) => setTimeout(r, Math.min(ANSWER_DELIVERY_MS, Math.max(0, deadline - Date.now()))));
      }
      await new Promise<void>((resolve) => {
        const force = setTimeout(
          () => {
            server.forceShutdown();
            resolve();
          },
          Math.max(0, deadline - Date.now()),
        );
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      });
    },
  };
}

/**
 * Wraps async domain calls as grpc-js unary handlers: the result is the response, a thrown AppError
 * becomes its status, anything else INTERNAL with the cause logged (never sent).
 */
export function unaryHandler<Req, Res>(
  log: Logger,
  fn: (request: Req, call: grpc.ServerUnaryCall<Req, Res>) => Promise<Res>,
): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    fn(call.request, call).then(
      (res) => callback(null, res),
      (err: unknown) => {
        const status = toServiceError(err);
        if (status.code === grpc.status.INTERNAL) log.error({ err, method: call.getPath() }, 'call failed');
        callback(status as grpc.ServiceError);
      },
    );
  };
}

/** Runs `stop` once on SIGTERM or SIGINT, then exits. */
export function onShutdownSignal(log: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const began = Date.now();
    stop().then(
      () => {
        log.info({ ms: Date.now() - began }, 'stopped: what was under way finished, connections closed');
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // `on`, not `once`: a second signal while stopping (Ctrl-C reaches every process of the terminal's
  // group, then `pnpm start` sends SIGTERM; an orchestrator repeats its SIGTERM) must not meet Node's
  // default action, which ends the process by that signal in the middle of its drain.
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
