// The ports `pnpm start` is about to listen on, checked before anything starts: a port in use is one line
// naming it, the process that holds it when that can be found (Linux /proc), and what to do. Another
// `pnpm start` holding them all is one line, not one per port.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import net from 'node:net';

export interface WantedPort {
  port: number;
  host: string;
  /** Who listens there: "the gateway", "the embedded Postgres". */
  who: string;
  /** The setting that moves it. */
  setting: string;
}

export interface Holder {
  pid: number;
  command: string;
  /** The `pnpm start` it belongs to (itself, or an ancestor), if any. */
  startPid?: number;
}

export function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * The lines to print for the wanted ports that are in use; empty when every one is free. `ours` tells a
 * process of this checkout's stack by its command line.
 */
export async function portProblems(
  wanted: readonly WantedPort[],
  ours: (command: string) => boolean,
): Promise<string[]> {
  const busy: { wanted: WantedPort; holder?: Holder }[] = [];
  for (const w of wanted) if (!(await canListen(w.port, w.host))) busy.push({ wanted: w, holder: whoListens(w.port) });
  if (busy.length === 0) return [];
  const starts = new Set(busy.map((b) => b.holder?.startPid));
  const [onlyStart] = [...starts];
  if (starts.size === 1 && onlyStart !== undefined) {
    const ports = busy.map((b) => b.wanted.port).join(', ');
    return [
      `another \`pnpm start\` (pid ${onlyStart}) is running and holds port${busy.length > 1 ? 's' : ''} ${ports}: ` +
        `stop it first (Ctrl-C in its terminal, or kill ${onlyStart}); this start changed nothing`,
    ];
  }
  // Processes of this checkout whose `pnpm start` is gone (killed without its children): one line too.
  const leftOver = busy.map((b) => b.holder).filter((h): h is Holder => h !== undefined && ours(h.command));
  if (leftOver.length === busy.length) {
    const pids = [...new Set(leftOver.map((h) => h.pid))].join(' ');
    return [
      `processes of an earlier \`pnpm start\` of this checkout are still running (pids ${pids}) and hold ports ` +
        `${busy.map((b) => b.wanted.port).join(', ')}: stop them first (kill ${pids}); this start changed nothing`,
    ];
  }
  return busy.map(({ wanted: w, holder }) => {
    const by = holder ? ` by pid ${holder.pid} (${holder.command.slice(0, 80)})` : '';
    return `port ${w.port} (${w.who}) is in use${by}: stop that process, or set ${w.setting} to a free port`;
  });
}

/** The process listening on a TCP port, read from /proc; undefined where that cannot be found. */
export function whoListens(port: number): Holder | undefined {
  try {
    const inodes = new Set<string>();
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
        const cols = line.trim().split(/\s+/);
        // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN; the inode is the 10th column
        const [, local = '', , state, , , , , , inode = ''] = cols;
        if (state === '0A' && Number.parseInt(local.split(':')[1] ?? '', 16) === port) inodes.add(inode);
      }
    }
    if (inodes.size === 0) return undefined;
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      let fds: string[];
      try {
        fds = readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue; // another user's process, or gone
      }
      for (const fd of fds) {
        let target: string;
        try {
          target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          continue;
        }
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode))
          return { pid: Number(pid), command: commandOf(pid), startPid: startOf(Number(pid)) };
      }
    }
  } catch {
    // not Linux, or /proc is not readable: the port alone is named
  }
  return undefined;
}

function commandOf(pid: string | number): string {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return argv.join(' ');
  } catch {
    return 'unknown';
  }
}

/** The `pnpm start` process (scripts/start.js, or scripts/start.ts run by tsx) that is `pid` or one of its ancestors. */
function startOf(pid: number): number | undefined {
  for (let p = pid, hops = 0; p > 1 && hops < 10; hops++) {
    if (/scripts\/start(\.[jt]s|\/)/.test(commandOf(p)) && !commandOf(p).includes('postgres-runner')) return p;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ...": comm may hold spaces, so read after the last ')'
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      p = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      return undefined;
    }
  }
  return undefined;
}
