import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import type { ClientReadableStream } from '@grpc/grpc-js';

export interface EndedSessionsFeedOptions {
  /** Opens the auth service's WatchEndedSessions stream. */
  open: () => ClientReadableStream<auth.EndedSession__Output>;
  /** A session ended (at any gateway): refuse its tokens until `untilMs`. */
  onEnded: (jti: string, untilMs: number) => void;
  log: Logger;
  minRetryMs?: number;
  maxRetryMs?: number;
}

const JTI = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Keeps this gateway told of every session ended by logout, wherever it happened, so a copied token is
 * refused here at once and not only at the gateway that handled the logout. The stream is long-lived and
 * has no deadline by design; when it breaks (auth restarting, network), it is opened again with a
 * growing delay (1 s doubling to 5 s), and the auth service starts each stream with the full recent list, so nothing is lost
 * but the time it was down, during which tokens are refused only where the logout happened.
 */
export class EndedSessionsFeed {
  private call: ClientReadableStream<auth.EndedSession__Output> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private retryMs: number;
  private stopped = true;
  private connected = false;
  /** The last stream was closed in order (an auth replica draining); warn only if the next one fails. */
  private closedInOrder = false;

  constructor(private readonly options: EndedSessionsFeedOptions) {
    this.retryMs = options.minRetryMs ?? 1000;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.call?.cancel();
    this.call = undefined;
  }

  private connect(): void {
    const { log } = this.options;
    const call = this.options.open();
    this.call = call;
    let done = false;
    call.on('metadata', () => {
      this.retryMs = this.options.minRetryMs ?? 1000;
      if (!this.connected) log.info('watching ended sessions');
      this.connected = true;
      this.closedInOrder = false;
    });
    call.on('data', (ended: auth.EndedSession__Output) => {
      const untilMs = Number(ended.untilUnixMs);
      if (JTI.test(ended.jti) && Number.isFinite(untilMs)) this.options.onEnded(ended.jti, untilMs);
    });
    const broken = (reason: string, inOrder: boolean) => {
      if (done) return;
      done = true;
      if (this.stopped || this.call !== call) return;
      if (inOrder && this.connected) {
        // An auth replica drains (a deploy, a scale-down, Ctrl-C on the whole stack): routine, and the
        // next stream goes to a replica still up. Only if that one fails is the feed really lost.
        log.info('auth closed the ended sessions stream; opening it again');
        this.closedInOrder = true;
      } else if (this.connected || this.closedInOrder) {
        log.warn({ reason }, 'ended sessions stream lost; logouts elsewhere count here at exp');
        this.closedInOrder = false;
      }
      this.connected = false;
      this.timer = setTimeout(() => this.connect(), this.retryMs);
      this.timer.unref();
      // At most 5 s: while the stream is down, logouts at other gateways count here only at the tokens'
      // exp, and an attempt at an auth service still down costs one refused stream.
      this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? 5000);
    };
    // A stream ends with 'error' (a status other than OK) or 'end' (the server closed it, e.g. on shutdown).
    call.on('error', (err: Error) => broken(err.message, false));
    call.on('end', () => broken('closed by the auth service', true));
  }
}
