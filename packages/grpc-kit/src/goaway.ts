import http2 from 'node:http2';
import type * as grpc from '@grpc/grpc-js';

/** grpc-js's own opaque data for the GOAWAY it sends at a connection's maximum age. */
const DRAIN_DATA = Buffer.from('max_age');
/** The highest stream id: every stream the client has already sent will be answered, none refused. */
const LAST_STREAM_ID = 2 ** 31 - 1;

/**
 * Sends GOAWAY (NO_ERROR) on every open connection of `server`, as grpc-js does at a connection's
 * maximum age, without closing them: clients move their next calls to other replicas, while the calls
 * under way run to their answers. grpc-js has no public call for this (its drain() also closes each
 * connection, so a client's last answers may race the close); it keeps its connections in `sessions`.
 */
export function sendGoaway(server: grpc.Server): number {
  const sessions = (server as unknown as { sessions?: Map<http2.ServerHttp2Session, unknown> }).sessions;
  let sent = 0;
  for (const session of sessions?.keys() ?? []) {
    if (session.closed || session.destroyed) continue;
    try {
      session.goaway(http2.constants.NGHTTP2_NO_ERROR, LAST_STREAM_ID, DRAIN_DATA);
      sent++;
    } catch {
      // Closed meanwhile: nothing to tell it.
    }
  }
  return sent;
}
