// A TCP proxy in front of Postgres that can lose a connection exactly at a COMMIT, as a network
// failure or a failover does: either before the COMMIT reaches the server (nothing committed) or after
// the server committed, before its answer reaches the client (committed, and the client cannot know).
import net from 'node:net';

/** Where the next COMMIT's connection is cut. */
export type Cut = 'before-commit' | 'after-commit';

export interface CommitCutter {
  /** The URL to give the client: `url` with this proxy's host and port. */
  url: string;
  /** Cuts the connection of the next COMMIT, once. */
  arm(cut: Cut): void;
  /** How many connections were cut so far. */
  readonly cuts: number;
  close(): Promise<void>;
}

/** Query ('Q') from the client or CommandComplete ('C') from the server, whose text is `COMMIT`. */
function hasCommit(chunk: Buffer, type: 'Q' | 'C'): boolean {
  const text = Buffer.from('COMMIT\0');
  for (let at = chunk.indexOf(text); at >= 5; at = chunk.indexOf(text, at + 1)) {
    if (chunk[at - 5] === type.charCodeAt(0) && chunk.readInt32BE(at - 4) === 4 + text.length) return true;
  }
  return false;
}

export async function startCommitCutter(url: string): Promise<CommitCutter> {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  let armed: Cut | undefined;
  let cuts = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    const cut = () => {
      armed = undefined;
      cuts += 1;
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      if (armed === 'before-commit' && hasCommit(chunk, 'Q')) return cut();
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (armed === 'after-commit' && hasCommit(chunk, 'C')) return cut();
      client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as net.AddressInfo).port);
  return {
    url: proxied.toString(),
    arm(cut) {
      armed = cut;
    },
    get cuts() {
      return cuts;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
