// What a started stack offers its tests: ports, output, and killing, restarting and adding processes.

export type ServiceName = 'auth' | 'avatar' | 'telegram-bot' | 'payment' | 'gateway';

export interface StackPorts {
  gateway: number;
  auth: number;
  avatar: number;
  telegram: number;
  payment: number;
  dev: number;
  /** The gateway's admin listener (ADMIN_ADDR): each stack its own, never the default 8081. */
  admin: number;
}

export interface Stack {
  ports: StackPorts;
  /** Each process's metrics port, when the stack was started with `metrics: true`. */
  metricsPorts?: Record<ServiceName, number>;
  url: string;
  env: Record<string, string>;
  dataDir: string;
  output(name: ServiceName): string;
  /**
   * A process's output once `done` holds for it (or `timeoutMs` passed, for the caller's assertions to
   * report): log lines reach this process through a pipe, possibly after the answer they belong to.
   */
  waitForOutput(name: ServiceName, done: (output: string) => boolean, timeoutMs?: number): Promise<string>;
  /** The OS process id of a started service. */
  pid(name: ServiceName): number | undefined;
  /** Kills one service (SIGKILL: a crash, no shutdown) or stops it (SIGTERM), and waits for it to exit. */
  kill(name: ServiceName, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a killed service again on its ports and waits until it answers. */
  restart(name: ServiceName): Promise<void>;
  /**
   * Starts one more gateway on its own port, talking to the same services (several-instance tests);
   * `metricsPort` gives it a metrics listener of its own, `env` more environment over the stack's
   * (LOG_LEVEL=debug: every request through Koa).
   */
  addGateway(options?: {
    metricsPort?: number;
    env?: Record<string, string>;
  }): Promise<{ url: string; adminUrl: string; output(): string; stop(): Promise<void> }>;
  /**
   * Starts one more replica of auth or payment on a gRPC port of its own (and, for auth, a development
   * login provider of its own), on the same database, Redis and keys: several-replica tests point an
   * addGateway() at it (AUTH_GRPC_ADDR, PAYMENT_GRPC_ADDR).
   */
  addReplica(
    name: 'auth' | 'payment',
    options?: { env?: Record<string, string> },
  ): Promise<{ address: string; output(): string; stop(): Promise<void> }>;
  stop(): Promise<void>;
}
