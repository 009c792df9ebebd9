// Every process exits 0 on SIGTERM or SIGINT, also when a second signal arrives while it drains (Ctrl-C
// reaches every process of the terminal's group and `pnpm start` then sends SIGTERM; orchestrators repeat
// theirs). With `process.once` the second signal met Node's default action: death by signal mid-drain.
import { spawn } from 'node:child_process';
import path from 'node:path';

function start() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'shutdown-signal.fixture.ts')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const ready = new Promise<void>((resolve) =>
    child.stdout.on('data', () => {
      if (out.includes('"ready"')) resolve();
    }),
  );
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, ready, exited, output: () => out };
}

test.each([
  ['SIGTERM', 'SIGTERM'],
  ['SIGINT', 'SIGTERM'],
  ['SIGTERM', 'SIGINT'],
] as const)(
  '%s, then %s while draining: exit 0, stopped once',
  async (first, second) => {
    const p = start();
    await p.ready;
    p.child.kill(first);
    // The second signal once the first one's stop is under way (two signals pending at once are one).
    while (!p.output().includes('letting calls under way answer')) await new Promise((r) => setTimeout(r, 10));
    p.child.kill(second);
    expect(await p.exited).toEqual({ code: 0, signal: null });
    expect(p.output().match(/letting calls under way answer/g)).toHaveLength(1);
    expect(p.output()).not.toMatch(/"level":50/);
  },
  20_000,
);
