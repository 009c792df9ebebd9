import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import * as grpc from '@grpc/grpc-js';
import type { Sessions } from '../sessions/sessions';
import type { EndedSession } from '../stores/revocations';

type WatchCall = grpc.ServerWritableStream<auth.WatchEndedSessionsRequest__Output, auth.EndedSession>;

/**
 * The WatchEndedSessions stream, one per gateway: the recent list, then every new end. Keeps the open
 * calls so that shutdown can end them; otherwise a graceful stop would wait for every gateway to hang up.
 */
export class EndedSessionStreams {
  private readonly calls = new Set<WatchCall>();

  constructor(
    private readonly sessions: Sessions,
    private readonly log: Logger,
  ) {}

  readonly handler: grpc.handleServerStreamingCall<auth.WatchEndedSessionsRequest__Output, auth.EndedSession> = (
    call,
  ) => {
    this.calls.add(call);
    let open = true;
    let stopWatching = () => {};
    const finish = () => {
      if (!open) return;
      open = false;
      this.calls.delete(call);
      stopWatching();
    };
    call.on('cancelled', finish);
    call.on('error', finish);
    call.on('finish', finish);
    const send = (ended: EndedSession) => {
      if (open) call.write({ jti: ended.jti, untilUnixMs: String(ended.untilMs) });
    };
    this.sessions.watchEnded(send).then(
      ({ recent, stop }) => {
        if (!open) return stop();
        stopWatching = stop;
        // Headers only once the watch works: the gateway takes them as "connected" and resets its retry
        // delay, which must keep growing while the store is down.
        call.sendMetadata(new grpc.Metadata());
        for (const ended of recent) send(ended);
      },
      (err: unknown) => {
        this.log.warn({ err }, 'ended sessions unavailable');
        if (open) call.emit('error', { code: grpc.status.UNAVAILABLE, details: 'ended sessions unavailable' });
        finish();
      },
    );
  };

  /** Ends every open stream; gateways reconnect (to another instance, or to this one restarted). */
  closeAll(): void {
    for (const call of [...this.calls]) call.end();
    this.calls.clear();
  }
}
