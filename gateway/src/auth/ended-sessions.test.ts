import { Writable } from 'node:stream';
import { createClient } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { type auth, loadProto } from '@gatehouse/proto';
import { until } from '@gatehouse/test-kit/until';
import * as grpc from '@grpc/grpc-js';
import { EndedSessionsFeed } from './ended-sessions';

const AuthService = loadProto('auth').grpcObject.auth.v1.AuthService;
const log = createLogger({ name: 'test', level: 'silent' });

/** A gRPC server on loopback whose WatchEndedSessions sends `ended` and then stays open. */
async function watchServer(port: number, ended: auth.EndedSession[]): Promise<{ server: grpc.Server; port: number }> {
  const server = new grpc.Server();
  server.addService(AuthService.service, {
    WatchEndedSessions: (call: grpc.ServerWritableStream<unknown, auth.EndedSession>) => {
      call.sendMetadata(new grpc.Metadata());
      for (const e of ended) call.write(e);
    },
  });
  const bound = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  return { server, port: bound };
}

describe('EndedSessionsFeed', () => {
  it('passes on valid ends, and reconnects when the stream breaks', async () => {
    const endsAt = String(Date.now() + 60_000);
    const first = await watchServer(0, [
      { jti: 'aaaa', untilUnixMs: endsAt },
      { jti: 'not a jti!', untilUnixMs: endsAt },
    ]);
    const client = createClient<auth.AuthServiceClient>(AuthService, `127.0.0.1:${first.port}`);
    const heard: [string, number][] = [];
    const feed = new EndedSessionsFeed({
      open: () => client.raw.watchEndedSessions({}),
      onEnded: (jti, untilMs) => heard.push([jti, untilMs]),
      log,
      minRetryMs: 50,
    });
    let second: { server: grpc.Server } | undefined;
    try {
      feed.start();
      await until(() => heard.length > 0, { everyMs: 20 });
      expect(heard).toEqual([['aaaa', Number(endsAt)]]);

      // The auth service goes away and comes back on the same address: the feed opens a new stream.
      first.server.forceShutdown();
      await new Promise((r) => setTimeout(r, 200));
      second = await watchServer(first.port, [{ jti: 'cccc', untilUnixMs: endsAt }]);
      await until(() => heard.length > 1, { everyMs: 20 });
      expect(heard.map(([jti]) => jti)).toEqual(['aaaa', 'cccc']);
    } finally {
      feed.stop();
      client.close();
      first.server.forceShutdown();
      second?.server.forceShutdown();
    }
  });

  it('takes an auth replica closing the stream in order as routine, and warns only if the next stream fails', async () => {
    const endsAt = String(Date.now() + 60_000);
    // The first stream is closed in order (a replica draining), the second refused, the third stays open.
    let streams = 0;
    const server = new grpc.Server();
    server.addService(AuthService.service, {
      WatchEndedSessions: (call: grpc.ServerWritableStream<unknown, auth.EndedSession>) => {
        streams += 1;
        if (streams === 2) {
          call.emit('error', { code: grpc.status.UNAVAILABLE, details: 'shutting down' });
          return;
        }
        call.sendMetadata(new grpc.Metadata());
        if (streams === 1) setTimeout(() => call.end(), 20);
        else call.write({ jti: 'dddd', untilUnixMs: endsAt });
      },
    });
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) =>
        err ? reject(err) : resolve(p),
      ),
    );
    const lines: { level: number; msg: string }[] = [];
    const destination = new Writable({
      write(chunk, _encoding, next) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        next();
      },
    });
    const client = createClient<auth.AuthServiceClient>(AuthService, `127.0.0.1:${port}`);
    const heard: string[] = [];
    const feed = new EndedSessionsFeed({
      open: () => client.raw.watchEndedSessions({}),
      onEnded: (jti) => heard.push(jti),
      log: createLogger({ name: 'test', destination }),
      minRetryMs: 50,
    });
    try {
      feed.start();
      await until(() => heard.length > 0, { everyMs: 20 });
      expect(heard).toEqual(['dddd']);
      expect(streams).toBe(3);
      const WARN = 40;
      expect(lines.map((l) => [l.level >= WARN ? 'warn' : 'info', l.msg])).toEqual([
        ['info', 'watching ended sessions'],
        ['info', 'auth closed the ended sessions stream; opening it again'],
        ['warn', 'ended sessions stream lost; logouts elsewhere count here at exp'],
        ['info', 'watching ended sessions'],
      ]);
    } finally {
      feed.stop();
      client.close();
      server.forceShutdown();
    }
  });
});
